// The session's tokens are hunted whatever their length up to what the server holds (review 7,
// s2): `authSecretsOf` hunted only 16-512 characters, so a refresh token or `user.token` the size
// of a JWT (700 characters), echoed under another key, reached the browser in the login answer,
// the seed, `getSession` and relayed routes. Now every token field of an auth answer of 16 or more
// characters is either a token the server can hold (`isSessionToken`: header-safe, at most 2,048
// characters: hunted) or the answer is refused: a login seals nothing (its token revoked, the
// fixed 502), a profile read is `unavailable`, a refresh fails (its token revoked).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNSCRUBBABLE } from '../../src/server/answer';
import { MAX_SESSION_CHARS } from '../../src/server/cookie';
import { authSecretsOf, MAX_SECRET_CHARS, ScrubFailure, scrubTokens } from '../../src/server/strip';
import { openCookie } from './harness';
import {
  cookieOf,
  fullInfo,
  type HostileAPI,
  json,
  logIn,
  loginOk,
  pamFor,
  request,
  TOKEN,
  useHostile,
  user,
} from './hostile';

const hostile = useHostile();
const RT = `eyJ${'r'.repeat(700)}`; // a refresh token the size of a JWT
const UT = `eyJ${'u'.repeat(600)}`; // user.token, another long token
const PATHS = ['/pam/auth/user-profile?check_spa_again=1', '/pam/session', '/pam/bff/users/address-by-user'];

/** A hostile API whose login answers `refresh` and `userToken`, echoing both under other keys everywhere. */
function echoing(api: HostileAPI, refresh: string, userToken: string) {
  api.handler = (req, res) => {
    if (req.url === '/auth/login')
      return json(res, 200, {
        ...loginOk({ refresh_token: refresh }),
        user: user({ name: refresh, token: userToken }),
      });
    if (req.url === '/auth/logout') return json(res, 204, '');
    if (req.url?.startsWith('/auth/user-profile'))
      return json(res, 200, {
        user: user({ name: userToken, remember: refresh, token: userToken }),
        userInfo: fullInfo({ ...loginOk().userInfo }),
      });
    if (req.url === '/bff/users/address-by-user')
      return json(res, 200, { street: refresh, city: userToken, n: 1 });
    return json(res, 404, {});
  };
}

/**
 * Signed in on a hostile API echoing RT and UT, whose refresh answers `fresh` and `refreshToken`
 * and whose address read answers `address`; its clock (advance it 6 h to have the session refresh).
 */
async function signedInRefreshing(refreshToken: string, address: unknown) {
  const api = await hostile.api();
  const clock = { now: Date.parse('2026-11-28T06:00:00Z') };
  const fresh = 'FRESH-abcdefgh123456';
  echoing(api, RT, UT);
  const base = api.handler;
  api.handler = (req, res, body) => {
    if (req.url === '/users/refresh-token')
      return json(res, 200, { access_token: fresh, refresh_token: refreshToken });
    if (req.url === '/bff/users/address-by-user') return json(res, 200, address);
    return base(req, res, body);
  };
  const pam = pamFor(api, { now: () => clock.now, cookie: { idleMs: 12 * 3_600_000 } });
  const login = await logIn(pam);
  await login.text();
  return { api, clock, pam, login, fresh };
}

const revoked = (api: HostileAPI) =>
  api.requests.filter((r) => r.url === '/auth/logout').map((r) => r.authorization.split(' ')[1]);

