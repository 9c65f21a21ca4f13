// A logout is the end of the login, whatever is in flight and whatever cookie copy comes later
// (review5 D5, L6). A stateful API (it revokes at logout; at refresh it rotates, revoking the old
// token or not) whose refresh answer waits for the test; the browser's GET that started the
// refresh, its logout and a straggler with an older cookie run in every order (fast-check).
// After the logout has answered, no answer sets a cookie; every token a refresh obtained is dead
// at the API; and every cookie the browser ever held, replayed later (after `graceMs` too), is
// signed out.

import fc from 'fast-check';
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { type PamServer, unstorageSessionStore } from '../../src/server/index';
import { turns, until } from '../support/event-loop';
import { fullInfo, json, loginOk, pamFor, request, useHostile, user } from './hostile';

const hostile = useHostile();
const HEAVY = { timeout: 120_000 };
const SIX_HOURS = 21_600_000;
const GRACE = 60_000;
const COOKIE = '__Host-pam-session';
const READ = '/pam/bff/users/address-by-user';

interface Api {
  live: Set<string>;
  refreshed: string[];
  /** The refresh answer is held until `release()`. */
  release(): void;
  refreshArrived: boolean;
  released: boolean;
  revokeOnRefresh: boolean;
  reset(revokeOnRefresh: boolean): void;
}

