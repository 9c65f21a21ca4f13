import { describe, expect, it } from 'vitest';
import type { PamClient } from '../../machines/index';
import type { UserModule } from '../../src/index';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { USER_CALLS } from '../support/user-calls';

// R-9: signed out, or at the two-factor step, `client.user`'s calls were SENT without a token (a
// `password_check` with them), a 401 back. No player signed in: every call is refused before
// sending, `unauthorized`, and nothing reaches the server.

const ctx = useReferenceServer({ reportStepMs: 0 });
const { client, signIn } = usePamClients(ctx);
const NAMES = Object.keys(USER_CALLS) as (keyof UserModule)[];

/** Each call's arguments, made while signed in (a report's id needs one), then the session ended by `end`. */
async function argsThen(end: (c: PamClient) => Promise<void>) {
  const c = client();
  await signIn(c);
  const args = new Map<string, unknown[]>();
  for (const name of NAMES)
    args.set(name, await USER_CALLS[name](c.user as UserModule, ctx.server.seed.plain.id));
  await end(c);
  return { c, args };
}

const ends = {
  'signed out': async (c: PamClient) => {
    c.logout();
    await until(() => c.view.status === 'signedOut', 'signed out');
  },
  'at twoFactorRequired': async (c: PamClient) => {
    c.logout();
    await until(() => c.view.status === 'signedOut', 'signed out');
    const { email, password } = ctx.server.seed.twoFactor;
    c.login({ login: email, password });
    await until(() => c.view.status === 'twoFactorRequired', 'two-factor step');
  },
};

describe('client.user without a player signed in: refused, nothing sent (R-9)', () => {
  for (const [when, end] of Object.entries(ends))
    it(`${when}: every call of client.user is refused unauthorized, nothing sent`, async () => {
      const { c, args } = await argsThen(end);
      const u = c.user as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      for (const name of NAMES) {
        const before = ctx.server.requests.length;
        await expect(u[name]!(...args.get(name)!), name).rejects.toMatchObject({ code: 'unauthorized' });
        expect(ctx.server.requests.slice(before).map((r) => `${name} ${r.path}`)).toEqual([]);
      }
    });
});
