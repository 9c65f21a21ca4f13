// REVIEW-O O-9: the adapter's timeout, a caller's abort and a client's stop() must not depend on
// the `fetch` honouring `signal`: a fetch that ignores it (a polyfill, a wrapper, a test double)
// still ends the call on time, typed, and its late answer is dropped.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOfetchAdapter } from '../../src/http/ofetch-adapter';

/** A fetch that ignores `init.signal` and answers `{ ok: true }` after `delay` ms (never if Infinity). */
function deafFetch(delay: number, fail = false) {
  const calls: number[] = [];
  const fetch = (() => {
    calls.push(Date.now());
    return new Promise<Response>((resolve, reject) => {
      if (delay < Infinity)
        setTimeout(
          () =>
            fail
              ? reject(new TypeError('late failure'))
              : resolve(new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } })),
          delay,
        );
    });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

type Outcome = { at: number; code?: string; value?: unknown };
function watch(p: Promise<unknown>, t0: number): { out?: Outcome } {
  const box: { out?: Outcome } = {};
  p.then(
    (value) => {
      box.out = { at: Date.now() - t0, value };
    },
    (e: { code?: string }) => {
      box.out = { at: Date.now() - t0, code: e.code };
    },
  );
  return box;
}

const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);
beforeEach(() => {
  vi.useFakeTimers();
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
  vi.useRealTimers();
});

describe('a fetch that ignores its signal (O-9)', () => {
  it('times out at the adapter timeout, not when the fetch answers', async () => {
    const { fetch } = deafFetch(2_500);
    const http = createOfetchAdapter({ baseURL: 'http://api.test', fetch, timeout: 500, retry: 0 });
    const box = watch(http.get('/x'), Date.now());
    await vi.advanceTimersByTimeAsync(500);
    expect(box.out).toEqual({ at: 500, code: 'timeout' });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(box.out).toEqual({ at: 500, code: 'timeout' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("ends aborted when the caller's signal aborts, even when the fetch never answers", async () => {
    const { fetch } = deafFetch(Infinity);
    const http = createOfetchAdapter({ baseURL: 'http://api.test', fetch, timeout: Infinity, retry: 0 });
    const caller = new AbortController();
    const box = watch(http.post('/x', { a: 1 }, { signal: caller.signal }), Date.now());
    await vi.advanceTimersByTimeAsync(200);
    expect(box.out).toBeUndefined();
    caller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(box.out).toEqual({ at: 200, code: 'aborted' });
  });

  it('drops a late failure without an unhandled rejection', async () => {
    const { fetch } = deafFetch(1_000, true);
    const http = createOfetchAdapter({ baseURL: 'http://api.test', fetch, timeout: 300, retry: 0 });
    const box = watch(http.get('/x'), Date.now());
    await vi.advanceTimersByTimeAsync(2_000);
    expect(box.out).toEqual({ at: 300, code: 'timeout' });
    await vi.runAllTimersAsync();
    expect(unhandled).toEqual([]);
  });

  it('settles by min(timeout, abort) with the right error, or with the answer when it comes first', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3_000 }),
        fc.integer({ min: 1, max: 3_000 }),
        fc.option(fc.integer({ min: 1, max: 3_000 }), { nil: undefined }),
        async (delay, timeout, abortAt) => {
          // No ties: which of two timers due at the same instant runs first is not the point here.
          fc.pre(delay !== timeout && delay !== abortAt && timeout !== abortAt);
          vi.clearAllTimers();
          const { fetch, calls } = deafFetch(delay);
          const http = createOfetchAdapter({ baseURL: 'http://api.test', fetch, timeout, retry: 0 });
          const caller = new AbortController();
          if (abortAt !== undefined) setTimeout(() => caller.abort(), abortAt);
          const t0 = Date.now();
          const box = watch(http.post('/x', {}, { signal: caller.signal }), t0);
          await vi.advanceTimersByTimeAsync(3_500);
          const stop = Math.min(timeout, abortAt ?? Infinity);
          expect(calls.length).toBe(1);
          if (delay < stop) expect(box.out).toEqual({ at: delay, value: { ok: true } });
          else if (abortAt !== undefined && abortAt <= timeout)
            expect(box.out).toEqual({ at: abortAt, code: 'aborted' });
          else expect(box.out).toEqual({ at: timeout, code: 'timeout' });
          expect(unhandled).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
