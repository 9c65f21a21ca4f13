// Review 155: state-changing routes from another site, or without a same-origin proof, are
// refused before anything is forwarded, whatever content type a form can send; a cross-site
// read never refreshes nor touches the session.

import { describe, expect, it } from 'vitest';
import {
  APP,
  cookieOf,
  fullInfo,
  type HostileAPI,
  json,
  logIn,
  loginOk,
  pamFor,
  request,
  useHostile,
  user,
} from '../server/hostile';

const hostile = useHostile();

function serve(api: HostileAPI) {
  api.handler = (req, res) => {
    if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
    if (req.url?.startsWith('/auth/logout')) return json(res, 200, {});
    return json(res, 200, { user: user(), userInfo: fullInfo(), street: 'x' });
  };
}

async function setup() {
  const api = await hostile.api();
  serve(api);
  let now = Date.parse('2026-11-28T12:00:00Z');
  const pam = pamFor(api, { now: () => now, cookie: { idleMs: 12 * 3_600_000 } });
  const answer = await logIn(pam);
  await answer.text();
  api.requests.length = 0;
  return { api, pam, cookie: cookieOf(answer), advance: (ms: number) => (now += ms) };
}

function raw(path: string, method: string, cookie: string, headers: Record<string, string>, body?: string) {
  return new Request(`${APP}${path}`, { method, headers: { cookie, ...headers }, body });
}

const LIMITS = '/pam/users/update/1'; // POST: what a form can send
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('review155: CSRF', () => {
  const refused: [string, string, Record<string, string>, string | undefined][] = [
    ['a cross-site form post', LIMITS, { origin: 'https://evil.example', ...FORM }, 'a=1'],
    ['a text/plain post with JSON and no proof', LIMITS, { 'content-type': 'text/plain' }, '{"days":30}'],
    [
      'a same-site sibling with the app Origin',
      LIMITS,
      { origin: APP, 'sec-fetch-site': 'same-site', 'content-type': 'application/json' },
      '{}',
    ],
    ['Origin: null', LIMITS, { origin: 'null', 'content-type': 'application/json' }, '{}'],
    ['a cross-site form logout', '/pam/auth/logout', { origin: 'https://evil.example', ...FORM }, 'x=1'],
    ['a logout with no proof at all', '/pam/auth/logout', FORM, 'x=1'],
    [
      'a cross-site login (login CSRF)',
      '/pam/auth/login',
      { origin: 'https://evil.example', ...FORM },
      'login=a&password=b',
    ],
  ];
  for (const [label, path, headers, body] of refused) {
    it(`${label}: 403, nothing forwarded, the session still live`, async () => {
      const { api, pam, cookie } = await setup();
      const got = (await pam.handle(raw(path, 'POST', cookie, headers, body)))!;
      expect(got.status).toBe(403);
      expect(got.headers.getSetCookie()).toEqual([]);
      expect(api.requests).toEqual([]);
      const after = (await pam.handle(request('/pam/bff/users/address-by-user', { cookie })))!;
      expect(after.status).toBe(200);
    });
  }

  it('the app itself (X-Pam-Client) posting a form body: 415, nothing forwarded', async () => {
    const { api, pam, cookie } = await setup();
    const got = (await pam.handle(raw(LIMITS, 'POST', cookie, { 'x-pam-client': '1', ...FORM }, 'a=1')))!;
    expect(got.status).toBe(415);
    expect(api.requests).toEqual([]);
  });

  it('a cross-site read of the session with a due token: refused, no refresh sent, no cookie', async () => {
    const { api, pam, cookie, advance } = await setup();
    advance(7 * 3_600_000); // past the refresh point (6 h), within the idle clock (12 h here)
    const got = (await pam.handle(raw('/pam/session', 'GET', cookie, { 'sec-fetch-site': 'cross-site' })))!;
    expect(got.status).toBe(403);
    expect(got.headers.getSetCookie()).toEqual([]);
    expect(api.requests.filter((r) => r.url.startsWith('/users/refresh-token'))).toEqual([]);
    // The app's own read does refresh it (the probe can tell).
    const own = (await pam.handle(request('/pam/session', { cookie })))!;
    expect(own.status).toBe(200);
    expect(api.requests.filter((r) => r.url.startsWith('/users/refresh-token'))).toHaveLength(1);
  });
});
