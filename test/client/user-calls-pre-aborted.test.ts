import { AbortedError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import {
  createCustomPamClient,
  funnelEvents,
  operatorPreset,
  type PamClient,
  userModule,
} from '../../machines/index';
import type { UserModule } from '../../src/index';
import { usePamClients } from '../support/clients';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { useReferenceServer } from '../support/server';
import { USER_CALLS } from '../support/user-calls';

// A call whose `signal` is already aborted sends nothing, and must spend nothing either. Before,
// a sensitive change carrying `password_check` reserved one of the player's step-up attempts (kept:
// an abort may hide a password that reached the server) before the adapter refused the signal:
// three such calls, none sent, locked the player's step-up in every tab of the origin
// (`step_up_locked` for the next change with the right password). Now the client refuses the call
// before any layer runs: `aborted`, nothing sent, nothing kept.

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
  'createPamClient with the funnel and a prompt': () =>
    client({
      flows: funnelEvents(operatorPreset()),
      onStepUp: async () => ctx.server.seed.plain.password,
    }),
};

const kept = () => Object.fromEntries(storage.keys().map((k) => [k, globalThis.localStorage.getItem(k)]));

describe('client.user with a signal aborted before the call: aborted, nothing sent or spent', () => {
  for (const [kind, make] of Object.entries(CLIENTS))
    it(`${kind}: every call, three times each, then a change with the right password`, async () => {
      const c = make();
      await signIn(c);
      const args = new Map<string, unknown[]>();
      for (const name of NAMES)
        args.set(name, await USER_CALLS[name](c.user as UserModule, ctx.server.seed.plain.id));
      const before = ctx.server.requests.length;
      const stored = kept();
      const u = c.user as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      for (let i = 0; i < 3; i++)
        for (const name of NAMES)
          await expect(
            u[name]!(...args.get(name)!, { signal: AbortSignal.abort() }),
            name,
          ).rejects.toBeInstanceOf(AbortedError);
      expect(ctx.server.requests.slice(before).map((r) => r.path)).toEqual([]);
      expect(kept()).toEqual(stored);
      await expect(
        c.user.updateEmail({ email: 'ana.new@example.com', password_check: ctx.server.seed.plain.password }),
      ).resolves.toBeDefined();
    });
});
