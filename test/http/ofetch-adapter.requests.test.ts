import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UnauthorizedError } from '../../src/errors/index';
import { createOfetchAdapter } from '../../src/http/ofetch-adapter';
import { startReferenceServer } from '../../src/testing/index';
import type { ReferenceServer } from '../../src/testing/types';
import { rejectionOf } from './helpers';

let server: ReferenceServer;
let other: ReferenceServer;
let token: string;

beforeAll(async () => {
  [server, other] = await Promise.all([startReferenceServer(), startReferenceServer()]);
});
afterAll(async () => {
  await Promise.all([server?.close(), other?.close()]);
});
beforeEach(() => {
  server.reset();
  other.reset();
  token = server.issueToken(server.seed.plain.id);
});

describe('createOfetchAdapter: what reaches the server', () => {
  it('sends a GET with its query string, Accept and the bearer token, and parses the answer', async () => {
    const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: async () => token });
    const page = await http.get('/bff/users/login-history?page=1');

    expect(page).toBeTypeOf('object');
    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(sent?.method).toBe('GET');
    expect(sent?.url).toBe('/bff/users/login-history?page=1');
    expect(sent?.path).toBe('/bff/users/login-history');
    expect(sent?.query).toEqual({ page: '1' });
    expect(sent?.headers.authorization).toBe(`Bearer ${token}`);
    expect(sent?.headers.accept).toBe('application/json');
    expect(sent?.headers['content-type']).toBeUndefined();
    expect(sent?.body).toBeUndefined();
  });

  it('returns the parsed JSON of a protected route', async () => {
    const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: () => token });
    const answer = await http.get<{ years: number[] }>('/income-report/available-years');
    expect(Array.isArray(answer.years)).toBe(true);
    expect(answer.years.every((y) => Number.isInteger(y))).toBe(true);
  });

  it('sends a POST body as JSON, without a token when there is none', async () => {
    const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: () => null });
    const { email, password } = server.seed.plain;
    const answer = await http.post<{ access_token?: string }>('/auth/login', { login: email, password });

    expect(answer.access_token).toBeTypeOf('string');
    const [sent] = server.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/auth/login');
    expect(sent?.body).toEqual({ login: email, password });
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers.accept).toBe('application/json');
    expect(sent?.headers.authorization).toBeUndefined();
  });

  it('sends PATCH with a body and DELETE without one', async () => {
    server.faults.add({ path: '/bff/users/update-limits', status: 200, body: { success: true } });
    server.faults.add({ path: '/bff/users/social/7', status: 204 });
    const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: () => token });
    const limits = { deposit_limit_daily: 100, deposit_limit_daily_active: 1 };

    expect(await http.patch('/bff/users/update-limits', limits)).toEqual({ success: true });
    expect(await http.delete('/bff/users/social/7')).toBeUndefined();

    expect(server.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['PATCH', '/bff/users/update-limits', limits],
      ['DELETE', '/bff/users/social/7', undefined],
    ]);
    expect(server.requests[1]?.headers['content-type']).toBeUndefined();
    expect(server.requests.every((r) => r.headers.authorization === `Bearer ${token}`)).toBe(true);
  });

  it('joins a baseURL with a path prefix and a trailing slash with exactly one slash', async () => {
    server.faults.add({ path: '/api/v1/ping', status: 200, body: { pong: true } });
    const http = createOfetchAdapter({ baseURL: `${server.url}/api/v1/` });
    expect(await http.get('/ping?x=1&y=a%20b')).toEqual({ pong: true });
    expect(server.requests[0]?.url).toBe('/api/v1/ping?x=1&y=a%20b');
  });

  it('merges the user headers', async () => {
    const http = createOfetchAdapter({
      baseURL: server.url,
      headers: { 'X-Client': 'pam-tests', 'Accept-Language': 'pt-BR' },
    });
    await http.post('/auth/login', { login: server.seed.plain.email, password: server.seed.plain.password });
    const headers = server.requests[0]?.headers;
    expect(headers?.['x-client']).toBe('pam-tests');
    expect(headers?.['accept-language']).toBe('pt-BR');
    expect(headers?.accept).toBe('application/json');
  });

  it('uses a custom tokenType', async () => {
    server.faults.add({ path: '/custom', status: 200, body: {} });
    const http = createOfetchAdapter({
      baseURL: server.url,
      getAccessToken: () => 'abc',
      tokenType: 'Token',
    });
    await http.get('/custom');
    expect(server.requests[0]?.headers.authorization).toBe('Token abc');
  });

  it('sends the token to baseURL’s origin only', async () => {
    const onUnauthorized = vi.fn(async () => true);
    const getAccessToken = vi.fn(() => token);
    const http = createOfetchAdapter({ baseURL: `${server.url}/`, getAccessToken, onUnauthorized });

    // Same origin, absolute (a download, the one request that may name a URL): gets it.
    await http.get(`${server.url}/income-report/available-years`, { responseType: 'blob' });
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${token}`);

    // Another port: never gets it, and its 401 is not ours to refresh.
    const error = await rejectionOf(
      http.get(`${other.url}/income-report/available-years`, { responseType: 'blob' }),
    );
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0]?.headers.authorization).toBeUndefined();
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getAccessToken).toHaveBeenCalledTimes(1);
  });

  it('resolves a 204 and an empty 200 to undefined', async () => {
    server.faults.add({ path: '/no-content', status: 204 });
    server.faults.add({ path: '/empty', status: 200, body: '', contentType: 'application/json' });
    const http = createOfetchAdapter({ baseURL: server.url });
    expect(await http.post('/no-content', { a: 1 })).toBeUndefined();
    expect(await http.get('/empty')).toBeUndefined();
  });

  it('returns any JSON served as a 2xx body deep-equal', async () => {
    const http = createOfetchAdapter({ baseURL: server.url, retry: 0 });
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.constantFrom(200, 201, 202), async (value, status) => {
        const text = JSON.stringify(value);
        const remove = server.faults.add({
          path: '/any',
          status,
          body: text,
          contentType: 'application/json',
        });
        try {
          expect(await http.get('/any')).toEqual(JSON.parse(text));
        } finally {
          remove();
        }
      }),
      { numRuns: 60 },
    );
  });
});
