import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOfetchAdapter, downloadIncomeReport, isPamError } from '../../src/index';
import { type EchoServer, startEchoServer } from './echo-server';
import { rejectionOf } from './helpers';

// Issue 27.2: a path given to the adapter is joined under baseURL, always. Anything that would
// resolve elsewhere (another host, or outside baseURL's path) is an `invalid_request` and sends
// nothing; an absolute URL is taken only for a download (`responseType: 'blob'`), whose own rule
// keeps the token under baseURL (its origin and path: review 141).

let api: EchoServer;
let evil: EchoServer;
beforeAll(async () => {
  [api, evil] = await Promise.all([startEchoServer(), startEchoServer()]);
});
afterAll(() => Promise.all([api?.close(), evil?.close()]));
beforeEach(() => {
  api.requests.length = 0;
  evil.requests.length = 0;
  api.answer = () => ({ status: 200, body: { ok: true } });
  evil.answer = () => ({ status: 200, headers: { 'content-type': 'application/pdf' }, body: '%PDF evil' });
});

const http = () =>
  createOfetchAdapter({ baseURL: `${api.url}/api`, getAccessToken: () => 'tok-api-only', retry: 0 });

/** The other server as another origin on the same machine (`localhost`, not the base's 127.0.0.1). */
const evilHost = () => evil.url.replace('http://127.0.0.1', 'localhost');
const apiHost = () => new URL(api.url).host;

describe('a path that would leave baseURL is refused, nothing sent', () => {
  const leaving: [string, () => string][] = [
    ['protocol-relative', () => `//${evilHost()}/x`],
    ['protocol-relative to the base host', () => `//${apiHost()}/x`],
    ['slash backslash', () => `/\\${evilHost()}/x`],
    ['two backslashes', () => `\\\\${evilHost()}/x`],
    ['backslash slash', () => `\\/${evilHost()}/x`],
    ['encoded slashes', () => `/%2F%2F${evilHost()}/x`],
    ['encoded slashes, lower case', () => `%2f%2f${evilHost()}/x`],
    ['encoded backslashes', () => `/%5C%5C${evilHost()}/x`],
    ['doubly encoded slashes', () => `/%252F%252F${evilHost()}/x`],
    ['dot segments above the base path', () => '/../admin'],
    ['dot segments deeper', () => '/users/../../admin?x=1'],
    ['encoded dot segments', () => '/%2e%2e/admin'],
    ['mixed encoded dot segments', () => '/.%2E/admin'],
    ['backslash dot segments', () => '/..\\admin'],
    ['an absolute URL elsewhere', () => `${evil.url}/x`],
    ['an absolute URL on the base origin', () => `${api.url}/api/x`],
    ['another scheme', () => 'javascript:alert(1)'],
    ['a data URL', () => 'data:application/json,{}'],
    // Review of 26/27, D: the URL parser strips tabs and newlines AFTER the check looked.
    ['slash tab slash', () => `/\t/${evilHost()}/x`],
    ['tab then protocol-relative', () => `\t//${evilHost()}/x`],
    ['slash CR LF slash', () => `/\r\n/${evilHost()}`],
    ['a newline inside the path', () => '/users\n'],
    ['a NUL in the query', () => '/users?x=\u0000'],
  ];
  for (const [name, path] of leaving) {
    for (const method of ['get', 'post', 'patch', 'delete'] as const) {
      it(`${name}: ${method}`, async () => {
        const adapter = http();
        const sent =
          method === 'get' || method === 'delete'
            ? adapter[method](path())
            : adapter[method](path(), { password: 'hunter2-hunter2' });
        const error = await rejectionOf(sent);
        expect(isPamError(error) && error.code).toBe('invalid_request');
        expect(JSON.stringify(error)).not.toContain('hunter2');
        expect(api.requests).toEqual([]);
        expect(evil.requests).toEqual([]);
      });
    }
  }

  it('a download (blob) is held to the same rule for anything but an absolute http(s) URL', async () => {
    for (const path of [`//${evilHost()}/r.pdf`, `/\\${evilHost()}/r.pdf`, '/../r.pdf', 'data:,x']) {
      const error = await rejectionOf(http().get(path, { responseType: 'blob' }));
      expect(isPamError(error) && error.code, path).toBe('invalid_request');
    }
    const error = await rejectionOf(downloadIncomeReport(http(), { download_url: `//${evilHost()}/r.pdf` }));
    expect(isPamError(error) && error.code).toBe('invalid_request');
    expect(api.requests).toEqual([]);
    expect(evil.requests).toEqual([]);
  });
});

describe('a path under baseURL is sent there', () => {
  for (const [path, seen] of [
    ['/users', '/api/users'],
    ['users', '/api/users'],
    ['/a/../b', '/api/b'],
    ['/x?next=//evil.example/%2F..', '/api/x?next=//evil.example/%2F..'],
    ['', '/api'],
  ] as const) {
    it(`${JSON.stringify(path)} -> ${seen}, with the token`, async () => {
      await http().get(path);
      expect(api.requests.map((r) => r.url)).toEqual([seen]);
      expect(api.requests[0]?.headers.authorization).toBe('Bearer tok-api-only');
    });
  }

  it('an absolute http(s) URL is taken for a download, without the token elsewhere', async () => {
    const { blob } = await http().get<{ blob: Blob }>(`${evil.url}/r.pdf`, { responseType: 'blob' });
    expect(await blob.text()).toBe('%PDF evil');
    expect(evil.requests[0]?.headers.authorization).toBeUndefined();
    await http().get(`${api.url}/api/files/r.pdf`, { responseType: 'blob' });
    expect(api.requests[0]?.headers.authorization).toBe('Bearer tok-api-only');
    // On the API's origin but outside baseURL's path (another service on the host): no token
    // either (review 141).
    await http().get(`${api.url}/files/r.pdf`, { responseType: 'blob' });
    expect(api.requests[1]?.url).toBe('/files/r.pdf');
    expect(api.requests[1]?.headers.authorization).toBeUndefined();
  });
});
