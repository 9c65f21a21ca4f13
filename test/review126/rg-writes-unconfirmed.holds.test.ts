// Review 126 (holds): `unconfirmed` (src/operation/operation.ts) on the responsible-gaming writes:
// a 2xx whose `success` is false, null, 'no', 2 or '' is `invalid_response` (read as readBoolean
// reads it: 'true', '1', 1 are true); a custom adapter's answer whose `success` getter or Proxy
// trap throws is a typed error, never a raw one nor a resolve; through createPamClient a pause
// answered `{ success: false }` is an unknown outcome (re-read, never resent) and the player is
// never shown free to bet.
import { afterEach, describe, expect, it } from 'vitest';
import { createPamClient } from '../../machines/index';
import { createOfetchAdapter, createUserModule, type HttpAdapter, isPamError } from '../../src/index';
import { setTimeoutLimits } from '../../src/user/limits';
import { hostileProxy } from '../review124/hostile-proxy';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const { keep, signIn } = usePamClients(ctx);
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: { code?: string }) => e.code,
  );
const PATHS = ['/bff/users/timeout-limits', '/bff/users/self-exclusion', '/bff/users/update-limits'];

describe('review 126 (holds): RG writes whose success is not true', () => {
  it.each([
    ['false', false, 'invalid_response'],
    ['null', null, 'invalid_response'],
    ["'no'", 'no', 'invalid_response'],
    ['2', 2, 'invalid_response'],
    ["''", '', 'invalid_response'],
    ["'true'", 'true', 'resolved'],
    ["'1'", '1', 'resolved'],
    ['1', 1, 'resolved'],
  ])('success: %s', async (_n, success, want) => {
    const proxy = await hostileProxy(
      () => ctx.server.url,
      (m, p) =>
        m === 'PATCH' && PATHS.includes(p) ? { status: 200, body: JSON.stringify({ success }) } : undefined,
    );
    closers.push(proxy.close);
    const token = ctx.server.issueToken(ctx.server.seed.plain.id);
    const user = createUserModule(createOfetchAdapter({ baseURL: proxy.url, getAccessToken: () => token }));
    const got = [
      await code(user.setTimeoutLimits({ user_pause: 7, reason: 1 })),
      await code(user.setSelfExclusion({ user_exclusion: 12, reason: 1 })),
      await code(user.updateLimits({ user_limit_deposit: 100, user_limit_deposit_period: 'monthly' })),
    ];
    expect(got).toEqual([want, want, want]);
  });

  it('a custom adapter answer whose success getter or Proxy trap throws: a typed error', async () => {
    const answers: unknown[] = [
      Object.defineProperty({}, 'success', {
        enumerable: true,
        get: () => {
          throw new Error('boom');
        },
      }),
      new Proxy(
        {},
        {
          getOwnPropertyDescriptor: () => {
            throw new Error('trap');
          },
        },
      ),
      new Proxy(
        { success: true },
        {
          get: () => {
            throw new Error('get');
          },
        },
      ),
    ];
    const got: string[] = [];
    for (const answer of answers) {
      const http = { patch: async () => answer } as unknown as Pick<HttpAdapter, 'patch'>;
      got.push(
        await setTimeoutLimits(http, { user_pause: 7, reason: 1 }).then(
          () => 'resolved',
          (e: unknown) => (isPamError(e) ? 'typed' : 'raw'),
        ),
      );
    }
    expect(got).toEqual(['typed', 'typed', 'typed']);
  });

  it('createPamClient: a pause answered { success: false }: unknown outcome, re-read, never free to bet', async () => {
    const proxy = await hostileProxy(
      () => ctx.server.url,
      (m, p) => (m === 'PATCH' && p === PATHS[0] ? { status: 200, body: '{"success":false}' } : undefined),
    );
    closers.push(proxy.close);
    const c = keep(createPamClient({ baseURL: proxy.url, timeout: 10_000, environment: { channel: null } }));
    await signIn(c);
    const outcome: { operation: string; profile: unknown }[] = [];
    c.on('mutationOutcomeUnknown', (e) => outcome.push(e));
    const seen: boolean[] = [];
    const off = c.subscribe((v) => seen.push(v.restrictions?.canBet ?? false));
    expect(await code(c.user.setTimeoutLimits({ user_pause: 7, reason: 1 }))).toBe('invalid_response');
    await until(() => outcome.length === 1, 'the re-read');
    off();
    expect(outcome[0]).toMatchObject({ operation: 'setTimeoutLimits' });
    expect(outcome[0]?.profile).not.toBeNull();
    expect(proxy.hits.filter((h) => h.path === PATHS[0])).toHaveLength(1);
    expect([...seen, c.view.restrictions?.canBet]).not.toContain(true);
  });
});
