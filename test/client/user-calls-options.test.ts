import { describe, expect, it } from 'vitest';
import { funnelEvents, operatorPreset } from '../../machines/index';
import type { UserModule } from '../../src/index';
import { SEED_ACCOUNTS } from '../../src/testing/index';
import { usePamClients } from '../support/clients';
import { useReferenceServer } from '../support/server';
import { CALL_ROWS, USER_CALLS } from '../support/user-calls';

// R-1: `client.user.changePassword(id, payload)` always failed `invalid_request` ("signal: is not a
// known field"): the client's layers put the login-bound `{ signal, onStepUp }` at index 1 for every
// call but updateProfile, and changePassword's options are at index 2 too. Every call of
// `client.user`, with no options, `{}` and a live signal, is sent and succeeds against the reference
// server over real sockets: through the preset, and with a client prompt and the funnel's layer.

const ctx = useReferenceServer({ reportStepMs: 0 });
const { client, signIn } = usePamClients(ctx);

const clients = {
  preset: () => client(),
  'prompt + funnel': () =>
    client({
      onStepUp: async () => SEED_ACCOUNTS.plain.password,
      flows: funnelEvents(operatorPreset()),
    }),
};

describe('client.user: every call takes its options where its signature has them (R-1)', () => {
  it('the table has a row for every call of client.user', () => {
    expect(Object.keys(USER_CALLS).sort()).toEqual(Object.keys(client().user).sort());
  });

  for (const [kind, make] of Object.entries(clients))
    it.each(CALL_ROWS)(`${kind}: %s with %s is sent and succeeds`, async (name, _, options) => {
      const c = make();
      await signIn(c);
      const u = c.user as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      const args = [
        ...(await USER_CALLS[name](c.user as UserModule, ctx.server.seed.plain.id)),
        ...options(),
      ];
      const before = ctx.server.requests.length;
      await expect(u[name]!(...args)).resolves.not.toBeInstanceOf(Error);
      expect(ctx.server.requests.length).toBeGreaterThan(before);
      for (const r of ctx.server.requests.slice(before))
        expect(JSON.stringify(r.body ?? null)).not.toMatch(/signal|onStepUp/);
    });
});