describe('long session tokens: hunted up to 2,048 characters, refused beyond', () => {
  it('a 700-character refresh token and a 600-character user.token echoed elsewhere: in no answer, no seed, no getSession', async () => {
    const api = await hostile.api();
    echoing(api, RT, UT);
    const pam = pamFor(api);
    const login = await logIn(pam);
    const text = await login.text();
    expect(login.status).toBe(200);
    expect(text).not.toContain('rrrrrrrrrrrrrrrr');
    expect(text).not.toContain('uuuuuuuuuuuuuuuu');
    const cookie = cookieOf(login);
    expect(cookie.length).toBeLessThan(4096);
    for (const path of PATHS) {
      const answer = (await pam.handle(request(path, { cookie })))!;
      const body = await answer.text();
      expect([path, answer.status]).toEqual([path, 200]);
      expect(body).not.toContain('rrrrrrrrrrrrrrrr');
      expect(body).not.toContain('uuuuuuuuuuuuuuuu');
    }
    const view = await pam.getSession(request('/', { cookie }));
    expect(view.initial.status).toBe('signedIn');
    expect(JSON.stringify(view)).not.toMatch(/r{16}|u{16}/);
  });

  it('a refresh token of 2,049 characters in the login answer: nothing sealed, the access token revoked, the fixed 502, no echo', async () => {
    const api = await hostile.api();
    const long = `eyJ${'r'.repeat(2046)}`;
    echoing(api, long, UT);
    const pam = pamFor(api);
    const login = await logIn(pam);
    const text = await login.text();
    expect(login.status).toBe(502);
    expect(JSON.parse(text)).toEqual(UNSCRUBBABLE);
    expect(login.headers.getSetCookie()).toEqual([]);
    expect(revoked(api)).toEqual([TOKEN]);
  });

  it('a user.token of 3,000 characters in the profile: the relayed profile 502, the seed and getSession unavailable, no echo', async () => {
    const api = await hostile.api();
    const huge = `eyJ${'u'.repeat(2997)}`;
    echoing(api, RT, UT);
    const pam = pamFor(api);
    const login = await logIn(pam);
    await login.text();
    const cookie = cookieOf(login);
    echoing(api, RT, huge);
    const profile = (await pam.handle(request(PATHS[0]!, { cookie })))!;
    expect(profile.status).toBe(502);
    expect(await profile.json()).toEqual(UNSCRUBBABLE);
    const seed = await (await pam.handle(request('/pam/session', { cookie })))!.json();
    expect(seed.status).toBe('unavailable');
    const view = await pam.getSession(request('/', { cookie }));
    expect(view.initial.status).toBe('unavailable');
    expect(JSON.stringify(view)).not.toMatch(/u{16}/);
  });

  it('a refresh answering a 3,000-character refresh token: a failed refresh (token kept), its access token revoked, nothing of it out', async () => {
    const huge = `eyJ${'f'.repeat(2997)}`;
    const { api, clock, pam, login, fresh } = await signedInRefreshing(huge, { street: huge, n: 1 });
    clock.now += 6 * 3_600_000 + 1_000;
    const answer = (await pam.handle(request(PATHS[2]!, { cookie: cookieOf(login) })))!;
    expect(await answer.text()).not.toMatch(/f{16}/);
    expect(revoked(api)).toEqual([fresh]);
    const pair = cookieOf(answer);
    const sealed = pair.slice(pair.indexOf('=') + 1);
    // The current token kept (re-sealed or the cookie left as it was), never the refused one.
    if (sealed !== '') expect((await openCookie(sealed)).token).toBe(TOKEN);
    expect(
      api.requests.filter((r) => r.url === '/bff/users/address-by-user').map((r) => r.authorization),
    ).not.toContain(`Bearer ${fresh}`);
  });

  it('the session at the cookie budget (a 2,048-character access token and a 512-character refresh token): sealed under 4 kB; one more character: sealed, the refresh token left out (login-token-budget.test.ts)', async () => {
    for (const [extra, status] of [
      [0, 200],
      [1, 200],
    ] as const) {
      const api = await hostile.api();
      const access = `A${'a'.repeat(2047)}`;
      const refresh = `R${'b'.repeat(511 + extra)}`;
      api.handler = (req, res) => {
        if (req.url === '/auth/login')
          return json(res, 200, {
            ...loginOk({ refresh_token: refresh }, access),
            user: user({ token: access }),
          });
        return json(res, 204, '');
      };
      const login = await logIn(pamFor(api));
      await login.text();
      expect(login.status).toBe(status);
      if (status === 200) expect(cookieOf(login).length).toBeLessThan(4096);
      else expect(revoked(api)).toEqual([access]);
    }
  });

  it("a refresh: the login's secrets of other fields stay hunted, and a refresh answer's new refresh token replaces the login's in later calls", async () => {
    const rotated = `eyJ${'n'.repeat(900)}`;
    const { clock, pam, login, fresh } = await signedInRefreshing(rotated, { a: RT, b: rotated, c: UT });
    const before = (await pam.handle(request(PATHS[2]!, { cookie: cookieOf(login) })))!;
    // Before the refresh, the rotated one is no secret of this session yet: passed on as data.
    expect(await before.json()).toEqual({ a: '[redacted]', b: rotated, c: '[redacted]' });
    clock.now += 6 * 3_600_000 + 1_000;
    const refreshed = (await pam.handle(request(PATHS[2]!, { cookie: cookieOf(login) })))!;
    expect(await refreshed.json()).toEqual({ a: '[redacted]', b: '[redacted]', c: '[redacted]' });
    const cookie = cookieOf(refreshed);
    const session = await openCookie(cookie.slice(cookie.indexOf('=') + 1));
    expect(session.token).toBe(fresh);
    // A later call, on the refreshed cookie alone: the rotated refresh token is the session's, and
    // the login's user.token (another field) still is; the refresh token it replaced is not (review
    // 10, Q: replaced secrets no longer pile up in the cookie; a call carrying the old cookie, within
    // graceMs, still hunts it: its own session's).
    const later = (await pam.handle(request(PATHS[2]!, { cookie })))!;
    expect(await later.json()).toEqual({ a: RT, b: '[redacted]', c: '[redacted]' });
    const old = (await pam.handle(request(PATHS[2]!, { cookie: cookieOf(login) })))!;
    expect(await old.json()).toEqual({ a: '[redacted]', b: '[redacted]', c: '[redacted]' });
  });

  it('authSecretsOf: 16 to 2,048 header-safe characters hunted, longer or unsendable refused, shorter ignored', () => {
    const at = (n: number) => 'k'.repeat(n);
    expect(authSecretsOf({ refresh_token: at(2048), user: { token: at(700) } })).toEqual([at(2048), at(700)]);
    expect(authSecretsOf({ access_token: 'short' })).toEqual([]);
    expect(() => authSecretsOf({ refresh_token: at(2049) })).toThrow(ScrubFailure);
    expect(() => authSecretsOf({ user: { token: `${at(20)} x` } })).toThrow(ScrubFailure);
  });

  it('the cost is bounded: more than MAX_SECRET_CHARS of secrets in one call is refused, never scrubbed', () => {
    const of = (i: number, n: number) => `${i}${'k'.repeat(n - 1)}`;
    const fits = [of(1, 2048), of(2, 2048), of(3, MAX_SECRET_CHARS - 4096)];
    expect(scrubTokens({ a: `x ${fits[2]} y` }, fits)).toEqual({ a: 'x [redacted] y' });
    expect(() => scrubTokens({ a: 'x' }, [...fits.slice(0, 2), of(3, MAX_SECRET_CHARS - 4095)])).toThrow(
      ScrubFailure,
    );
  });
});

