// A login made over a live session replaces it (review 7, r2/s5): the new login left the previous
// one live (its token not revoked at the API, its login not marked ended), so a copy of the old
// cookie still signed in (another player's session, on a shared browser). Now a login that seals a
// new session ends the previous login as a logout does (marked ended, its newest token and its
// cookie's token revoked). A login that seals nothing (refused, a two-factor challenge, a failed
// status) leaves the current session as it was, as signing in does in better-auth or supabase.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Browser, openCookie, type TestClock, usePam } from './harness';
import { cookieOf, type HostileAPI, json, logIn, loginOk, pamFor, request, useHostile } from './hostile';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);
const hostile = useHostile();
const COOKIE = '__Host-pam-session';
const READ = '/pam/bff/users/address-by-user';

const revoked = (api: HostileAPI) =>
  api.requests.filter((r) => r.url === '/auth/logout').map((r) => r.authorization.split(' ')[1]);

describe('a login over a live session (the reference server)', () => {
  it('another player signing in on the same browser ends the first login: its cookie signed out, its token dead at the API', async () => {
    const browser = new Browser(fx.served.url);
    const { plain, paused } = ref.server.seed;
    await browser.login(plain.email, plain.password);
    const first = browser.cookie!;
    const firstToken = (await openCookie(first)).token;
    const second = await browser.login(paused.email, paused.password);
    expect(second.status).toBe(200);
    expect(browser.cookie).not.toBe(first);
    // The first cookie, replayed: signed out, without reaching the API with it.
    const replay = new Browser(fx.served.url);
    replay.cookie = first;
    const seed = await replay.call('GET', '/pam/session');
    expect(seed.json).toMatchObject({ status: 'signedOut', user: null });
    expect((await replay.call('GET', READ)).status).toBe(401);
    // Its token is dead at the API itself.
    const direct = await fetch(`${ref.server.url}/auth/user-profile`, {
      headers: { authorization: `Bearer ${firstToken}` },
    });
    expect(direct.status).toBe(401);
    // The new login stands.
    const now = await browser.call('GET', '/pam/session');
    expect(now.json).toMatchObject({ status: 'signedIn', user: { id: paused.id } });
  });

  it('a failed login over a session (wrong password) leaves it signed in, nothing revoked', async () => {
    const browser = new Browser(fx.served.url);
    const { plain } = ref.server.seed;
    await browser.login(plain.email, plain.password);
    const first = browser.cookie!;
    const failed = await browser.login(plain.email, 'Wrong-password-1');
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(browser.cookie).toBe(first);
    expect((await browser.call('GET', '/pam/session')).json).toMatchObject({ status: 'signedIn' });
  });
});

type Step = 'ok' | 'fail' | 'challenge';

describe('property: whatever the order of logins that seal, fail or challenge, one login is live', () => {
  it("the live tokens at the API are exactly the current cookie's; every older cookie is signed out", async () => {
    const api = await hostile.api();
    let issued = 0;
    let next: Step = 'ok';
    const live = new Set<string>();
    api.handler = (req, res) => {
      const bearer = (req.headers.authorization ?? '').split(' ')[1] ?? '';
      if (req.url === '/auth/logout') {
        live.delete(bearer);
        return json(res, 204, '');
      }
      if (req.url === '/auth/login') {
        if (next === 'fail') return json(res, 401, { message: 'Invalid credentials.' });
        if (next === 'challenge') return json(res, 200, { type: 'two_factor_code' });
        const token = `TOKEN-${++issued}-abcdefghijkl`;
        live.add(token);
        return json(res, 200, loginOk({}, token));
      }
      return json(res, live.has(bearer) ? 200 : 401, live.has(bearer) ? { street: 'x' } : { message: 'no' });
    };
    const pam = pamFor(api);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Step>('ok', 'fail', 'challenge'), { minLength: 1, maxLength: 6 }),
        async (steps) => {
          live.clear();
          let cookie = '';
          const older: string[] = [];
          for (const step of steps) {
            next = step;
            const answer = (await pam.handle(
              request('/pam/auth/login', {
                method: 'POST',
                cookie: cookie || undefined,
                body: { login: 'p@example.com', password: 'Secret123!' },
              }),
            ))!;
            await answer.text();
            const set = cookieOf(answer);
            if (set.startsWith(`${COOKIE}=`) && set !== `${COOKIE}=`) {
              if (cookie) older.push(cookie);
              cookie = set;
            }
          }
          const current = cookie ? [(await openCookie(cookie.slice(COOKIE.length + 1))).token] : [];
          expect([...live]).toEqual(current);
          for (const old of older) {
            const answer = (await pam.handle(request(READ, { cookie: old })))!;
            expect(answer.status).toBe(401);
          }
          if (cookie) expect((await pam.handle(request(READ, { cookie })))!.status).toBe(200);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it("the API answering the same token to the new login: the old login ends, the token (now the new session's) is not revoked", async () => {
    const api = await hostile.api();
    api.handler = (req, res) =>
      json(
        res,
        req.url === '/auth/logout' ? 204 : 200,
        req.url === '/auth/login' ? loginOk() : { street: 'x' },
      );
    const pam = pamFor(api);
    const first = await logIn(pam);
    await first.text();
    const second = (await pam.handle(
      request('/pam/auth/login', {
        method: 'POST',
        cookie: cookieOf(first),
        body: { login: 'p@example.com', password: 'Secret123!' },
      }),
    ))!;
    await second.text();
    expect(revoked(api)).toEqual([]);
    expect((await pam.handle(request(READ, { cookie: cookieOf(first) })))!.status).toBe(401);
    expect((await pam.handle(request(READ, { cookie: cookieOf(second) })))!.status).toBe(200);
  });
});
