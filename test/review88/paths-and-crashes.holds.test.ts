// Review 88 (holds): paths that try to leave the service's routes (docs/server.md, "Proxy rules":
// `%2e`, `%2f`, `%5c`, `\`, `//` or any other `%` refused `404`, nothing forwarded; a query
// allowlist, `400`), `Cache-Control: no-store` on every answer the proxy writes, and no input of
// a browser that makes `handle` reject or answer a bare 500 (a typed answer every time).

import { describe, expect, it } from 'vitest';
import { APP, fullInfo, json, loginOk, pamFor, signIn, TOKEN, useHostile, user } from '../server/hostile';

const hostile = useHostile();
const profile = () => ({ user: user(), userInfo: fullInfo({ ...loginOk().userInfo }) });

const ESCAPES: [string, number][] = [
  ['/pam/auth/%2e%2e/auth/logout', 404],
  ['/pam/auth%2Fuser-profile', 404],
  ['/pam/auth%5cuser-profile', 404],
  ['/pam/auth//user-profile', 404],
  ['/pam//auth/user-profile', 404],
  ['/pam/auth/user-profile/', 404],
  ['/pam/auth/user-profile;x=1', 404],
  ['/pam/auth/user%2Dprofile', 404],
  ['/pam/auth/user-profil%C3%A9', 404],
  ['/pam/auth/user-profile%00', 404],
  ['/pam/ａuth/user-profile', 404],
  ['/pam/users/refresh-token', 404],
  ['/pam/auth/refresh', 404],
  ['/pam/Auth/User-Profile', 404],
  [`/pam/${'a/'.repeat(4000)}b`, 404],
  ['/pam/income-report/0', 404],
  ['/pam/income-report/99999999999999999', 404],
  ['/pam/income-report/1e3', 404],
  ['/pam/bff/users/login-history?page=2&page=3', 400],
  ['/pam/bff/users/login-history?page=2&redirect=https://evil.example', 400],
  ['/pam/bff/users/login-history?page=-1', 400],
  ['/pam/auth/user-profile?check_spa_again=0', 400],
  ['/pam/auth/user-profile?check_spa_again=1&_method=DELETE', 400],
  ['/pam/bff/users/address-by-user?access_token=x', 400],
  ['/pam/session?x=1', 400],
  ['/pam/report-file?id=1&url=https://evil.example/', 400],
  ['/pam/report-file?id=../../auth/user-profile', 400],
];

describe('review 88: paths out of the routes', () => {
  it.each(ESCAPES)('GET %s -> %i, nothing forwarded, no-store', async (path, status) => {
    const api = await hostile.api();
    api.handler = (req, res) =>
      req.url?.startsWith('/auth/login') ? json(res, 200, loginOk()) : json(res, 200, profile());
    const pam = pamFor(api, { origin: APP });
    const cookie = await signIn(pam);
    const before = api.requests.length;
    for (const method of ['GET', 'HEAD']) {
      const answer = (await pam.handle(new Request(`${APP}${path}`, { method, headers: { cookie } })))!;
      await answer.text();
      expect(answer.status).toBe(status);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    expect(api.requests.length).toBe(before);
  });
});

const PATHS = [
  '/pam/auth/login',
  '/pam/auth/logout',
  '/pam/auth/user-profile?check_spa_again=1',
  '/pam/bff/users/update-limits',
  '/pam/users/update/1',
  '/pam/users/change-password/1',
  '/pam/bff/users/check-password',
  '/pam/session',
  '/pam/report-file?id=1',
  '/pam/auth/forgot-password',
  '/pam/auth/register-simplified',
  '/pam/bff/users/account-social/9',
  '/pam/auth/validate-document',
  '/pam/bff/users/login-history?page=2',
  '/pam/nope',
];
const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS', 'PROPFIND'];
const BODIES: (string | undefined)[] = [
  undefined,
  '',
  'null',
  '[]',
  '"x"',
  '1e999',
  '{"login":{},"password":[]}',
  '{"login":"p@example.com","password":"\\ud800abcdefghij"}',
  '{"password":"\\ud800abcdefghij","password_check":"\\udc00xxxxxxxx","old_password":"\\ud83dzzzzzzzz"}',
  '{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}',
  `{"a":${'['.repeat(31)}${']'.repeat(31)}}`,
  '{"code":123456789012345678901234567890}',
  '{"password":-0}',
  '{"password":1e308}',
  '{"password":{"a":"bbbbbbbbbbbbbbbbbbbbbb"}}',
  '\ufeff{"login":"p@example.com","password":"Secret123!"}',
  '{"login":"p@example.com","password":"Secret123!","password":"Other123!"}',
];
const COOKIES = (live: string) => [
  live,
  '__Host-pam-session=Fe26.2*k1*a*b*c**d*e',
  '__Host-pam-session=',
  'a=b; ;;=;',
  '',
];

describe('review 88: no input of a browser makes handle fail', () => {
  it('every route x method x odd body x odd cookie: a typed answer, no-store, no token', async () => {
    const api = await hostile.api();
    api.handler = (req, res, body) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      if (req.url?.startsWith('/auth/user-profile')) return json(res, 200, profile());
      return json(res, 422, { message: `bad ${body} ${TOKEN}`, errors: { x: [body] } });
    };
    const pam = pamFor(api, { origin: APP });
    const live = await signIn(pam);
    const bad: string[] = [];
    for (const path of PATHS)
      for (const method of METHODS)
        for (const body of BODIES)
          for (const cookie of COOKIES(live)) {
            if ((method === 'GET' || method === 'HEAD') && body !== undefined) continue;
            const headers = new Headers({ 'x-pam-client': '1', origin: APP });
            if (cookie) headers.set('cookie', cookie);
            if (body !== undefined) headers.set('content-type', 'application/json');
            const what = `${method} ${path} ${body} ${cookie.slice(0, 30)}`;
            try {
              const r = (await pam.handle(new Request(`${APP}${path}`, { method, headers, body })))!;
              const text = await r.text();
              if (r.status === 500 || r.status < 200) bad.push(`${what} -> ${r.status}`);
              if (r.headers.get('cache-control') !== 'no-store')
                bad.push(`${what} cache ${r.headers.get('cache-control')}`);
              if (text.includes(TOKEN)) bad.push(`${what} leaked the token`);
            } catch (error) {
              bad.push(`${what} threw ${String(error)}`);
            }
          }
    expect(bad).toEqual([]);
  }, 120_000);
});
