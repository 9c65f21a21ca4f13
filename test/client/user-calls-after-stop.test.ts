import { AbortedError } from 'pam-client';
import { describe, expect, it, vi } from 'vitest';
import { signedInOnly } from '../../machines/client/signed-in-only';
import type { PamClient } from '../../machines/index';
import type { UserModule } from '../../src/index';
import { turns, until } from '../support/event-loop';
import { useUserCallClients } from '../support/user-call-clients';

// One rule for a user call without a running session: after `client.stop()` every call of
// `client.user` rejects at once `aborted` (as `client.http`'s and `client.auth`'s do), nothing
// sent and no layer run, whatever the session was doing when it stopped. Before, a client stopped
// signed out refused `unauthorized`, and one stopped signed in ran the call's layers down to the
// adapter: a pause or self-exclusion refused there was kept as accepted (maybe applied) in
// `localStorage`, barring the player's next page for a change never sent.

const { ctx, signIn, NAMES, CLIENTS, kept, argsOf, call } = useUserCallClients();

const AT_STOP: Record<string, (c: PamClient) => Promise<void>> = {
  'signed in': async () => {},
  'signed out': async (c) => {
    c.logout();
    await until(() => c.view.status === 'signedOut', 'signed out');
  },
};

describe('client.user after client.stop(): aborted at once, nothing sent, no layer run', () => {
  for (const [kind, make] of Object.entries(CLIENTS))
    for (const [when, end] of Object.entries(AT_STOP))
      it(`${kind}, stopped ${when}: every call rejects aborted`, async () => {
        const c = make();
        await signIn(c);
        const args = await argsOf(c);
        await end(c);
        c.stop();
        const before = ctx.server.requests.length;
        const stored = kept();
        for (const name of NAMES)
          for (const options of [[], [{}], [{ signal: new AbortController().signal }]]) {
            let outcome: unknown = 'pending';
            call(c, name, [...args.get(name)!, ...options]).then(
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
