// The adapter reuses the AbortController of an attempt that is over (building one is the largest
// single cost of a request on Node 20). These tests hold what must not change with it: a request
// in flight has a signal of its own, a timeout aborts only its own request, an aborted signal is
// never sent again, and no signal gathers listeners until Node warns.
import { getEventListeners } from 'node:events';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimeoutError } from '../../src/errors/index';
import { createOfetchAdapter } from '../../src/http/ofetch-adapter';
import { startReferenceServer } from '../../src/testing/index';
import type { ReferenceServer } from '../../src/testing/types';
import { until } from '../support/event-loop';
import { installFakeTimers } from '../support/fake-timers';
import { rejectionOf } from './helpers';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  server.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

/** What the adapter handed to fetch, call by call. */
interface Sent {
  path: string;
  signal: AbortSignal;
  abortedWhenSent: boolean;
  /** Signals of the other fetches in flight when this one was sent. */
  othersInFlight: AbortSignal[];
  settled: boolean;
}

function recordingFetch(sent: Sent[], inner: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const signal = init?.signal as AbortSignal;
    const record: Sent = {
      path: new URL(String(input)).pathname,
      signal,
      abortedWhenSent: signal.aborted,
      othersInFlight: sent.filter((s) => !s.settled).map((s) => s.signal),
      settled: false,
    };
    sent.push(record);
    try {
      return await inner(input, init);
    } finally {
      record.settled = true;
    }
  };
}

describe('createOfetchAdapter: one signal per request in flight', () => {
  it('a request in flight shares its signal with none; its timeout aborts it alone; later requests go on', async () => {
    server.faults.add({ path: '/income-report/available-years', hang: true });
    const token = server.issueToken(server.seed.plain.id);
    const sent: Sent[] = [];
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const http = createOfetchAdapter({
      baseURL: server.url,
      timeout: 200,
      retry: 0,
      getAccessToken: () => token,
      fetch: recordingFetch(sent),
    });
    const hanging = rejectionOf(http.get('/income-report/available-years'));
    await until(() => server.requests.length === 1, 'the hanging request at the server');
    // While it hangs: requests one after another, then several at once.
    for (let i = 0; i < 10; i++) await http.get('/bff/users/login-history?page=1');
    await Promise.all(Array.from({ length: 5 }, () => http.get('/bff/users/login-history?page=1')));
    await vi.advanceTimersByTimeAsync(200);
    expect(await hanging).toBeInstanceOf(TimeoutError);
    for (let i = 0; i < 10; i++) await http.get('/bff/users/login-history?page=1');

    expect(sent).toHaveLength(26);
    for (const s of sent) {
      expect(s.abortedWhenSent).toBe(false);
      expect(s.othersInFlight).not.toContain(s.signal);
    }
    const aborted = sent.filter((s) => s.signal.aborted);
    expect(aborted.map((s) => s.path)).toEqual(['/income-report/available-years']);
    // Reused: 25 requests, never more than 5 at once, went out on far fewer than 25 signals.
    expect(new Set(sent.map((s) => s.signal)).size).toBeLessThan(15);
  });

  it('no signal gathers more than 8 listeners, even from a fetch that never removes its own', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      const counts: number[] = [];
      const leaky: typeof fetch = async (_input, init) => {
        const signal = init?.signal as AbortSignal;
        signal.addEventListener('abort', () => {}); // never removed
        counts.push(getEventListeners(signal, 'abort').length);
        return new Response('{"years":[2024]}', { headers: { 'content-type': 'application/json' } });
      };
      const http = createOfetchAdapter({ baseURL: server.url, retry: 0, fetch: leaky });
      for (let i = 0; i < 50; i++) await http.get('/income-report/available-years');
      expect(counts).toHaveLength(50);
      expect(Math.max(...counts)).toBeLessThanOrEqual(8);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
