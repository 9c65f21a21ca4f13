// Review REV1 D6: signing in read the clock in an `assign` when the login answer had no stamp
// (`issued`: when it arrived, in server time, and the new login's id, put on it by the session's
// own login call). The session's call always stamps it; an answer without (a provided login actor
// that rebuilt it) no longer signs in, as an answer with a token not in the vault does not: the
// sign-in is a pure function of the answer.
import { createMemoryTokenStore } from 'pam-client';
import { sessionMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, transition, waitFor } from 'xstate';
import { servicesOf } from '../../machines/session/context';

async function signingIn() {
  const tokens = createMemoryTokenStore();
  const auth = { login: async () => ({}) } as never;
  const actor = createActor(sessionMachine, { input: { auth, tokens } }).start();
  await waitFor(actor, (s) => s.matches('signedOut'));
  const vault = servicesOf(actor.getSnapshot().context).vault;
  const snapshot = transition(sessionMachine, actor.getSnapshot(), {
    type: 'LOGIN',
    login: 'a@b.c',
    password: 'pw',
  })[0];
  actor.stop();
  const answer = (extra: object) => ({
    type: 'xstate.done.actor.login',
    output: {
      access_token: vault.put('t'),
      expires_in: 3600,
      token_type: 'Bearer',
      user: { id: 1 },
      ...extra,
    },
  });
  return { snapshot, answer };
}

describe('signing in takes its time from the answer (REV1 D6)', () => {
  it('a stamped answer signs in at the time and with the login id it carries', async () => {
    const { snapshot, answer } = await signingIn();
    const [next] = transition(sessionMachine, snapshot, answer({ issued: { at: 5_000, sid: 77 } }) as never);
    expect(next.matches('signedIn')).toBe(true);
    expect(next.context.savedAt).toBe(5_000);
    expect(next.context.expiresAt).toBe(5_000 + 3_600_000);
    expect(next.context.sid).toBe(77);
  });

  it('an answer without its stamp does not sign in (no clock read to date it)', async () => {
    const { snapshot, answer } = await signingIn();
    const [next, actions] = transition(sessionMachine, snapshot, answer({}) as never);
    expect(next.matches('signedIn')).toBe(false);
    expect(next.context.savedAt).toBeNull();
    expect(actions.map((a) => a.type)).not.toContain('writeSession');
  });
});
