import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AbortedError,
  type HttpError,
  NetworkError,
  TimeoutError,
  UnauthorizedError,
} from '../../src/errors/index';
import { createOfetchAdapter } from '../../src/http/ofetch-adapter';
import { startReferenceServer } from '../../src/testing/index';
import type { ReferenceServer } from '../../src/testing/types';
import { turns, until } from '../support/event-loop';
import { installFakeTimers } from '../support/fake-timers';
import { trackedFetch } from '../support/tracked-fetch';
import { rejectionOf, startResettingServer } from './helpers';

const YEARS = '/income-report/available-years';

let server: ReferenceServer;
let resetting: Awaited<ReturnType<typeof startResettingServer>>;

beforeAll(async () => {
  [server, resetting] = await Promise.all([startReferenceServer(), startResettingServer()]);
});
afterAll(async () => {
  await Promise.all([server?.close(), resetting?.close()]);
});
beforeEach(() => {
  server.reset();
});

const hits = (path: string) => server.requests.filter((r) => r.path === path);
const validToken = () => server.issueToken(server.seed.plain.id);

describe('createOfetchAdapter: retries', () => {
  it('retries a GET once on 503, with a freshly read token, and succeeds', async () => {
    server.faults.add({ method: 'GET', path: YEARS, status: 503, body: { message: 'Down' }, times: 1 });
    const tokens = [validToken(), validToken()];
    let reads = 0;
    const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: async () => tokens[reads++] });

    const answer = await http.get<{ years: number[] }>(YEARS);
    expect(Array.isArray(answer.years)).toBe(true);
    expect(hits(YEARS).map((r) => r.headers.authorization)).toEqual(tokens.map((t) => `Bearer ${t}`));
  });

  it('retries a GET on 429 and waits what Retry-After says', async () => {
    server.faults.add({ path: YEARS, status: 429, headers: { 'Retry-After': '1' }, times: 1 });
    const token = validToken();
    // The wait on fake time: the retry leaves at 1 s of it, not 1 ms earlier.
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const tracked = trackedFetch();
      const http = createOfetchAdapter({
        baseURL: server.url,
        getAccessToken: () => token,
        fetch: tracked.fetch,
      });
      const answer = http.get(YEARS);
      await until(() => tracked.settled === 1, 'the 429 answered');
      await turns(5); // the adapter reads it and starts its wait
      await vi.advanceTimersByTimeAsync(999);
      expect(hits(YEARS)).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await answer;
      expect(hits(YEARS)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after `retry` retries', async () => {
    server.faults.add({ path: YEARS, status: 502, headers: { 'Retry-After': '0' } });
    const e = await rejectionOf(createOfetchAdapter({ baseURL: server.url, retry: 2 }).get(YEARS));
    expect((e as HttpError).status).toBe(502);
    expect(hits(YEARS)).toHaveLength(3);

    server.reset();
    server.faults.add({ path: YEARS, status: 502 });
    await rejectionOf(createOfetchAdapter({ baseURL: server.url, retry: 0 }).get(YEARS));
    expect(hits(YEARS)).toHaveLength(1);
  });

  it('does not retry when Retry-After is over 30 s', async () => {
    server.faults.add({ path: YEARS, status: 503, headers: { 'Retry-After': '31' } });
    // On fake time that never moves: an answer at all means it did not wait.
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const e = (await rejectionOf(createOfetchAdapter({ baseURL: server.url }).get(YEARS))) as HttpError;
      expect([e.status, e.retryAfter]).toEqual([503, 31]);
      expect(hits(YEARS)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry other 4xx', async () => {
    server.faults.add({ path: YEARS, status: 404, body: { message: 'Not found.' } });
    await rejectionOf(createOfetchAdapter({ baseURL: server.url }).get(YEARS));
    expect(hits(YEARS)).toHaveLength(1);
  });

  it('retries a GET on a timeout', async () => {
    server.faults.add({ path: YEARS, hang: true, times: 1 });
    const token = validToken();
    // On fake time (a real 100 ms timeout also fired on the retry on a loaded machine): the first
    // attempt times out at exactly 100 ms, fake time then moves 1 ms at a time only until the retry
    // leaves, and stands still while it is answered.
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const tracked = trackedFetch();
      const http = createOfetchAdapter({
        baseURL: server.url,
        getAccessToken: () => token,
        timeout: 100,
        fetch: tracked.fetch,
      });
      const answer = http.get(YEARS);
      await until(() => hits(YEARS).length === 1, 'the first attempt at the server');
      await vi.advanceTimersByTimeAsync(99);
      expect(tracked.started).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      for (let ms = 0; tracked.started < 2 && ms < 60_000; ms++) await vi.advanceTimersByTimeAsync(1);
      expect(tracked.started).toBe(2);
      expect(await answer).toHaveProperty('years');
      expect(hits(YEARS)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('retries a GET on a reset connection, then throws NetworkError', async () => {
    const before = resetting.count();
    const e = await rejectionOf(createOfetchAdapter({ baseURL: resetting.url }).get('/x'));
    expect(e).toBeInstanceOf(NetworkError);
    expect(resetting.count() - before).toBe(2);
  });

  it('never retries POST, PATCH or DELETE: not on 503, a reset connection or a timeout', async () => {
    server.faults.add({ path: '/auth/login', status: 503, headers: { 'Retry-After': '0' } });
    server.faults.add({ path: '/bff/users/update-limits', status: 503 });
    server.faults.add({ path: '/bff/users/social/3', hang: true });
    // The 100 ms timeout on fake time: a real one fired before a 503 arrived on a loaded machine.
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const http = createOfetchAdapter({ baseURL: server.url, retry: 3, timeout: 100 });
      expect(
        ((await rejectionOf(http.post('/auth/login', { login: 'a', password: 'b' }))) as HttpError).status,
      ).toBe(503);
      expect(((await rejectionOf(http.patch('/bff/users/update-limits', {}))) as HttpError).status).toBe(503);
      const deleted = rejectionOf(http.delete('/bff/users/social/3'));
      await until(() => server.requests.some((r) => r.method === 'DELETE'), 'the DELETE at the server');
      await vi.advanceTimersByTimeAsync(100);
      expect(await deleted).toBeInstanceOf(TimeoutError);
      expect(server.requests.map((r) => r.method)).toEqual(['POST', 'PATCH', 'DELETE']);
    } finally {
      vi.useRealTimers();
    }

    const before = resetting.count();
    const reset = await rejectionOf(
      createOfetchAdapter({ baseURL: resetting.url, retry: 3 }).post('/x', { a: 1 }),
    );
    expect(reset).toBeInstanceOf(NetworkError);
    expect(resetting.count() - before).toBe(1);
  });

  it('lets the caller abort the wait between attempts', async () => {
    server.faults.add({ path: YEARS, status: 503, headers: { 'Retry-After': '10' } });
    const controller = new AbortController();
    // Once the first attempt has had its 503 (the adapter then waits 10 s to retry).
    void until(() => hits(YEARS).length === 1, 'the first attempt')
      .then(() => turns(20))
      .then(() => controller.abort());
    // On fake time that never moves: the 10 s wait cannot end; only the abort can.
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const e = await rejectionOf(
        createOfetchAdapter({ baseURL: server.url }).get(YEARS, { signal: controller.signal }),
      );
      expect(e).toBeInstanceOf(AbortedError);
      expect(hits(YEARS)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('createOfetchAdapter: 401 and onUnauthorized', () => {
  /**
   * A session whose token is invalid until `onUnauthorized` refreshes it. The refresh answers once
   * `refreshWhen()` holds (checked on the event loop, never on a timer): e.g. once every request
   * has had its 401, so they all wait on the one refresh.
   */
  function session(
    options: { refreshTo?: () => string; result?: boolean | Error; refreshWhen?: () => boolean } = {},
  ) {
    let token = 'expired-token';
    const onUnauthorized = vi.fn(async () => {
      await until(options.refreshWhen ?? (() => true), 'the refresh may answer');
      await turns(1);
      if (options.result instanceof Error) throw options.result;
      if (options.refreshTo) token = options.refreshTo();
      return options.result ?? true;
    });
    const http = createOfetchAdapter({
      baseURL: server.url,
      getAccessToken: async () => token,
      onUnauthorized,
    });
    return { http, onUnauthorized, setToken: (t: string) => (token = t) };
  }

  it('shares one refresh among 5 concurrent 401s and retries each once', async () => {
    const { http, onUnauthorized } = session({
      refreshTo: validToken,
      refreshWhen: () => server.requests.length >= 5,
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => http.get<{ years: number[] }>(YEARS)));

    expect(answers.every((a) => Array.isArray(a.years))).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(server.requests).toHaveLength(10);
    const auth = server.requests.map((r) => r.headers.authorization);
    expect(auth.filter((a) => a === 'Bearer expired-token')).toHaveLength(5);
    expect(new Set(auth.filter((a) => a !== 'Bearer expired-token')).size).toBe(1);
  });

  it('throws UnauthorizedError when the retry gets 401 too, without refreshing again', async () => {
    // Claims success, token unchanged; answers once all five have had their 401.
    const { http, onUnauthorized } = session({
      result: true,
      refreshWhen: () => server.requests.length >= 5,
    });
    const errors = await Promise.all(Array.from({ length: 5 }, () => rejectionOf(http.get(YEARS))));

    expect(errors.every((e) => e instanceof UnauthorizedError)).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(server.requests).toHaveLength(10);
  });

  it('throws the original UnauthorizedError when the refresh says false or rejects', async () => {
    for (const result of [false, new Error('refresh exploded')]) {
      server.reset();
      const { http, onUnauthorized } = session({ result });
      const e = await rejectionOf(http.post('/bff/users/check-password', { password: 'x' }));
      expect(e).toBeInstanceOf(UnauthorizedError);
      expect((e as UnauthorizedError).cause).toBeUndefined();
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
      expect(server.requests).toHaveLength(1);
    }
  });

  it('retries a POST after a successful refresh too (a 401 was not processed)', async () => {
    const { http, onUnauthorized } = session({ refreshTo: validToken });
    await http.get(YEARS);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    server.reset();
    // The newest matching fault wins: the 401 answers first, then the 200.
    server.faults.add({ method: 'POST', path: '/auth/logout', status: 200, body: { success: true } });
    server.faults.add({
      method: 'POST',
      path: '/auth/logout',
      status: 401,
      body: { message: 'Unauthenticated.' },
      times: 1,
    });
    // The token did not change since the request left, so this 401 asks for a second refresh.
    expect(await http.post('/auth/logout')).toEqual({ success: true });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'POST']);
  });

  it('never calls onUnauthorized for skipAuthRefresh requests', async () => {
    const { http, onUnauthorized } = session({ refreshTo: validToken });
    const e = await rejectionOf(http.get(YEARS, { skipAuthRefresh: true }));
    expect(e).toBeInstanceOf(UnauthorizedError);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(server.requests).toHaveLength(1);
  });

  it('retries directly, without a refresh, when the token changed while the request was out', async () => {
    const fresh = validToken();
    let reads = 0;
    const onUnauthorized = vi.fn(async () => true);
    // First read: the stale token the request leaves with; afterwards someone else has refreshed.
    const http = createOfetchAdapter({
      baseURL: server.url,
      getAccessToken: () => (reads++ === 0 ? 'stale-token' : fresh),
      onUnauthorized,
    });
    expect(await http.get(YEARS)).toHaveProperty('years');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer stale-token',
      `Bearer ${fresh}`,
    ]);
  });

  it('lets the caller abort while waiting for the shared refresh', async () => {
    const controller = new AbortController();
    // The refresh answers only after the caller has aborted: the abort lands while it waits.
    const { http, onUnauthorized } = session({
      refreshTo: validToken,
      refreshWhen: () => controller.signal.aborted,
    });
    const other = http.get(YEARS);
    void until(() => onUnauthorized.mock.calls.length === 1 && server.requests.length >= 2, 'both 401s').then(
      () => controller.abort(),
    );
    const e = await rejectionOf(http.get(YEARS, { signal: controller.signal }));
    expect(e).toBeInstanceOf(AbortedError);
    expect(await other).toHaveProperty('years');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
