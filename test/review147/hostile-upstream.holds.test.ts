// Review 147: odd proxied paths reach no upstream route; an upstream that echoes the session's
// token in headers, Set-Cookie and body, or is unreachable, leaks neither the token nor internals.

import { afterEach, describe, expect, it } from 'vitest';
import { createPamServer } from '../../src/server/index';
import { SECRETS } from '../server/harness';
import { fullInfo, type HostileAPI, json, loginOk, TOKEN, useHostile, user } from '../server/hostile';
import { type ServedHandler, serveHandler } from '../support/serve-handler';
import { cookieLines, type RawAnswer, rawRequest } from './support';

const hostile = useHostile();
const served: ServedHandler[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((s) => s.close()));
});
const INFO = { ...loginOk().userInfo, ...fullInfo() };
const REFRESH = 'REFRESH-zyxwvutsrq98765';

async function setUp(apiBaseURL?: string) {
  const api: HostileAPI = await hostile.api();
  api.handler = (req, res) => {
    if (req.url === '/auth/login') return json(res, 200, loginOk({ refresh_token: REFRESH }));
    json(res, 200, { user: user(), userInfo: INFO });
  };
  const pam = createPamServer({ apiBaseURL: apiBaseURL ?? api.url, secrets: SECRETS });
  const s = await serveHandler((r, c) => pam.handle(r, c));
  served.push(s);
  const login = await rawRequest(
    s.url,
    'POST',
    '/pam/auth/login',
    { 'content-type': 'application/json', 'x-pam-client': '1' },
    JSON.stringify({ login: 'p@example.com', password: 'Secret123!' }),
  );
  const cookie = cookieLines(login)[0]?.split(';')[0] ?? '';
  api.requests.length = 0;
  return { api, url: s.url, cookie, login };
}

const headerText = (a: RawAnswer) => JSON.stringify(a.headers);

describe('proxied paths', () => {
  it('encoded slashes, dots, backslashes, empty segments and unknown routes are refused unsent', async () => {
    const { api, url, cookie } = await setUp();
    const paths: [string, string][] = [
      ['POST', '/pam/users/refresh-token'],
      ['GET', '/pam/auth/%2e%2e/users/refresh-token'],
      ['GET', '/pam/bff/users/..%2f..%2fadmin'],
      ['GET', '/pam/bff%2fusers%2faddress-by-user'],
      ['GET', '/pam/bff%5cusers%5caddress-by-user'],
      ['GET', '/pam//bff/users/address-by-user'],
      ['GET', '/pam/bff/users/address-by-user/'],
      ['GET', '/pam/bff/users/address-by-user;x=1'],
      ['GET', '/pam/bff/users/address-by-user%00'],
      ['GET', '/pam/bff/users/address-by-user%3Fadmin=1'],
      ['GET', '/pam/auth/user-profile?check_spa_again=1&check_spa_again=0'],
      ['GET', '/pam/auth/user-profile?check_spa_again=0'],
      ['GET', '/pam/bff/users/login-history?page=-1'],
      ['GET', '/pam/bff/users/login-history?page=1e3'],
      ['GET', '/pam/report-file?id=..%2f..%2fadmin'],
      ['GET', '/pam/income-report/0x1'],
      ['GET', '/pam/income-report/99999999999999999'],
      ['POST', '/pam/users/update/2'],
      ['GET', '/pam/BFF/users/address-by-user'],
      ['DELETE', '/pam/bff/users/address-by-user'],
      ['PUT', '/pam/auth/login'],
    ];
    for (const [method, path] of paths) {
      const r = await rawRequest(
        url,
        method,
        path,
        {
          cookie,
          'x-pam-client': '1',
          'content-type': 'application/json',
        },
        method === 'GET' ? undefined : '{}',
      );
      expect([400, 403, 404], `${method} ${path}: ${r.status}`).toContain(r.status);
      expect(r.text).not.toContain(TOKEN);
    }
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});

describe('an upstream that echoes the session secrets', () => {
  it('passes back no header of its own (Set-Cookie included) and no token in any form', async () => {
    const { api, url, cookie, login } = await setUp();
    expect(login.text).not.toContain(TOKEN);
    expect(login.text).not.toContain(REFRESH);
    api.handler = (_req, res) =>
      json(
        res,
        200,
        {
          user: user({ name: `Bearer ${TOKEN}` }),
          userInfo: INFO,
          debug: { credential: TOKEN, again: encodeURIComponent(REFRESH), cut: TOKEN.slice(0, 14) },
          list: [`x ${REFRESH} y`, TOKEN.toUpperCase()],
        },
        {
          'set-cookie': `sid=${TOKEN}; Path=/`,
          'x-debug-token': TOKEN,
          authorization: `Bearer ${TOKEN}`,
          'www-authenticate': `Bearer error="${REFRESH}"`,
          link: `</x?t=${TOKEN}>; rel=next`,
          'access-control-allow-origin': '*',
          'access-control-allow-credentials': 'true',
          server: 'internal-api-7 (php 8.3)',
        },
      );
    const r = await rawRequest(url, 'GET', '/pam/auth/user-profile?check_spa_again=1', {
      cookie,
      'sec-fetch-site': 'same-origin',
    });
    expect(r.status).toBe(200);
    for (const secret of [TOKEN, REFRESH, TOKEN.slice(0, 14), encodeURIComponent(REFRESH)]) {
      expect(r.text).not.toContain(secret);
      expect(headerText(r)).not.toContain(secret);
    }
    expect(r.text.toLowerCase()).not.toContain(TOKEN.toLowerCase());
    const names = Object.keys(r.headers).filter(
      (h) => !['connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(h),
    );
    expect(names.sort()).toEqual(['cache-control', 'content-type', 'date', 'x-content-type-options']);
    expect(cookieLines(r).some((l) => l.startsWith('sid='))).toBe(false);
  });

  it('an unreachable API answers a fixed message: no address, port or stack', async () => {
    const { url, cookie } = await setUp();
    const deadPam = createPamServer({ apiBaseURL: 'http://127.0.0.1:9', secrets: SECRETS });
    const s = await serveHandler((r, c) => deadPam.handle(r, c));
    served.push(s);
    const r = await rawRequest(s.url, 'GET', '/pam/auth/user-profile?check_spa_again=1', {
      cookie,
      'sec-fetch-site': 'same-origin',
    });
    expect(r.status).toBe(502);
    expect(JSON.parse(r.text)).toEqual({ message: 'The service could not be reached.' });
    expect(url).toBeTruthy();
  });
});
