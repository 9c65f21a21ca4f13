// A 401 answered to a request of one login is never turned into the same request sent again with
// another login's token (review REV2, issue 32: a logout and a new login in another tab while a
// write was in flight put player A's limit change on player B's account). On the reference server
// over a real socket.
import { afterEach, describe, expect, it } from 'vitest';
import { createPamClient, type PamClient } from '../../machines/index';
import { createMemoryTokenStore, createOfetchAdapter, createUserModule, isPamError } from '../../src/index';
import { SEED_ACCOUNTS } from '../../src/testing/index';
import { until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const LIMITS = {
  user_limit_deposit: 100,
  user_limit_deposit_active: 1,
  user_limit_deposit_period: 'daily',
} as const;
const patches = () =>
  ctx.server.requests.filter((r) => r.method === 'PATCH' && r.path === '/bff/users/update-limits');

/**
 * The limits call on an adapter whose first token is `first`, refused (401) `refusals` times;
 * each refresh stores `refresh()`'s token (null: signed out), or fails (false). Its error, or null.
 */
function limitsCall(o: {
  first: string;
  refresh: () => string | null | false;
  sameLogin: (sent: string, token: string) => boolean;
  refusals?: number;
}): Promise<unknown> {
  let current: string | null = o.first;
  ctx.server.faults.add({
    method: 'PATCH',
    path: '/bff/users/update-limits',
    status: 401,
    times: o.refusals ?? 1,
  });
  const http = createOfetchAdapter({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    getAccessToken: () => current,
    onUnauthorized: async () => {
      const next = o.refresh();
      if (next === false) return false;
      current = next;
      return true;
    },
    sameLogin: o.sameLogin,
  });
  return createUserModule(http)
    .updateLimits(LIMITS)
    .then(
      () => null,
      (e: unknown) => e,
    );
}

describe('the adapter after a 401', () => {
  it('does not send the request again with a token of another login (sameLogin false)', async () => {
    const a = ctx.server.issueToken(SEED_ACCOUNTS.plain.id);
    const b = ctx.server.issueToken(SEED_ACCOUNTS.pendingLimit.id);
    const owner = new Map([
      [a, 'A'],
      [b, 'B'],
    ]);
    // Another tab logged out and in as another player meanwhile.
    const error = await limitsCall({
      first: a,
      refresh: () => b,
      sameLogin: (sent, token) => owner.get(sent) === owner.get(token),
    });
    expect(isPamError(error) && error.code).toBe('unauthorized');
    expect(patches().map((r) => r.headers.authorization)).toEqual([`Bearer ${a}`]);
  });

  it('sends it again with a refreshed token of the same login', async () => {
    const a = ctx.server.issueToken(SEED_ACCOUNTS.plain.id);
    const a2 = ctx.server.issueToken(SEED_ACCOUNTS.plain.id);
    expect(await limitsCall({ first: a, refresh: () => a2, sameLogin: () => true })).toBeNull();
    expect(patches().map((r) => r.headers.authorization)).toEqual([`Bearer ${a}`, `Bearer ${a2}`]);
  });
});

describe('createPamClient after a 401', () => {
  let client: PamClient | undefined;
  afterEach(() => client?.stop());

  it("never re-sends player A's write with player B's token stored meanwhile", async () => {
    const store = createMemoryTokenStore();
    let swapToB: (() => Promise<void>) | null = null;
    client = createPamClient({
      baseURL: ctx.server.url,
      timeout: REAL_TIME_TIMEOUT_MS,
      environment: { channel: null },
      storage: store,
      // The PATCH's 401 arrives after another tab stored player B's login in the shared store.
      fetch: async (input, init) => {
        const answer = await globalThis.fetch(input, init);
        if (init?.method === 'PATCH' && swapToB) await swapToB();
        return answer;
      },
    });
    const c = client;
    await until(() => c.view.status !== 'restoring', 'restored');
    c.login({ login: SEED_ACCOUNTS.plain.email, password: SEED_ACCOUNTS.plain.password });
    await until(
      () => c.view.status === 'signedIn',
      () => `signed in, is ${c.view.status}`,
    );
    const tokenA = (await store.get())?.accessToken;
    const tokenB = ctx.server.issueToken(SEED_ACCOUNTS.pendingLimit.id);
    swapToB = async () => {
      swapToB = null;
      const held = await store.get();
      await store.set({
        accessToken: tokenB,
        tokenType: 'bearer',
        expiresAt: null,
        savedAt: held?.savedAt ?? 0,
        userId: SEED_ACCOUNTS.pendingLimit.id,
        seq: (held?.seq ?? 0) + 5,
        sid: (held?.sid ?? 0) + 4,
      });
    };
    ctx.server.faults.add({ method: 'PATCH', path: '/bff/users/update-limits', status: 401, times: 1 });
    const error = await c.user.updateLimits(LIMITS).then(
      () => null,
      (e: unknown) => e,
    );
    expect(patches().map((r) => r.headers.authorization)).toEqual([`Bearer ${tokenA}`]);
    expect(patches().some((r) => r.headers.authorization === `Bearer ${tokenB}`)).toBe(false);
    expect(error).not.toBeNull();
  });
});

describe('the adapter after 401s (property)', () => {
  it('every send of one call carries a token of the login it was first sent with', async () => {
    const { default: fc } = await import('fast-check');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('same', 'other', 'none', 'fail'), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 3 }),
        async (refreshes, refusals) => {
          ctx.server.reset();
          const owner = new Map<string, string>();
          const issue = (who: 'A' | 'B') => {
            const id = who === 'A' ? SEED_ACCOUNTS.plain.id : SEED_ACCOUNTS.pendingLimit.id;
            const token = ctx.server.issueToken(id);
            owner.set(token, who);
            return token;
          };
          const plan = [...refreshes];
          await limitsCall({
            first: issue('A'),
            refusals,
            refresh: () => {
              const step = plan.shift() ?? 'fail';
              if (step === 'same') return issue('A');
              if (step === 'other') return issue('B');
              return step === 'none' ? null : false;
            },
            sameLogin: (sent, token) => owner.get(sent) === owner.get(token),
          });
          const sent = patches().map((r) => owner.get(String(r.headers.authorization).slice(7)));
          expect(sent.length).toBeGreaterThan(0);
          expect(new Set(sent)).toEqual(new Set(['A']));
        },
      ),
      { numRuns: 40, seed: 33 },
    );
  });
});