async function statefulApi(): Promise<{ url: string; api: Api; calls: () => number }> {
  const server = await hostile.api();
  let n = 0;
  let open!: () => void;
  let gate = Promise.resolve();
  const api: Api = {
    live: new Set(),
    refreshed: [],
    refreshArrived: false,
    released: false,
    revokeOnRefresh: true,
    release() {
      this.released = true;
      open();
    },
    reset(revokeOnRefresh) {
      this.live.clear();
      this.refreshed.length = 0;
      this.refreshArrived = false;
      this.released = false;
      this.revokeOnRefresh = revokeOnRefresh;
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
  };
  server.handler = (req, res) => {
    const bearer = (req.headers.authorization ?? '').split(' ')[1] ?? '';
    if (req.url?.startsWith('/auth/login')) {
      const token = `LOGIN-${++n}-abcdefghijklmnop`;
      api.live.add(token);
      return json(res, 200, loginOk({}, token));
    }
    if (req.url?.startsWith('/auth/logout')) {
      api.live.delete(bearer);
      res.writeHead(204);
      return res.end();
    }
    if (req.url?.startsWith('/users/refresh-token')) {
      if (!api.live.has(bearer)) return json(res, 401, { message: 'Unauthenticated.' });
      api.refreshArrived = true;
      void gate.then(() => {
        if (api.revokeOnRefresh) api.live.delete(bearer);
        const token = `REFRESH-${++n}-abcdefghijklmnop`;
        api.live.add(token);
        api.refreshed.push(token);
        json(res, 200, { access_token: token, expires_in: 28800, token_type: 'bearer' });
      });
      return;
    }
    if (!api.live.has(bearer)) return json(res, 401, { message: 'Unauthenticated.' });
    return json(res, 200, { user: user(), userInfo: fullInfo(), street: 'x' });
  };
  return { url: server.url, api, calls: () => server.requests.length };
}

/** One answer as the browser saw it: when the proxy made it (order), its status and cookie lines. */
interface Seen {
  label: string;
  order: number;
  status: number;
  lines: string[];
}

const cookieValue = (line: string) => line.slice(COOKIE.length + 1, line.indexOf(';'));
const sets = (s: Seen) => s.lines.some((l) => !/Max-Age=0(;|$)/.test(l) && cookieValue(l) !== '');

type Step = 'get' | 'logout' | 'release' | 'straggler';

async function run(pam: PamServer, api: Api, clock: { now: number }, steps: Step[], logoutWithJar: boolean) {
  const login = (await pam.handle(
    request('/pam/auth/login', { method: 'POST', body: { login: 'p@example.com', password: 'Secret123!' } }),
  ))!;
  await login.text();
  const c1 = cookieValue(login.headers.getSetCookie()[0]!);
  clock.now += SIX_HOURS + 1_000; // the token is due: the next call refreshes
  let jar: string | null = c1;
  const held = new Set([c1]);
  const seen: Seen[] = [];
  let order = 0;
  const send = (label: string, cookie: string, method = 'GET', path = READ) => {
    const done = pam.handle(request(path, { method, cookie: `${COOKIE}=${cookie}` })).then(async (r) => {
      // Ordered when the proxy made the answer (its body is read after).
      const s: Seen = { label, order: ++order, status: r!.status, lines: r!.headers.getSetCookie() };
      await r!.text();
      const { lines } = s;
      for (const line of lines) {
        const value = cookieValue(line);
        jar = /Max-Age=0(;|$)/.test(line) || value === '' ? null : value;
        if (jar !== null) held.add(jar);
      }
      seen.push(s);
      return s;
    });
    return done;
  };
  const pending: Promise<Seen>[] = [];
  for (const step of steps) {
    if (step === 'release') {
      api.release();
      await turns(20);
    } else if (step === 'get') {
      const p = send('get', c1);
      pending.push(p);
      let answered = false;
      void p.then(() => {
        answered = true;
      });
      // Until it answered, or its refresh waits at the API.
      await until(
        () => answered || (api.refreshArrived && !api.released),
        'the GET answered or its refresh waits at the API',
      );
    } else {
      const p =
        step === 'logout'
          ? send('logout', logoutWithJar && jar ? jar : c1, 'POST', '/pam/auth/logout')
          : send('straggler', c1);
      pending.push(p);
      await Promise.race([p, turns(400)]);
    }
  }
  await Promise.all(pending);
  return { seen, held };
}

describe('a logout is the end of the login (D5, L6)', () => {
  it(
    'GET (refreshing), logout, refresh answer and a straggler in every order: no cookie after the logout, no live refreshed token, every cookie copy signed out',
    HEAVY,
    async () => {
      const { url, api } = await statefulApi();
      const steps = fc
        .shuffledSubarray<Step>(['get', 'logout', 'release', 'straggler'], { minLength: 4, maxLength: 4 })
        .filter((s) => s.indexOf('logout') >= 0);
      await fc.assert(
        fc.asyncProperty(steps, fc.boolean(), fc.boolean(), async (order, revokeOnRefresh, logoutWithJar) => {
          api.reset(revokeOnRefresh);
          const clock = { now: Date.parse('2026-11-28T06:00:00Z') };
          const pam = pamFor({ url } as never, {
            now: () => clock.now,
            graceMs: GRACE,
            cookie: { idleMs: 12 * 3_600_000 },
          });
          const { seen, held } = await run(pam, api, clock, order, logoutWithJar);
          const logout = seen.find((s) => s.label === 'logout')!;
          expect(logout.status).toBe(204);
          // No answer after the logout's sets a cookie.
          expect(seen.filter((s) => s.order > logout.order && sets(s)).map((s) => s.label)).toEqual([]);
          // Every token a refresh obtained is dead at the API (and every token, when it revokes on refresh).
          expect(api.refreshed.filter((t) => api.live.has(t))).toEqual([]);
          if (revokeOnRefresh || !logoutWithJar) expect([...api.live]).toEqual([]);
          // Every cookie the browser held, replayed now and after graceMs: signed out, nothing set.
          for (const advance of [0, GRACE + 1_000]) {
            clock.now += advance;
            for (const cookie of held) {
              const answer = (await pam.handle(request(READ, { cookie: `${COOKIE}=${cookie}` })))!;
              await answer.text();
              expect(answer.status).toBe(401);
              expect(answer.headers.getSetCookie().filter((l) => !/Max-Age=0(;|$)/.test(l))).toEqual([]);
            }
          }
        }),
        { numRuns: 40 },
      );
    },
  );

  it('the review case: logout while the GET refreshes, then the refresh answers (D5)', HEAVY, async () => {
    const { url, api } = await statefulApi();
    api.reset(true);
    const clock = { now: Date.parse('2026-11-28T06:00:00Z') };
    const pam = pamFor({ url } as never, { now: () => clock.now, cookie: { idleMs: 12 * 3_600_000 } });
    const { seen } = await run(pam, api, clock, ['get', 'logout', 'release', 'straggler'], false);
    const byLabel = Object.fromEntries(seen.map((s) => [s.label, [s.status, sets(s)]]));
    // The logout waits for the refresh; the refreshed token is revoked; nothing set after it.
    expect(byLabel).toEqual({
      get: [expect.any(Number), false],
      logout: [204, false],
      straggler: [401, false],
    });
    expect([...api.live]).toEqual([]);
  });

  it(
    'an API that does not revoke at refresh: the cookie from before the refresh, after graceMs, is signed out (L6)',
    HEAVY,
    async () => {
      const { url, api } = await statefulApi();
      api.reset(false);
      api.release();
      const clock = { now: Date.parse('2026-11-28T06:00:00Z') };
      const pam = pamFor({ url } as never, { now: () => clock.now, cookie: { idleMs: 12 * 3_600_000 } });
      const { seen, held } = await run(pam, api, clock, ['get', 'logout'], true);
      expect(seen.map((s) => [s.label, s.status, sets(s)])).toEqual([
        ['get', 200, true],
        ['logout', 204, false],
      ]);
      expect(held.size).toBe(2);
      clock.now += GRACE + 1_000;
      const c1 = [...held][0]!;
      const answer = (await pam.handle(request(READ, { cookie: `${COOKIE}=${c1}` })))!;
      await answer.text();
      expect(answer.status).toBe(401);
      // (No Set-Cookie: a copy of an ended login is never cleared but by its logout's own answer,
      // forty-sixth pass; it reads as signed out and locks nothing.)
      expect(answer.headers.getSetCookie()).toEqual([]);
    },
  );

  it(
    'with a store, a logout on one instance ends the login on every instance, the API not asked (L6)',
    HEAVY,
    async () => {
      const { url, api, calls } = await statefulApi();
      api.reset(false);
      api.release();
      const clock = { now: Date.parse('2026-11-28T06:00:00Z') };
      const store = unstorageSessionStore(createStorage(), { now: () => clock.now });
      const options = { now: () => clock.now, store, cookie: { idleMs: 12 * 3_600_000 } };
      const a = pamFor({ url } as never, options);
      const b = pamFor({ url } as never, options);
      const { held } = await run(a, api, clock, ['get', 'logout'], true);
      expect(held.size).toBe(2);
      clock.now += GRACE + 1_000;
      const before = calls();
      for (const cookie of held) {
        const answer = (await b.handle(request(READ, { cookie: `${COOKIE}=${cookie}` })))!;
        await answer.text();
        expect(answer.status).toBe(401);
      }
      expect(calls()).toBe(before); // the store's mark answers: no refresh, no call with a dead token
    },
  );
});
