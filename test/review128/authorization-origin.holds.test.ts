// Review 128: the Authorization header (and the app's headers) go only to baseURL's origin;
// a path can never leave baseURL; the app's headers cannot replace the token nor smuggle a line.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOfetchAdapter } from '../../src/index';
import { type Recorder, rejectionOf, startRecorder } from './recorder';

let api: Recorder;
let other: Recorder;
beforeAll(async () => {
  [api, other] = await Promise.all([startRecorder(), startRecorder()]);
});
afterAll(() => Promise.all([api?.close(), other?.close()]));
beforeEach(() => {
  api.requests.length = 0;
  other.requests.length = 0;
  other.answer = () => ({ status: 200, headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4' });
});

const TOKEN = 'tok-abcdefghijklmnop';
const adapter = (baseURL: string, headers: Record<string, string> = {}) =>
  createOfetchAdapter({ baseURL, getAccessToken: () => TOKEN, headers, retry: 0 });
/** The other server as another origin (`localhost`, not 127.0.0.1). */
const elsewhere = () => other.url.replace('127.0.0.1', 'localhost');

describe('baseURL forms', () => {
  it('with a path, with or without a trailing slash: one slash, the token on each', async () => {
    for (const base of [`${api.url}/api`, `${api.url}/api/`, `${api.url}/api//`]) {
      await adapter(base).get('/x?page=2');
      await adapter(base).get('y');
    }
    expect(api.requests.map((r) => [r.url, r.headers.authorization])).toEqual(
      Array.from({ length: 3 }, () => [
        ['/api/x?page=2', `Bearer ${TOKEN}`],
        ['/api/y', `Bearer ${TOKEN}`],
      ]).flat(),
    );
  });

  it('credentials, a query or a fragment in baseURL: ConfigurationError at creation', () => {
    for (const base of [`http://u:p@127.0.0.1:${api.port}`, `${api.url}/api?x=1`, `${api.url}/api#f`]) {
      expect(() => adapter(base)).toThrow(expect.objectContaining({ code: 'configuration' }));
    }
  });
});

describe('paths that would leave baseURL: invalid_request, nothing sent anywhere', () => {
  it('absolute, protocol-relative, backslashed, scheme-relative, dot segments', async () => {
    const http = adapter(`${api.url}/api`);
    const host = new URL(elsewhere()).host;
    for (const path of [
      `${elsewhere()}/x`,
      `//${host}/x`,
      `\\\\${host}/x`,
      `/\\${host}/x`,
      `http:${host}/x`,
      `https:${host}/x`,
      '/x/../../y',
      '/%2e%2e/y',
      '/.%2E/y',
      '%2e%2e',
      '/x%2F..%2F..%2Fy',
      '/..;/y',
      '/x\t/../../y',
    ]) {
      for (const method of ['get', 'post', 'patch', 'delete'] as const) {
        const call =
          method === 'get' || method === 'delete' ? http[method](path) : http[method](path, { a: 1 });
        expect([path, method, (await rejectionOf(call)).code]).toEqual([path, method, 'invalid_request']);
      }
    }
    expect([api.requests.length, other.requests.length]).toEqual([0, 0]);
  });
});

describe('downloads elsewhere', () => {
  it('a download on another origin gets neither the token nor the app headers', async () => {
    const http = adapter(`${api.url}/api`, { 'X-App-Key': 'appkey-1234567890' });
    await http.get(`${elsewhere()}/f.pdf`, { responseType: 'blob', accessToken: 'named-token-abcdefgh' });
    expect(other.requests.map((r) => [r.headers.authorization, r.headers['x-app-key']])).toEqual([
      [undefined, undefined],
    ]);
  });
});

describe('the app headers', () => {
  it('an app Authorization header never replaces the token (any case)', async () => {
    for (const name of ['Authorization', 'authorization', 'AUTHORIZATION']) {
      await adapter(api.url, { [name]: 'Basic app' }).get('/x');
    }
    expect(
      api.requests.map((r) => r.rawHeaders.filter((_, i, a) => /^authorization$/i.test(a[i - 1] ?? ''))),
    ).toEqual([[`Bearer ${TOKEN}`], [`Bearer ${TOKEN}`], [`Bearer ${TOKEN}`]]);
  });

  it('a header given with CR/LF: ConfigurationError at creation; set later too, nothing sent', async () => {
    expect(() => adapter(api.url, { 'X-A': 'v\r\nX-Injected: 1' })).toThrow(
      expect.objectContaining({ code: 'configuration' }),
    );
    const headers: Record<string, string> = { 'X-A': 'v' };
    const http = adapter(api.url, headers);
    headers['X-A'] = 'v\r\nX-Injected: 1';
    const e = await rejectionOf(http.post('/x', { a: 1 }));
    expect(e.code).toBe('configuration'); // (fifty-ninth pass: was any typed error, `network`)
    expect(api.requests).toEqual([]);
  });
});
