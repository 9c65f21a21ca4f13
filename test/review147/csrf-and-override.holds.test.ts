// Review 147: cross-site and proof-less state-changing calls are refused before anything is sent;
// non-JSON bodies are refused; method-override headers, `_method` queries and the browser's own
// Cookie, Authorization and X-Forwarded-For never reach the API.

import type { IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createPamServer } from '../../src/server/index';
import { SECRETS } from '../server/harness';
import { fullInfo, type HostileAPI, json, loginOk, useHostile, user } from '../server/hostile';
import { type ServedHandler, serveHandler } from '../support/serve-handler';
import { cookieLines, rawRequest } from './support';

const hostile = useHostile();
const served: ServedHandler[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((s) => s.close()));
});

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

async function setUp(): Promise<{ api: HostileAPI; url: string; seen: Seen[]; cookie: string }> {
  const api = await hostile.api();
  const seen: Seen[] = [];
  api.handler = (req, res, body) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    if (req.url === '/auth/login') return json(res, 200, loginOk());
    if (req.url?.startsWith('/auth/user-profile'))
      return json(res, 200, { user: user(), userInfo: { ...loginOk().userInfo, ...fullInfo() } });
    return json(res, 200, { success: true });
  };
  const pam = createPamServer({ apiBaseURL: api.url, secrets: SECRETS });
  const s = await serveHandler((r, c) => pam.handle(r, c));
  served.push(s);
  const login = await rawRequest(
    s.url,
    'POST',
    '/pam/auth/login',
    { 'content-type': 'application/json', 'x-pam-client': '1' },
    JSON.stringify({ login: 'p@example.com', password: 'Secret123!' }),
  );
  expect(login.status).toBe(200);
  const cookie = cookieLines(login)[0]!.split(';')[0]!;
  seen.length = 0;
  return { api, url: s.url, seen, cookie };
}

const LIMITS = JSON.stringify({ password: 'Secret123!' });

describe('CSRF on mutating routes', () => {
  it('refuses cross-site, null, proof-less and cross-site-with-custom-header calls: 403, nothing sent', async () => {
    const { url, seen, cookie } = await setUp();
    const cases: [string, Record<string, string>][] = [
      ['cross-site Origin', { origin: 'https://evil.example' }],
      ['null Origin', { origin: 'null' }],
      ['no Origin, no proof', {}],
      ['Sec-Fetch-Site cross-site + X-Pam-Client', { 'sec-fetch-site': 'cross-site', 'x-pam-client': '1' }],
      ['Sec-Fetch-Site same-site + X-Pam-Client', { 'sec-fetch-site': 'same-site', 'x-pam-client': '1' }],
      ['Sec-Fetch-Site none + X-Pam-Client', { 'sec-fetch-site': 'none', 'x-pam-client': '1' }],
      ['X-Pam-Client of another value', { 'x-pam-client': 'true' }],
      ['a sibling subdomain Origin', { origin: `${url.replace('127.0.0.1', 'evil.127.0.0.1')}` }],
    ];
    for (const [what, headers] of cases) {
      for (const [method, path, type, body] of [
        ['POST', '/pam/bff/users/check-password', 'application/json', LIMITS],
        ['PATCH', '/pam/bff/users/self-contracts', 'application/json', '{}'],
        ['POST', '/pam/auth/logout', 'application/x-www-form-urlencoded', 'a=1'],
        ['POST', '/pam/auth/logout', 'text/plain', '{}'],
        ['POST', '/pam/bff/users/check-password', 'multipart/form-data; boundary=x', '--x--'],
      ] as const) {
        const r = await rawRequest(url, method, path, { cookie, 'content-type': type, ...headers }, body);
        expect(r.status, `${what} ${method} ${path}`).toBe(403);
        expect(cookieLines(r), what).toEqual([]);
      }
    }
    expect(seen).toEqual([]);
    // The session stands: a same-origin read still works.
    const still = await rawRequest(url, 'GET', '/pam/auth/user-profile?check_spa_again=1', {
      cookie,
      'sec-fetch-site': 'same-origin',
    });
    expect(still.status, still.text).toBe(200);
  });

  it('refuses form-encoded and text/plain bodies on a JSON route even from the same origin: 415', async () => {
    const { url, seen, cookie } = await setUp();
    for (const type of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
      '',
    ]) {
      const r = await rawRequest(
        url,
        'POST',
        '/pam/bff/users/check-password',
        { cookie, 'x-pam-client': '1', ...(type ? { 'content-type': type } : {}) },
        LIMITS,
      );
      expect(r.status, type).toBe(415);
    }
    expect(seen).toEqual([]);
  });

  it('never forwards method-override headers, the browser Cookie/Authorization/X-Forwarded-For', async () => {
    const { url, seen, cookie } = await setUp();
    const r = await rawRequest(
      url,
      'POST',
      '/pam/bff/users/check-password',
      {
        cookie,
        'x-pam-client': '1',
        'content-type': 'application/json',
        'x-http-method-override': 'DELETE',
        'x-http-method': 'DELETE',
        'x-method-override': 'DELETE',
        authorization: 'Bearer attacker-chosen-token-123456',
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-host': 'evil.example',
        forwarded: 'for=6.6.6.6',
      },
      LIMITS,
    );
    expect(r.status).toBe(200);
    expect(seen).toHaveLength(1);
    const h = seen[0]!.headers;
    expect(seen[0]!.method).toBe('POST');
    for (const name of [
      'x-http-method-override',
      'x-http-method',
      'x-method-override',
      'cookie',
      'x-forwarded-host',
      'forwarded',
    ])
      expect(h[name], name).toBeUndefined();
    expect(h.authorization).toBe('bearer TOKEN-abcdefgh12345');
    expect(h['x-forwarded-for']).toBeUndefined();
  });

  it('refuses a _method query or body field: nothing sent', async () => {
    const { url, seen, cookie } = await setUp();
    const q = await rawRequest(
      url,
      'POST',
      '/pam/bff/users/check-password?_method=DELETE',
      { cookie, 'x-pam-client': '1', 'content-type': 'application/json' },
      LIMITS,
    );
    expect(q.status).toBe(400);
    const b = await rawRequest(
      url,
      'POST',
      '/pam/bff/users/check-password',
      { cookie, 'x-pam-client': '1', 'content-type': 'application/json' },
      JSON.stringify({ password: 'Secret123!', _method: 'DELETE' }),
    );
    expect(b.status).toBe(400);
    expect(seen).toEqual([]);
  });
});
