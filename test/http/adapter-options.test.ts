import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOfetchAdapter, isPamError, type PamError } from '../../src/index';
import { until } from '../support/event-loop';
import { installFakeTimers } from '../support/fake-timers';
import { type EchoServer, startEchoServer } from './echo-server';
import { rejectionOf } from './helpers';

let api: EchoServer;
beforeAll(async () => {
  api = await startEchoServer();
});
afterAll(() => api?.close());
beforeEach(() => {
  api.requests.length = 0;
  api.answer = () => ({ status: 200, body: { ok: true } });
});

describe('adapter options', () => {
  it('refuses a relative baseURL outside a browser with a ConfigurationError', () => {
    expect((globalThis as { location?: unknown }).location).toBeUndefined();
    let error: unknown;
    try {
      createOfetchAdapter({ baseURL: '/api' });
    } catch (e) {
      error = e;
    }
    expect(isPamError(error)).toBe(true);
    expect((error as PamError).code).toBe('configuration');
    expect((error as PamError).name).toBe('ConfigurationError');
    expect((error as Error).message).toMatch(/must be absolute/);
  });

  it('accepts a relative baseURL where there is a page to resolve it against', async () => {
    vi.stubGlobal('location', { href: `${api.url}/app/index.html`, origin: api.url });
    try {
      const http = createOfetchAdapter({ baseURL: '/api' });
      await expect(http.get('/ping')).resolves.toEqual({ ok: true });
      expect(api.requests[0]?.url).toBe('/api/ping');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  for (const timeout of [2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER, Number.POSITIVE_INFINITY]) {
    it(`a timeout of ${timeout} ms does not time requests out at once`, async () => {
      // setTimeout turns a delay above 2^31-1 ms into 1 ms (fake timers too): an answer 50 ms late
      // would lose to it. The server's 50 ms on fake time: no real wait.
      await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        api.answer = () => ({ status: 200, body: { ok: true }, delayMs: 50 });
        const http = createOfetchAdapter({ baseURL: api.url, timeout, retry: 0 });
        const got = http.get('/ping').then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
        await until(() => api.requests.length === 1, 'the request at the server');
        await vi.advanceTimersByTimeAsync(50);
        expect(await got).toEqual({ value: { ok: true } });
      } finally {
        vi.useRealTimers();
      }
    });
  }

  for (const token of ['abc\ndef', 'tök€n', 'a\u0000b', 'a\r\nX-Evil: 1', ' padded', 'tab\there']) {
    it(`refuses a token that cannot be a header value (${JSON.stringify(token)}) with a typed error, sending nothing`, async () => {
      const http = createOfetchAdapter({ baseURL: api.url, getAccessToken: () => token, retry: 0 });
      const e = (await rejectionOf(http.get('/me'))) as PamError;
      expect(isPamError(e)).toBe(true);
      expect(e.code).toBe('storage');
      expect(JSON.stringify(e) + String(e.stack)).not.toContain(token);
      expect(api.requests).toHaveLength(0);
      const perRequest = await rejectionOf(http.get('/me', { accessToken: token }));
      expect((perRequest as PamError).code).toBe('storage');
      expect(api.requests).toHaveLength(0);
    });
  }

  it('turns a failing getAccessToken into a StorageError', async () => {
    const http = createOfetchAdapter({
      baseURL: api.url,
      getAccessToken: () => Promise.reject(new Error('closed')),
    });
    const e = (await rejectionOf(http.get('/me'))) as PamError;
    expect([e.code, e.name]).toEqual(['storage', 'StorageError']);
    expect(api.requests).toHaveLength(0);
  });
});

describe('a refresh that never settles', () => {
  it('does not hold a 401’d call longer than the adapter’s timeout', async () => {
    api.answer = () => ({ status: 401, body: { message: 'Unauthenticated.' } });
    // On fake time: the wait for the refresh ends at the adapter's 300 ms, however loaded the machine.
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const onUnauthorized = vi.fn(() => new Promise<boolean>(() => {}));
      const http = createOfetchAdapter({
        baseURL: api.url,
        getAccessToken: () => 'old',
        onUnauthorized,
        timeout: 300,
      });
      let settled = false;
      const rejected = rejectionOf(http.get('/me')).finally(() => {
        settled = true;
      });
      await until(() => onUnauthorized.mock.calls.length === 1, 'the 401 answered, the refresh asked');
      await vi.advanceTimersByTimeAsync(299);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(((await rejected) as PamError).code).toBe('unauthorized');
    } finally {
      vi.useRealTimers();
    }
  });
});
