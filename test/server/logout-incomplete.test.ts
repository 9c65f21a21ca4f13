// A logout whose revoke the API never confirmed (REVIEW-P P2): the token stays live at the API
// until its expiry, and without a store a copy of the old cookie is a live session on any other
// instance. The browser's answer stays 204 with the cookie cleared (it is signed out here); the
// app is told once the retries are spent (`onLogoutIncomplete`: the login, the player, whether the
// store recorded the end), never with a token, never when a send got a verdict. The API is a
// fetch stub; time is fake (setTimeout only), never slept.

import fc from 'fast-check';
import { createStorage } from 'unstorage';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPamServer,
  type PamLogoutIncomplete,
  type PamServerOptions,
  unstorageSessionStore,
} from '../../src/server/index';
import { turns, until } from '../support/event-loop';
import { installFakeTimers } from '../support/fake-timers';
import { SECRETS } from './harness';
import { cookieOf, loginOk, request, TOKEN } from './hostile';

const API = 'https://api.example';

/** One answer of the API's logout: a status, or 'down' (the call fails: no answer). */
type Outcome = number | 'down';

function serverWith(outcomes: Outcome[], options: Partial<PamServerOptions> = {}) {
  const queue = [...outcomes];
  const events: PamLogoutIncomplete[] = [];
  let sends = 0;
  const fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/auth/login'))
      return new Response(JSON.stringify(loginOk()), { headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/auth/logout')) {
      sends++;
      const next = queue.shift() ?? 204;
      if (next === 'down') throw new TypeError('fetch failed');
      return new Response(next === 204 ? null : '{}', { status: next });
    }
    return new Response('{}', { status: 404 });
  }) as typeof globalThis.fetch;
  const make = () =>
    createPamServer({
      apiBaseURL: API,
      secrets: SECRETS,
      fetch,
      onLogoutIncomplete: (event) => {
        events.push(event);
      },
      ...options,
    });
  return { pam: make(), make, events, sends: () => sends };
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

/** The sends (at most 3) up to the first verdict (a 2xx, or a 4xx but 408, 425, 429); 0: none got one. */
function verdictAt(outcomes: Outcome[]): number {
  for (let i = 0; i < 3; i++) {
    const o = outcomes[i] ?? 204;
    if (o !== 'down' && ((o >= 200 && o < 300) || (o >= 400 && o < 500 && ![408, 425, 429].includes(o))))
      return i + 1;
  }
  return 0;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a logout the API never confirmed is told to the app (REVIEW-P P2)', () => {
  it('no store, every send failed: 204 and the cookie cleared at once, then onLogoutIncomplete once, after the last retry, with no token', async () => {
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { pam, events, sends } = serverWith([500, 'down', 503]);
    const cookie = await signedIn(pam);
    const answer = (await logout(pam, cookie))!;
    expect(answer.status).toBe(204);
    expect(answer.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    await vi.advanceTimersByTimeAsync(600);
    await until(() => sends() === 2, 'the first retry');
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_300);
    await until(() => events.length === 1, 'the app told');
    expect(sends()).toBe(3);
    expect(events[0]).toEqual({ loginId: expect.any(String), playerId: 1, recorded: false });
    expect(JSON.stringify(events)).not.toContain(TOKEN);
    await vi.advanceTimersByTimeAsync(60_000);
    await turns(10);
    expect(events).toHaveLength(1);
  });

  it('with a store: recorded, and another instance on that store refuses the old cookie without asking the API', async () => {
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = unstorageSessionStore(createStorage(), { claimSettleMs: 0 });
    const { pam, make, events } = serverWith(['down', 'down', 'down'], { store });
    const cookie = await signedIn(pam);
    expect((await logout(pam, cookie))!.status).toBe(204);
    await vi.advanceTimersByTimeAsync(3_000);
    await until(() => events.length === 1, 'the app told');
    expect(events[0]!.recorded).toBe(true);
    const other = make();
    const replay = (await other.handle(request('/pam/auth/user-profile?check_spa_again=1', { cookie })))!;
    expect(replay.status).toBe(401);
  });

  it('a hook that throws or rejects: the logout stands, nothing escapes', async () => {
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const unhandled: unknown[] = [];
    const note = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', note);
    try {
      for (const hook of [
        () => {
          throw new Error('app bug');
        },
        () => Promise.reject(new Error('app bug')),
      ]) {
        let called = 0;
        const { pam } = serverWith(['down', 'down', 'down'], {
          onLogoutIncomplete: () => {
            called++;
            return hook();
          },
        });
        const cookie = await signedIn(pam);
        expect((await logout(pam, cookie))!.status).toBe(204);
        await vi.advanceTimersByTimeAsync(3_000);
        await until(() => called === 1, 'the hook called');
        await turns(10);
      }
    } finally {
      process.off('unhandledRejection', note);
    }
    expect(unhandled).toEqual([]);
  });

  it('a hook that is not a function is refused when the server is made', () => {
    expect(() =>
      createPamServer({ apiBaseURL: API, secrets: SECRETS, onLogoutIncomplete: 'log' as never }),
    ).toThrow(/onLogoutIncomplete/);
  });

  it('(property) over generated answers of the API: told once exactly when no send got a verdict', async () => {
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const outcome = fc.constantFrom<Outcome>(200, 204, 301, 401, 404, 408, 425, 429, 500, 502, 503, 'down');
    await fc.assert(
      fc.asyncProperty(fc.array(outcome, { maxLength: 4 }), async (outcomes) => {
        const { pam, events, sends } = serverWith(outcomes);
        const cookie = await signedIn(pam);
        expect((await logout(pam, cookie))!.status).toBe(204);
        expect(events).toEqual([]); // never before the retries are spent
        await vi.advanceTimersByTimeAsync(3_000);
        const verdict = verdictAt(outcomes);
        await until(
          () => (verdict === 0 ? events.length === 1 : sends() === verdict),
          () => `${outcomes}`,
        );
        const told = verdict === 0;
        await vi.advanceTimersByTimeAsync(60_000);
        await turns(10);
        expect(events).toHaveLength(told ? 1 : 0);
      }),
      { numRuns: 60 },
    );
  });
});
