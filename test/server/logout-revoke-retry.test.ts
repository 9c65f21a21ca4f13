// A logout whose revoke the API failed (a 5xx, or no answer) is sent again, detached from the
// browser's answer (review rj10 LOW-2: the token stayed live at the API until its expiry): at
// most twice more, after ~0.5 s then ~2 s (±10 %), stopping at the first 2xx or 4xx (a 4xx is
// never sent again). The API is a fetch stub; time is fake (setTimeout only), never slept.

import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay } from '../../src/http/waiting';
import { revokeRetryMs } from '../../src/server/context';
import { createPamServer } from '../../src/server/index';
import { turns, until } from '../support/event-loop';
import { installFakeTimers } from '../support/fake-timers';
import { SECRETS } from './harness';
import { cookieOf, loginOk, request, TOKEN } from './hostile';

const API = 'https://api.example';

/** One answer of the API's logout: a status, or 'down' (the call fails: no answer). */
type Outcome = number | 'down';

/**
 * A server on a fetch stub: the login answers `loginOk`, each logout takes the next of
 * `outcomes` (then 204). `revokes` counts the logouts that reached the API with the token.
 */
function serverWith(outcomes: Outcome[]) {
  const queue = [...outcomes];
  const revokes: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/auth/login'))
      return new Response(JSON.stringify(loginOk()), { headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/auth/logout')) {
      revokes.push(new Headers(init?.headers).get('authorization') ?? '');
      const next = queue.shift() ?? 204;
      if (next === 'down') throw new TypeError('fetch failed');
      return new Response(next === 204 ? null : '{}', { status: next });
    }
    return new Response('{}', { status: 404 });
  }) as typeof globalThis.fetch;
  const pam = createPamServer({ apiBaseURL: API, secrets: SECRETS, fetch });
  return { pam, revokes };
}

async function signedIn(pam: ReturnType<typeof createPamServer>): Promise<string> {
  const answer = (await pam.handle(
    request('/pam/auth/login', { method: 'POST', body: { login: 'p@example.com', password: 'Secret123!' } }),
  ))!;
  expect(answer.status).toBe(200);
  return cookieOf(answer);
}

const logout = (pam: ReturnType<typeof createPamServer>, cookie: string) =>
  pam.handle(request('/pam/auth/logout', { method: 'POST', cookie }));

/** The 4xx that say "try again" (REVIEW-K 2): no verdict, sent again. */
const AGAIN = [408, 425, 429];

/** How many logouts the API gets for `outcomes`: up to the first 2xx or other 4xx, at most 3. */
function expectedSends(outcomes: Outcome[]): number {
  for (let i = 0; i < 3; i++) {
    const o = outcomes[i] ?? 204;
    if (o !== 'down' && ((o >= 200 && o < 300) || (o >= 400 && o < 500 && !AGAIN.includes(o)))) return i + 1;
  }
  return 3;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('logout: a revoke the API failed is sent again, detached', () => {
  it('a 500 once: answered at once (204), the revoke sent again after ~0.5 s with the token, then no more', async () => {
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { pam, revokes } = serverWith([500]);
    const cookie = await signedIn(pam);
    const answer = (await logout(pam, cookie))!;
    expect(answer.status).toBe(204);
    expect(revokes).toEqual([`bearer ${TOKEN}`]);
    await vi.advanceTimersByTimeAsync(449);
    await turns();
    expect(revokes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(102);
    await until(() => revokes.length === 2, 'the retry');
    expect(revokes).toEqual([`bearer ${TOKEN}`, `bearer ${TOKEN}`]);
    await vi.advanceTimersByTimeAsync(60_000);
    await turns(20);
    expect(revokes).toHaveLength(2);
  });

  for (const [random, first, second] of [
    [0, 450, 1800],
    [0.5, 500, 2000],
    [0.9999, 550, 2200],
  ] as const)
    it(`no answer, then 502, then 503: three sends in all, ${first} ms and ${second} ms apart (random ${random})`, async () => {
      await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      vi.spyOn(Math, 'random').mockReturnValue(random);
      const { pam, revokes } = serverWith(['down', 502, 503, 204]);
      const cookie = await signedIn(pam);
      expect((await logout(pam, cookie))!.status).toBe(204);
      for (const [wait, sends] of [
        [first - 1, 1],
        [1, 2],
        [second - 1, 2],
        [1, 3],
        [60_000, 3],
      ] as const) {
        await vi.advanceTimersByTimeAsync(wait);
        await turns(10);
        expect(revokes).toHaveLength(sends);
      }
    });

  it("the waits are the core's backoff (backoffDelay: 500 ms * 4^n, at most 2 s, ±10 %)", () => {
    for (const retry of [0, 1])
      for (const r of [0, 0.25, 0.5, 0.75, 0.9999])
        expect(revokeRetryMs(retry, () => r)).toBe(
          backoffDelay(retry, { baseMs: 500, factor: 4, maxMs: 2000, jitter: 0.2, random: () => r }),
        );
  });

  it('a 4xx (401, 403, 404) is never sent again', async () => {
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const status of [401, 403, 404]) {
      const { pam, revokes } = serverWith([status]);
      const cookie = await signedIn(pam);
      expect((await logout(pam, cookie))!.status).toBe(204);
      await vi.advanceTimersByTimeAsync(60_000);
      await turns(20);
      expect(revokes, String(status)).toHaveLength(1);
    }
  });

  it('a 408, 425 or 429 is sent again until a verdict (REVIEW-K 2: the token was left live)', async () => {
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const status of AGAIN) {
      const { pam, revokes } = serverWith([status]);
      const cookie = await signedIn(pam);
      expect((await logout(pam, cookie))!.status).toBe(204);
      await vi.advanceTimersByTimeAsync(60_000);
      await turns(20);
      expect(revokes, String(status)).toHaveLength(2);
    }
  });

  it('(property) over generated failures: at most 3 sends, none after the first 2xx or 4xx, the answer never waits for a retry', async () => {
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const outcome = fc.constantFrom<Outcome>(
      200,
      204,
      301,
      401,
      404,
      408,
      425,
      429,
      500,
      502,
      503,
      504,
      'down',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(outcome, { maxLength: 5 }), async (outcomes) => {
        const { pam, revokes } = serverWith(outcomes);
        const cookie = await signedIn(pam);
        // Answered with time frozen: one send, awaited; a retry waits on a timer, never the answer.
        expect((await logout(pam, cookie))!.status).toBe(204);
        expect(revokes).toHaveLength(1);
        const expected = expectedSends(outcomes);
        await vi.advanceTimersByTimeAsync(551);
        await until(
          () => revokes.length === Math.min(expected, 2),
          () => `2nd send of ${outcomes}`,
        );
        await vi.advanceTimersByTimeAsync(2201);
        await until(
          () => revokes.length === expected,
          () => `sends of ${outcomes}`,
        );
        await vi.advanceTimersByTimeAsync(60_000);
        await turns(10);
        expect(revokes).toHaveLength(expected);
        expect(new Set(revokes)).toEqual(new Set([`bearer ${TOKEN}`]));
      }),
      { numRuns: 60 },
    );
  });
});
