import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AbortedError,
  HttpError,
  isPamError,
  NetworkError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  UnauthorizedError,
} from '../../src/errors/index';
import { createOfetchAdapter } from '../../src/http/ofetch-adapter';
import { startReferenceServer } from '../../src/testing/index';
import type { ReferenceServer } from '../../src/testing/types';
import { turns, until } from '../support/event-loop';
import { installFakeTimers } from '../support/fake-timers';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';
import { liveTimers, refusedURL, rejectionOf, visibleText } from './helpers';

let server: ReferenceServer;
let deadURL: string;

beforeAll(async () => {
  [server, deadURL] = await Promise.all([startReferenceServer(), refusedURL()]);
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  server.reset();
});

describe('createOfetchAdapter: errors', () => {
  it('throws UnauthorizedError for a 401', async () => {
    const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: () => 'not-a-token' });
    const error = await rejectionOf(http.get('/income-report/available-years?x=1'));

    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toBeInstanceOf(HttpError);
    const e = error as UnauthorizedError;
    expect([e.code, e.status, e.method, e.path]).toEqual([
      'unauthorized',
      401,
      'GET',
      '/income-report/available-years',
    ]);
    expect(e.body).toEqual({ message: 'Unauthenticated.' });
    // The server's body.message (issue 15 item 6); method, path and status stay fields.
    expect(e.message).toBe('Unauthenticated.');
  });

  it('throws HttpError with fieldErrors for a 422', async () => {
    server.faults.add({
      method: 'POST',
      path: '/auth/register-simplified',
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { email: ['The email has already been taken.'] },
      },
    });
    const http = createOfetchAdapter({ baseURL: server.url });
    const e = (await rejectionOf(http.post('/auth/register-simplified', { email: 'a@b.c' }))) as HttpError;

    expect(e).toBeInstanceOf(HttpError);
    expect(e).not.toBeInstanceOf(UnauthorizedError);
    expect([e.code, e.status, e.method, e.path]).toEqual(['http', 422, 'POST', '/auth/register-simplified']);
    expect({ ...e.fieldErrors }).toEqual({ email: ['The email has already been taken.'] });
    expect(e.message).toBe('The given data was invalid.');
  });

  it('reads Retry-After of a 429 as delta-seconds and as an HTTP date', async () => {
    const http = createOfetchAdapter({ baseURL: server.url });
    server.faults.add({
      path: '/auth/login',
      status: 429,
      body: { message: 'Too Many Attempts.' },
      headers: { 'Retry-After': '7' },
      times: 1,
    });
    const delta = (await rejectionOf(http.post('/auth/login', {}))) as HttpError;
    expect([delta.status, delta.retryAfter]).toEqual([429, 7]);

    const at = new Date(Date.now() + 120_000).toUTCString();
    server.faults.add({ path: '/auth/login', status: 429, headers: { 'Retry-After': at }, times: 1 });
    const dated = (await rejectionOf(http.post('/auth/login', {}))) as HttpError;
    expect(dated.status).toBe(429);
    expect(dated.retryAfter).toBeGreaterThanOrEqual(118);
    expect(dated.retryAfter).toBeLessThanOrEqual(120);

    server.faults.add({ path: '/auth/login', status: 429, headers: { 'Retry-After': 'later' }, times: 1 });
    expect(((await rejectionOf(http.post('/auth/login', {}))) as HttpError).retryAfter).toBeUndefined();
  });

  it("reads a Retry-After date against the answer's own Date, not the device's clock (one clock)", async () => {
    const http = createOfetchAdapter({ baseURL: server.url });
    // The server's clock off the device's by up to two days either way; the wait it asks 0 s to 1 h.
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -172_800, max: 172_800 }),
        fc.integer({ min: 0, max: 3_600 }),
        async (skewS, waitS) => {
          const serverNow = Math.floor(Date.now() / 1000) * 1000 + skewS * 1000;
          server.faults.add({
            path: '/auth/login',
            status: 429,
            headers: {
              Date: new Date(serverNow).toUTCString(),
              'Retry-After': new Date(serverNow + waitS * 1000).toUTCString(),
            },
            times: 1,
          });
          const e = (await rejectionOf(http.post('/auth/login', {}))) as HttpError;
          expect([e.status, e.retryAfter]).toEqual([429, waitS]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('keeps an HTML 500 body (truncated to 2 kB) out of the message', async () => {
    const page = `<!DOCTYPE html><html><body><h1>Whoops</h1>${'<p>stack frame</p>'.repeat(400)}</body></html>`;
    server.faults.add({ path: '/bff/users/address', status: 500, body: page });
    const http = createOfetchAdapter({ baseURL: server.url, retry: 0 });
    const e = (await rejectionOf(http.get('/bff/users/address'))) as HttpError;

    expect(e).toBeInstanceOf(HttpError);
    expect(e.status).toBe(500);
    expect(e.message).toBe('GET /bff/users/address failed with 500');
    expect(e.message).not.toContain('<');
    expect(e.body).toBe(page.slice(0, 2048));
    expect(e.fieldErrors).toBeUndefined();
  });

  it('throws NetworkError when the connection is refused, with only the low-level code as cause', async () => {
    const http = createOfetchAdapter({ baseURL: deadURL, retry: 0 });
    const e = (await rejectionOf(http.get('/income-report/available-years?page=2'))) as NetworkError;

    expect(e).toBeInstanceOf(NetworkError);
    expect(e.code).toBe('network');
    expect(e.message).toBe('GET /income-report/available-years got no response');
    const cause = e.cause as Error & { code?: string };
    expect(cause).toBeInstanceOf(Error);
    expect(cause.code).toBe('ECONNREFUSED');
    expect(cause.cause).toBeUndefined();
  });

  it('throws TimeoutError when the server hangs, within the timeout', async () => {
    server.faults.add({ path: '/income-report/available-years', hang: true });
    // On fake time: the timeout fires at 200 ms of it, not 1 ms earlier, however loaded the machine.
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const http = createOfetchAdapter({ baseURL: server.url, timeout: 200, retry: 0 });
      let settled = false;
      const rejected = rejectionOf(http.get('/income-report/available-years')).finally(() => {
        settled = true;
      });
      await until(() => server.requests.length === 1, 'the request at the server');
      await vi.advanceTimersByTimeAsync(199);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const e = (await rejected) as TimeoutError;
      expect(e).toBeInstanceOf(TimeoutError);
      expect([e.code, e.timeoutMs]).toEqual(['timeout', 200]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('throws AbortedError without sending anything when the signal was already aborted', async () => {
    const getAccessToken = vi.fn(() => 'token');
    const http = createOfetchAdapter({ baseURL: server.url, getAccessToken });
    const e = await rejectionOf(http.post('/auth/login', { login: 'x' }, { signal: AbortSignal.abort() }));

    expect(e).toBeInstanceOf(AbortedError);
    expect((e as AbortedError).code).toBe('aborted');
    expect(getAccessToken).not.toHaveBeenCalled();
    await turns(20); // a request that would leave has reached the server
    expect(server.requests).toHaveLength(0);
  });

  it('throws AbortedError (not TimeoutError) when the caller aborts mid-request', async () => {
    server.faults.add({ path: '/bff/users/address', hang: true });
    const http = createOfetchAdapter({ baseURL: server.url, timeout: REAL_TIME_TIMEOUT_MS });
    const controller = new AbortController();
    void until(() => server.requests.length === 1, 'the request at the server').then(() =>
      controller.abort(),
    );
    // On fake time that never moves: the 2 s timeout cannot fire; only the abort ends it.
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const e = await rejectionOf(http.get('/bff/users/address', { signal: controller.signal }));
      expect(e).toBeInstanceOf(AbortedError);
      expect(server.requests).toHaveLength(1); // and not retried
    } finally {
      vi.useRealTimers();
    }
  });

  it('throws ResponseValidationError for a 2xx that is not JSON', async () => {
    server.faults.add({
      path: '/income-report/available-years',
      status: 200,
      body: 'OK',
      contentType: 'text/plain',
    });
    const http = createOfetchAdapter({ baseURL: server.url });
    const e = (await rejectionOf(http.get('/income-report/available-years?y=1'))) as ResponseValidationError;

    expect(e).toBeInstanceOf(ResponseValidationError);
    expect(e.code).toBe('invalid_response');
    expect(e.operation).toBe('GET /income-report/available-years');
    expect(e.issues).toEqual([{ path: [], code: 'invalid_json', message: 'body is not valid JSON' }]);
  });
});

describe('createOfetchAdapter: bodies that cannot be sent', () => {
  it('rejects a body JSON cannot encode with RequestValidationError, sending nothing', async () => {
    const cyclic: Record<string, unknown> = { password: 'hunter2' };
    cyclic.self = cyclic;
    const http = createOfetchAdapter({ baseURL: server.url });
    const e = (await rejectionOf(http.post('/auth/login?x=1', cyclic))) as RequestValidationError;

    expect(e).toBeInstanceOf(RequestValidationError);
    expect(e.operation).toBe('POST /auth/login');
    expect(e.issues).toEqual([
      { path: [], code: 'not_serializable', message: 'body is not JSON-serializable' },
    ]);
    expect(visibleText(e)).not.toContain('hunter2');
    expect(server.requests).toHaveLength(0);
  });
});

describe('createOfetchAdapter: secrets never leak into errors', () => {
  const PASSWORD = 'canary-PASSWORD-5f2e9c';
  const TOKEN = 'canary-TOKEN-a81d77';

  async function everyError(): Promise<unknown[]> {
    const secretHttp = (baseURL: string, timeout = 2000) =>
      createOfetchAdapter({
        baseURL,
        getAccessToken: () => TOKEN,
        timeout,
        retry: 0,
        headers: { 'X-Debug': TOKEN },
      });
    const body = { login: 'player@example.com', password: PASSWORD, access_token: TOKEN };
    const echoed = {
      message: 'The given data was invalid.',
      errors: { password: ['too weak'] },
      input: body,
    };

    server.faults.add({ path: '/echo-422', status: 422, body: echoed });
    server.faults.add({ path: '/echo-500', status: 500, body: `<pre>${JSON.stringify(body)}</pre>` });
    server.faults.add({
      path: '/echo-200',
      status: 200,
      body: `not json ${PASSWORD}`,
      contentType: 'text/plain',
    });
    server.faults.add({ path: '/hang', hang: true });
    const http = secretHttp(server.url);
    const aborter = new AbortController();
    // Aborted once it is at the server (its own path: the other /hang may time out before it arrives).
    server.faults.add({ path: '/hang-then-abort', hang: true });
    void until(
      () => server.requests.some((r) => r.path === '/hang-then-abort'),
      'the request at the server',
    ).then(() => aborter.abort(new Error(`reason with ${TOKEN}`)));

    return Promise.all([
      rejectionOf(http.post('/auth/login', { login: 'player@example.com', password: PASSWORD })), // real 401
      rejectionOf(http.patch('/echo-422', body)),
      rejectionOf(http.post('/echo-500', body)),
      rejectionOf(http.post('/echo-200', body)),
      rejectionOf(secretHttp(deadURL).post('/auth/login', body)),
      rejectionOf(secretHttp(server.url, 100).post('/hang', body)),
      rejectionOf(http.post('/hang-then-abort', body, { signal: aborter.signal })),
      rejectionOf(http.get(`/income-report/available-years?access_token=${TOKEN}`)),
    ]);
  }

  it('keeps them out of message, stack, cause chain, JSON and inspect', async () => {
    const errors = await everyError();
    expect(errors.map((e) => (e as Error).constructor.name)).toEqual([
      'UnauthorizedError',
      'HttpError',
      'HttpError',
      'ResponseValidationError',
      'NetworkError',
      'TimeoutError',
      'AbortedError',
      'UnauthorizedError',
    ]);
    for (const error of errors) {
      expect(isPamError(error)).toBe(true);
      const seen = visibleText(error);
      expect(seen).not.toContain(PASSWORD);
      expect(seen).not.toContain(TOKEN);
      expect(seen).not.toContain('FetchError');
    }
  });

  it('keeps the echoed body, scrubbed, reachable only as a non-enumerable property', async () => {
    const [, echoed] = await everyError();
    const e = echoed as HttpError;
    // Issue 9 item 1: the body is scrubbed of every secret the request sent.
    expect(JSON.stringify(e.body)).not.toContain(PASSWORD);
    expect((e.body as { input: { password: string } }).input.password).toBe('[redacted]');
    expect(Object.keys(e)).not.toContain('body');
    expect(e.toJSON()).not.toHaveProperty('body');
    expect(e.toJSON()).toEqual({
      name: 'HttpError',
      code: 'http',
      message: 'The given data was invalid.',
      status: 422,
      method: 'PATCH',
      path: '/echo-422',
      fieldErrors: { password: ['too weak'] },
    });
  });
});

describe('createOfetchAdapter: cleanup', () => {
  it('leaves no live timer after success, errors, timeouts, aborts and retries', async () => {
    const before = liveTimers();
    server.faults.add({ path: '/hang', hang: true });
    server.faults.add({ path: '/flaky', status: 503, headers: { 'Retry-After': '0' }, times: 1 });
    server.faults.add({ path: '/flaky', status: 200, body: { ok: true } });
    const http = createOfetchAdapter({ baseURL: server.url, timeout: 10_000 });
    const quick = createOfetchAdapter({ baseURL: server.url, timeout: 50, retry: 0 });
    const controller = new AbortController();
    const slow = createOfetchAdapter({ baseURL: server.url });
    server.faults.add({ path: '/hang-then-abort', hang: true });
    const waiting = rejectionOf(slow.get('/hang-then-abort', { signal: controller.signal }));
    // Aborted once it is at the server (its own path: quick's /hang may time out before it arrives).
    void until(
      () => server.requests.some((r) => r.path === '/hang-then-abort'),
      'the request at the server',
    ).then(() => controller.abort());

    const outcomes = await Promise.allSettled([
      http.post('/auth/login', { login: server.seed.plain.email, password: server.seed.plain.password }),
      http.get('/income-report/available-years'),
      http.get('/flaky'),
      quick.get('/hang'),
      waiting,
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    // None added (a timer another file left in this worker may end meanwhile: not fewer than 0 new).
    expect(liveTimers()).toBeLessThanOrEqual(before);
  });
});
