// Review 120: a hostile browser's paths and cross-site calls, over real sockets to the proxy in
// front of the reference server. Nothing outside the allow-list is forwarded (the refresh route
// least of all), and no state-changing call from another site is forwarded with the cookie.
import { describe, expect, it } from 'vitest';
import { Browser, type TestClock, usePam } from '../server/harness';
import { raw } from './raw';

const clock: TestClock = { now: Date.now() };
const { ref, fx } = usePam(clock);
const NAME = '__Host-pam-session';

async function signedIn(): Promise<string> {
  const b = new Browser(fx.served.url);
  const { email, password } = ref.server.seed.plain;
  expect((await b.login(email, password)).status).toBe(200);
  ref.server.requests.length = 0;
  return `${NAME}=${b.cookie}`;
}

const ESCAPES = [
  '/pam/auth/../users/refresh-token',
  '/pam/%2e%2e/users/refresh-token',
  '/pam/auth/%2e%2e/users/refresh-token',
  '/pam/bff%2fusers%2faddress-by-user',
  '/pam/bff%2Fusers/address-by-user',
  '/pam//evil.host/x',
  '/pam//127.0.0.1/users/refresh-token',
  '/pam/auth/user-profile;jsessionid=1',
  '/pam/auth/user-profile/',
  '/pam/auth/user-profile%3Fcheck_spa_again=1',
  '/pam/auth/user-profile?check_spa_again=1&redirect=//evil.host',
  '/pam/auth/user-profile?check_spa_again=1&check_spa_again=0',
  '/pam/income-report/0x10',
  '/pam/income-report/1e3',
  '/pam/income-report/-1',
  '/pam/income-report/%31',
  '/pam/users/refresh-token',
  '/pam/report-file?id=1&url=http://evil.host/',
  '/pam/bff/users/login-history?page=2&page=../../users/refresh-token',
];

describe('review 120: paths and cross-site calls (held)', () => {
  it('no escaping path is forwarded, and none reaches the refresh route', async () => {
    const cookie = await signedIn();
    const wrong: string[] = [];
    for (const path of ESCAPES) {
      const got = await raw(fx.served.url, path, { headers: { cookie } });
      // the proxy refuses it, or it is not under the prefix (the app answers): never forwarded
      const refused = got.status === 400 || got.status === 404;
      const apps = got.status === 200 && got.text === 'the app answers this';
      if (!refused && !apps) wrong.push(`${path} ${got.status}`);
    }
    expect(wrong).toEqual([]);
    expect(ref.server.requests.map((r) => r.url)).toEqual([]);
    const refreshCalls = ref.server.requests.filter((r) => r.path === '/users/refresh-token');
    expect(refreshCalls).toEqual([]);
  });

  it('state-changing calls from another site are refused, nothing forwarded, the session kept', async () => {
    const cookie = await signedIn();
    const app = fx.served.url;
    const other = app.replace(/:(\d+)$/, (_, p) => `:${Number(p) + 1}`);
    const body = JSON.stringify({ time_out_limit_days: 30 });
    const tries: { path: string; method: string; headers: Record<string, string>; body?: string }[] = [
      { path: '/pam/auth/logout', method: 'POST', headers: { origin: 'https://evil.host' } },
      {
        path: '/pam/auth/logout',
        method: 'POST',
        headers: { origin: 'null', 'content-type': 'text/plain' },
        body: 'x=1',
      },
      {
        path: '/pam/auth/logout',
        method: 'POST',
        headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      },
      { path: '/pam/auth/logout', method: 'POST', headers: {} },
      { path: '/pam/auth/logout', method: 'POST', headers: { origin: other } },
      {
        path: '/pam/auth/logout',
        method: 'POST',
        headers: { 'sec-fetch-site': 'same-site', 'x-pam-client': '1' },
      },
      {
        path: '/pam/auth/logout',
        method: 'POST',
        headers: { 'sec-fetch-site': 'none', 'x-pam-client': '1' },
      },
      {
        path: '/pam/auth/logout',
        method: 'POST',
        headers: { origin: 'https://evil.host', 'x-pam-client': '1', 'sec-fetch-site': 'same-origin' },
      },
      {
        path: '/pam/bff/users/timeout-limits',
        method: 'PATCH',
        headers: { origin: 'https://evil.host', 'content-type': 'application/json' },
        body,
      },
      {
        path: '/pam/bff/users/timeout-limits',
        method: 'PATCH',
        headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' },
        body,
      },
      {
        path: '/pam/bff/users/timeout-limits',
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body,
      },
    ];
    for (const t of tries) {
      const got = await raw(app, t.path, {
        method: t.method,
        headers: { cookie, ...t.headers },
        body: t.body,
      });
      expect(got.status, JSON.stringify(t.headers)).toBe(403);
      expect(got.setCookie, JSON.stringify(t.headers)).toEqual([]);
      expect(got.headers['access-control-allow-origin']).toBeUndefined();
    }
    // reads from another site (a sibling's <img>, a cross-site <script>) refused too
    for (const site of ['cross-site', 'same-site']) {
      const got = await raw(app, '/pam/session', { headers: { cookie, 'sec-fetch-site': site } });
      expect(got.status, site).toBe(403);
      expect(got.setCookie).toEqual([]);
    }
    // a CORS preflight is never granted
    const pre = await raw(app, '/pam/bff/users/timeout-limits', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.host',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'x-pam-client',
      },
    });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-headers']).toBeUndefined();
    expect(ref.server.requests).toEqual([]);
    // the session still stands
    const seed = await raw(app, '/pam/session', { headers: { cookie } });
    expect((JSON.parse(seed.text) as { status: string }).status).toBe('signedIn');
  });
});
