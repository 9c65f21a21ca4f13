import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOfetchAdapter, type HttpError, isPamError } from '../../src/index';
import { type EchoServer, startEchoServer } from './echo-server';
import { rejectionOf } from './helpers';

const PASSWORD = 'canary-REDIRECT-PW-91';
const TOKEN = 'canary-REDIRECT-TOKEN-42';

// Two real servers on different ports: two origins.
let api: EchoServer;
let evil: EchoServer;
beforeAll(async () => {
  [api, evil] = await Promise.all([startEchoServer(), startEchoServer()]);
});
afterAll(() => Promise.all([api?.close(), evil?.close()]));
beforeEach(() => {
  api.requests.length = 0;
  evil.requests.length = 0;
  evil.answer = () => ({ status: 200, body: { stolen: true } });
});

const http = () => createOfetchAdapter({ baseURL: `${api.url}/api`, getAccessToken: () => TOKEN, retry: 0 });
const redirectTo = (status: number, location: string) => {
  api.answer = (r) =>
    r.url.startsWith('/api/final')
      ? { status: 200, body: { ok: true, url: r.url } }
      : { status, headers: { location } };
};

describe('redirects', () => {
  for (const status of [301, 302, 303, 307, 308]) {
    it(`a ${status} of a POST to another origin is a typed error, and nothing reaches that origin`, async () => {
      redirectTo(status, `${evil.url}/collect`);
      const e = (await rejectionOf(
        http().post('/auth/login', { login: 'a', password: PASSWORD }),
      )) as HttpError;
      expect(isPamError(e)).toBe(true);
      expect([e.code, e.status, e.method, e.path]).toEqual(['http', status, 'POST', '/auth/login']);
      expect(evil.requests).toHaveLength(0);
      expect(JSON.stringify(e) + String(e.stack)).not.toContain(evil.url);
    });
  }

  it('a GET redirected to another origin is refused too: no token goes there', async () => {
    redirectTo(302, `${evil.url}/collect`);
    const e = (await rejectionOf(http().get('/me'))) as HttpError;
    expect([e.code, e.status]).toEqual(['http', 302]);
    expect(evil.requests).toHaveLength(0);
  });

  it('a POST redirected on the same origin is refused as well (its body is not sent twice)', async () => {
    redirectTo(307, '/api/final');
    const e = (await rejectionOf(http().post('/auth/login', { password: PASSWORD }))) as HttpError;
    expect([e.code, e.status]).toEqual(['http', 307]);
    expect(api.requests).toHaveLength(1);
  });

  it('a GET redirected on the same origin is followed, with the token', async () => {
    redirectTo(302, '/api/final?x=1');
    await expect(http().get('/start')).resolves.toEqual({ ok: true, url: '/api/final?x=1' });
    expect(api.requests.map((r) => r.url)).toEqual(['/api/start', '/api/final?x=1']);
    expect(api.requests[1]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('sends configured headers to baseURL’s origin only (a download elsewhere gets none)', async () => {
    api.answer = () => ({ status: 200, body: {} });
    const http = createOfetchAdapter({
      baseURL: api.url,
      getAccessToken: () => TOKEN,
      headers: { 'X-Api-Key': 'canary-KEY', Cookie: 'sid=canary', 'X-Client': 'tests' },
    });
    await http.get(`${evil.url}/x`, { responseType: 'blob' });
    await http.get('/y');
    // No configured header at all (review L2): a name cannot say it is not a credential.
    expect(evil.requests[0]?.headers).not.toHaveProperty('x-client');
    expect(evil.requests[0]?.headers).not.toHaveProperty('x-api-key');
    expect(evil.requests[0]?.headers).not.toHaveProperty('cookie');
    expect(evil.requests[0]?.headers).not.toHaveProperty('authorization');
    expect(api.requests[0]?.headers).toMatchObject({ 'x-api-key': 'canary-KEY', cookie: 'sid=canary' });
  });

  it('a redirect loop on the same origin ends with a typed error', async () => {
    api.answer = () => ({ status: 302, headers: { location: '/api/loop' } });
    const e = (await rejectionOf(http().get('/loop'))) as HttpError;
    expect([e.code, e.status]).toEqual(['http', 302]);
    expect(api.requests.length).toBeLessThanOrEqual(6);
  });
});
