import { type ReferenceServer, SEED_ACCOUNTS, startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { turns, until } from '../support/event-loop';
import { installFakeTimers } from '../support/fake-timers';
import { call, manualClock } from './helpers';

const { plain } = SEED_ACCOUNTS;
const YEARS = '/income-report/available-years';

describe('reference server: faults', () => {
  let server: ReferenceServer;
  let token: string;

  beforeAll(async () => {
    server = await startReferenceServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.reset();
    token = server.issueToken(plain.id);
  });

  it('answers a fault status and JSON body, `times` times, then the real handler', async () => {
    server.faults.add({
      path: YEARS,
      status: 503,
      body: { message: 'Down.' },
      headers: { 'retry-after': '5' },
      times: 2,
    });
    for (let i = 0; i < 2; i++) {
      const res = await call(server, 'GET', YEARS, { token });
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.json).toEqual({ message: 'Down.' });
    }
    const real = await call(server, 'GET', YEARS, { token });
    expect(real.status).toBe(200);
    expect(real.json.years).toHaveLength(5);
  });

  it('sends a string body raw, as text/html by default', async () => {
    server.faults.add({ path: '/auth/login', status: 502, body: '<html><body>Bad gateway</body></html>' });
    const res = await fetch(`${server.url}/auth/login`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toBe('text/html');
    expect(await res.text()).toBe('<html><body>Bad gateway</body></html>');
  });

  it('matches by method and RegExp; the newest matching fault wins; add() returns a remover', async () => {
    server.faults.add({ path: /^\/income-report\//, status: 500 });
    const remove = server.faults.add({
      method: 'get',
      path: YEARS,
      status: 418,
      body: 'teapot',
      contentType: 'text/plain',
    });
    server.faults.add({ method: 'POST', path: YEARS, status: 400 });
    const newest = await call(server, 'GET', YEARS, { token });
    expect([newest.status, newest.body, newest.headers.get('content-type')]).toEqual([
      418,
      'teapot',
      'text/plain',
    ]);
    expect((await call(server, 'GET', '/income-report/7', { token })).status).toBe(500);
    remove();
    expect((await call(server, 'GET', YEARS, { token })).status).toBe(500);
    server.faults.clear();
    expect((await call(server, 'GET', YEARS, { token })).status).toBe(200);
  });

  it('delays, then runs the real handler when the fault has no status', async () => {
    // The server's delay on fake time: no real wait, and no real-time bound to miss under load.
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      server.faults.add({ path: YEARS, delayMs: 120, times: 1 });
      let answered = false;
      const delayed = call(server, 'GET', YEARS, { token }).finally(() => {
        answered = true;
      });
      await until(() => server.requests.length === 1, 'the request reached the server');
      await vi.advanceTimersByTimeAsync(119);
      await turns(20);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const res = await delayed;
      expect(res.status).toBe(200);
      expect(res.json.years).toEqual([2021, 2022, 2023, 2024, 2025]);
      // `times: 1` spent: the next answer comes with no fake time passing at all.
      expect((await call(server, 'GET', YEARS, { token })).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('delays a faulted answer too', async () => {
    // On fake time, as above.
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      server.faults.add({ path: YEARS, delayMs: 60, status: 500, body: { message: 'Late.' } });
      let answered = false;
      const delayed = call(server, 'GET', YEARS, { token }).finally(() => {
        answered = true;
      });
      await until(() => server.requests.length === 1, 'the request reached the server');
      await vi.advanceTimersByTimeAsync(59);
      await turns(20);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const res = await delayed;
      expect([res.status, res.json]).toEqual([500, { message: 'Late.' }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hangs until the client gives up', async () => {
    server.faults.add({ path: YEARS, hang: true, times: 1 });
    // The client gives up once the request is at the server (as its timeout would), not after a
    // real-time wait.
    const giveUp = new AbortController();
    let settled = false;
    const hung = call(server, 'GET', YEARS, { token, signal: giveUp.signal })
      .catch((e) => e)
      .finally(() => {
        settled = true;
      });
    await until(() => server.requests.length === 1, 'the request reached the server');
    await turns(20);
    expect(settled).toBe(false);
    giveUp.abort(new DOMException('The client gave up.', 'TimeoutError'));
    const error = await hung;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('TimeoutError');
    expect((await call(server, 'GET', YEARS, { token })).status).toBe(200);
  });
});

describe('reference server: close', () => {
  it('destroys hung sockets, so close() resolves and the client sees the connection end', async () => {
    const server = await startReferenceServer();
    server.faults.add({ path: '/hang', hang: true });
    server.faults.add({ path: '/slow', delayMs: 10_000, status: 200 });
    const hung = fetch(`${server.url}/hang`).then(
      () => 'answered',
      () => 'failed',
    );
    const slow = fetch(`${server.url}/slow`).then(
      () => 'answered',
      () => 'failed',
    );
    // Both requests reached the server (in either order: two connections race).
    await until(
      () => server.requests.length === 2,
      () => `both requests reached the server: ${server.requests.map((r) => r.path)}`,
    );
    expect(server.requests.map((r) => r.path).sort()).toEqual(['/hang', '/slow']);
    const started = performance.now();
    await server.close();
    expect(performance.now() - started).toBeLessThan(5000); // far less than the 10 s delay
    expect(await hung).toBe('failed');
    expect(await slow).toBe('failed');
    await server.close(); // idempotent
    await expect(fetch(`${server.url}/auth/login`)).rejects.toThrow();
  });
});

describe('reference server: request log and reset', () => {
  const clock = manualClock();
  let server: ReferenceServer;

  beforeAll(async () => {
    server = await startReferenceServer({ now: clock.now });
  });
  afterAll(() => server.close());

  it('records every request, answered or not, before answering', async () => {
    const log = server.requests;
    server.faults.add({ path: '/faulted', status: 500 });
    await call(server, 'POST', '/auth/login', {
      body: { login: plain.email, password: plain.password },
      headers: { 'X-Trace-Id': 'abc' },
    });
    clock.advance(5);
    await call(server, 'GET', '/bff/users/login-history?page=2&x=%20y');
    await fetch(`${server.url}/nowhere`, { method: 'PUT', body: 'plain text' });
    await fetch(`${server.url}/faulted?q=1`);

    expect(log.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/auth/login'],
      ['GET', '/bff/users/login-history?page=2&x=%20y'],
      ['PUT', '/nowhere'],
      ['GET', '/faulted?q=1'],
    ]);
    const [loginReq, historyReq, nowhere, faulted] = log;
    expect(loginReq).toMatchObject({
      path: '/auth/login',
      query: {},
      body: { login: plain.email, password: plain.password },
      at: clock.start,
    });
    expect(loginReq?.headers['x-trace-id']).toBe('abc');
    expect(loginReq?.headers['content-type']).toBe('application/json');
    expect(historyReq).toMatchObject({
      path: '/bff/users/login-history',
      query: { page: '2', x: ' y' },
      body: undefined,
      at: clock.start + 5,
    });
    expect(nowhere?.body).toBe('plain text');
    expect(faulted?.path).toBe('/faulted');
  });

  it('reset() restores the seed and clears faults and the log, keeping the same array', async () => {
    const log = server.requests;
    const token = server.issueToken(plain.id);
    await call(server, 'PATCH', '/bff/users/self-email', { token, body: { email: 'changed@example.com' } });
    server.faults.add({ path: '/auth/login', status: 500 });
    server.reset();
    expect(server.requests).toBe(log);
    expect(log).toHaveLength(0);
    expect((await call(server, 'GET', '/bff/users/address-by-user', { token })).status).toBe(401);
    const res = await call(server, 'POST', '/auth/login', {
      body: { login: plain.email, password: plain.password },
    });
    expect(res.status).toBe(200);
    expect(res.json.user.email).toBe(plain.email);
    expect(log).toHaveLength(2);
  });
});
