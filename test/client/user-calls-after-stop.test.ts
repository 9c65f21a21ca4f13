import { AbortedError } from 'pam-client';
import { describe, expect, it, vi } from 'vitest';
import { signedInOnly } from '../../machines/client/session-facade';
import {
  createCustomPamClient,
  funnelEvents,
  operatorPreset,
  type PamClient,
  userModule,
} from '../../machines/index';
import type { UserModule } from '../../src/index';
import { usePamClients } from '../support/clients';
import { turns, until } from '../support/event-loop';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { useReferenceServer } from '../support/server';
import { USER_CALLS } from '../support/user-calls';

// One rule for a user call without a running session: after `client.stop()` every call of
// `client.user` rejects at once `aborted` (as `client.http`'s and `client.auth`'s do), nothing
// sent and no layer run, whatever the session was doing when it stopped. Before, a client stopped
// signed out refused `unauthorized`, and one stopped signed in ran the call's layers down to the
// adapter: a pause or self-exclusion refused there was kept as accepted (maybe applied) in
// `localStorage`, barring the player's next page for a change never sent.

const ctx = useReferenceServer({ reportStepMs: 0 });
const { client, keep, signIn } = usePamClients(ctx);
const storage = useMemoryLocalStorage();
const NAMES = Object.keys(USER_CALLS) as (keyof UserModule)[];

const CLIENTS: Record<string, () => PamClient> = {
  createPamClient: () => client(),
  'createCustomPamClient([userModule()])': () =>
    keep(
      createCustomPamClient({
        baseURL: ctx.server.url,
        timeout: 2000,
        flows: [userModule()],
        environment: { channel: null },
      }),
    ) as unknown as PamClient,
  'createPamClient with the funnel': () => client({ flows: funnelEvents(operatorPreset()) }),
};

const AT_STOP: Record<string, (c: PamClient) => Promise<void>> = {
  'signed in': async () => {},
  'signed out': async (c) => {
    c.logout();
    await until(() => c.view.status === 'signedOut', 'signed out');
  },
};

/** What `localStorage` holds now (the step-up count, accepted restrictions, ...). */
const kept = () => Object.fromEntries(storage.keys().map((k) => [k, globalThis.localStorage.getItem(k)]));

describe('client.user after client.stop(): aborted at once, nothing sent, no layer run', () => {
  for (const [kind, make] of Object.entries(CLIENTS))
    for (const [when, end] of Object.entries(AT_STOP))
      it(`${kind}, stopped ${when}: every call rejects aborted`, async () => {
        const c = make();
        await signIn(c);
        const args = new Map<string, unknown[]>();
        for (const name of NAMES)
          args.set(name, await USER_CALLS[name](c.user as UserModule, ctx.server.seed.plain.id));
        await end(c);
        c.stop();
        const before = ctx.server.requests.length;
        const stored = kept();
        const u = c.user as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
        for (const name of NAMES)
          for (const options of [[], [{}], [{ signal: new AbortController().signal }]]) {
            let outcome: unknown = 'pending';
            u[name]!(...args.get(name)!, ...options).then(
              () => {
                outcome = 'resolved';
              },
              (e: unknown) => {
                outcome = e;
              },
            );
            await turns(1);
            expect(outcome, name).toBeInstanceOf(AbortedError);
          }
        expect(ctx.server.requests.slice(before).map((r) => r.path)).toEqual([]);
        expect(kept()).toEqual(stored);
      });
});

describe('signedInOnly without a session actor at all', () => {
  it('refuses every call aborted, the call never made (it was let through)', async () => {
    const call = vi.fn(async () => 'sent');
    const user = Object.fromEntries(NAMES.map((name) => [name, call])) as unknown as UserModule;
    const u = signedInOnly(user, () => undefined) as unknown as Record<string, () => Promise<unknown>>;
    for (const name of NAMES) await expect(u[name]!(), name).rejects.toBeInstanceOf(AbortedError);
    expect(call).not.toHaveBeenCalled();
  });
});