describe('property: a token field of any length echoed under another key never reaches the browser', () => {
  it('login, relayed route, seed: the token is absent from every answer (hunted or refused)', async () => {
    const api = await hostile.api();
    const pam = pamFor(api);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 16, max: 3_000 }),
        fc.constantFrom('refresh', 'user'),
        fc.constantFrom('a', 'Z', '7', '-'),
        async (length, field, c) => {
          const secret = `s${c.repeat(length - 1)}`;
          const refresh = field === 'refresh' ? secret : RT;
          const userToken = field === 'user' ? secret : UT;
          echoing(api, refresh, userToken);
          const login = await logIn(pam);
          const texts = [await login.text()];
          const cookie = cookieOf(login);
          // The cookie keeps the refresh token first, then user.token while it fits
          // (MAX_SESSION_CHARS); one left out is hunted in the login's answer only (docs/server.md).
          const kept = field === 'refresh' || TOKEN.length + refresh.length + length <= MAX_SESSION_CHARS;
          const later = login.status === 200 && kept ? PATHS : [];
          for (const path of later) texts.push(await (await pam.handle(request(path, { cookie })))!.text());
          expect(login.headers.getSetCookie().length).toBe(login.status === 200 ? 1 : 0);
          // Held when the server holds each token (the cookie's budget leaves out extra secrets,
          // never the login: login-token-budget.test.ts; 19 + 2,048 + 703 < MAX_SECRET_CHARS).
          expect(login.status).toBe(length <= 2048 ? 200 : 502);
          for (const t of texts) expect(t.includes(secret)).toBe(false);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);
});
