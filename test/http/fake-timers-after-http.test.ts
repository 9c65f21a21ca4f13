// SPEED28: a fake clock installed right after an HTTP answer counts no timer of that answer's
// connection (undici arms its idle timer in a `setImmediate` after handing the answer out): the
// root of test/http/szhttp-raced's rare `getTimerCount` of 2.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { attemptSignal } from '../../src/http/waiting';
import { createOfetchAdapter } from '../../src/index';
import { installFakeTimers } from '../support/fake-timers';
import { type EchoServer, startEchoServer } from './echo-server';

let api: EchoServer;
beforeAll(async () => {
  api = await startEchoServer();
  api.answer = () => ({ status: 200, body: { ok: true } });
});
afterAll(() => api?.close());

describe('fake timers installed right after an answer', () => {
  it('count only the timers armed under them: an attempt guard leaves none', async () => {
    const http = createOfetchAdapter({ baseURL: api.url, retry: 0 });
    expect(await http.get('/x')).toEqual({ ok: true });
    await installFakeTimers();
    try {
      const guard = attemptSignal(undefined, 10)!;
      expect(vi.getTimerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(10);
      expect(guard.timedOut).toBe(true);
      guard.dispose();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
