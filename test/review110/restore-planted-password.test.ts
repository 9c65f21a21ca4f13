// Review 110: a login snapshot stored by an older pam-client (or edited in localStorage) whose
// context holds the password as a plain string. `restoreActor` (machines/persistence.ts) copies a
// stored context key as it is (only a stored `error` that is not a PamError is dropped); the login
// machine's `passwordLost` guard keeps such a password from being sent, but the plain string stays
// in the restored actor's context: every snapshot, its JSON and the inspector show it. A secret
// that is not a `Secret` must not come back (fail closed: no password, the player types it again).
// No HTTP: the password is never sent (the auth module is never called).
import { createAuthModule, createOfetchAdapter } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { loginMachine } from '../../machines/loginMachine';
import { restoreActor } from '../../machines/persistence';

const PLAIN = 'Hunter2-plain-password-rev110';
// (Never called: a port nothing listens on, should it be.)
const auth = createAuthModule(createOfetchAdapter({ baseURL: 'http://127.0.0.1:9', retry: 0 }));

describe('review 110: a stored login snapshot with a plain-text password', () => {
  for (const value of ['twoFactorRequired', 'failed', 'idle'] as const)
    it(`restored in ${value}: the password is in no snapshot, frame or inspection event`, () => {
      const stored = {
        status: 'active',
        value,
        historyValue: {},
        children: {},
        context: {
          login: 'p@example.com',
          password: PLAIN,
          appSource: null,
          error: null,
          retryAt: null,
          rejectedCodes: 0,
          carried: 0,
        },
      };
      const seen: string[] = [];
      const actor = restoreActor(
        loginMachine,
        JSON.parse(JSON.stringify(stored)),
        { auth },
        {
          inspect: (e) => {
            try {
              seen.push(JSON.stringify((e as { snapshot?: unknown }).snapshot ?? null));
            } catch {}
          },
        },
      );
      actor.subscribe((s) => seen.push(JSON.stringify(s)));
      actor.start();
      actor.send({ type: 'SUBMIT_CODE', code: '123456' });
      seen.push(JSON.stringify(actor.getSnapshot()));
      expect(seen.filter((t) => t.includes(PLAIN)).length).toBe(0);
      actor.stop();
    });
});
