import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOfetchAdapter } from '../../src/index';
import { type EchoServer, startEchoServer } from './echo-server';

let api: EchoServer;
beforeAll(async () => {
  api = await startEchoServer();
  api.answer = () => ({ status: 200, body: { ok: true } });
});
afterAll(() => api?.close());
afterEach(() => vi.restoreAllMocks());

/** Counts the timers the adapter's own code (src/http) arms while `run` goes. */
async function adapterTimers(run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const original = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
    if (/src[\\/]http[\\/]/.test(new Error().stack ?? '')) count += 1;
    return original(fn, ms);
  }) as typeof setTimeout);
  await run();
  return count;
}

describe('one timer per request', () => {
  it('an async token store and the exchange share one timer', async () => {
    const http = createOfetchAdapter({ baseURL: api.url, getAccessToken: async () => 'tok-1', retry: 0 });
    expect(await adapterTimers(() => http.get('/x'))).toBe(1);
  });

  it('a sync token store: one timer too', async () => {
    const http = createOfetchAdapter({ baseURL: api.url, getAccessToken: () => 'tok-1', retry: 0 });
    expect(await adapterTimers(() => http.get('/x'))).toBe(1);
  });

  it('no timeout and no caller signal: no timer and no signal at all', async () => {
    const signals: unknown[] = [];
    const http = createOfetchAdapter({
      baseURL: api.url,
      timeout: Number.POSITIVE_INFINITY,
      retry: 0,
      fetch: (input, init) => {
        signals.push(init?.signal);
        return globalThis.fetch(input, init);
      },
    });
    expect(await adapterTimers(() => http.get('/x'))).toBe(0);
    expect(signals).toEqual([undefined]);
    const caller = new AbortController();
    await http.get('/x', { signal: caller.signal });
    expect(signals[1]).toBeInstanceOf(AbortSignal);
  });
});
