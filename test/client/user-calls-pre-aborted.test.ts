import { AbortedError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { useUserCallClients } from '../support/user-call-clients';

// A call whose `signal` is already aborted sends nothing, and must spend nothing either. Before,
// a sensitive change carrying `password_check` reserved one of the player's step-up attempts (kept:
// an abort may hide a password that reached the server) before the adapter refused the signal:
// three such calls, none sent, locked the player's step-up in every tab of the origin
// (`step_up_locked` for the next change with the right password). Now the client refuses the call
// before any layer runs: `aborted`, nothing sent, nothing kept.

const { ctx, signIn, NAMES, CLIENTS, kept, argsOf, call } = useUserCallClients({ prompt: true });

describe('client.user with a signal aborted before the call: aborted, nothing sent or spent', () => {
  for (const [kind, make] of Object.entries(CLIENTS))
    it(`${kind}: every call, three times each, then a change with the right password`, async () => {
      const c = make();
      await signIn(c);
      const args = await argsOf(c);
      const before = ctx.server.requests.length;
      const stored = kept();
      for (let i = 0; i < 3; i++)
        for (const name of NAMES)
          await expect(
            call(c, name, [...args.get(name)!, { signal: AbortSignal.abort() }]),
            name,
          ).rejects.toBeInstanceOf(AbortedError);
      expect(ctx.server.requests.slice(before).map((r) => r.path)).toEqual([]);
      expect(kept()).toEqual(stored);
      await expect(
        c.user.updateEmail({ email: 'ana.new@example.com', password_check: ctx.server.seed.plain.password }),
      ).resolves.toBeDefined();
    });
});
