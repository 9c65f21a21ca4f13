import { describe, expect, it, vi } from 'vitest';
import { settleWithin } from '../../machines/settle-within';
import { ABORTED, attemptSignal, singleFlight, sleep } from '../../src/http/waiting';
import { useFakeTimersEach } from '../support/fake-timers';

useFakeTimersEach();

describe('attemptSignal', () => {
  it('aborts on timeout and says so', async () => {
    const a = attemptSignal(undefined, 100)!;
    await vi.advanceTimersByTimeAsync(99);
    expect(a.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(a.signal.aborted).toBe(true);
    expect(a.timedOut).toBe(true);
    a.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('aborts with the caller and does not call it a timeout', () => {
    const caller = new AbortController();
    const a = attemptSignal(caller.signal, 100)!;
    caller.abort();
    expect(a.signal.aborted).toBe(true);
    expect(a.timedOut).toBe(false);
    a.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts aborted when the caller already was', () => {
    const a = attemptSignal(AbortSignal.abort(), 100)!;
    expect(a.signal.aborted).toBe(true);
    expect(a.timedOut).toBe(false);
    a.dispose();
  });

  it('leaves no timer and no listener after dispose', () => {
    const caller = new AbortController();
    const add = vi.spyOn(caller.signal, 'addEventListener');
    const remove = vi.spyOn(caller.signal, 'removeEventListener');
    const a = attemptSignal(caller.signal, 100)!;
    expect(vi.getTimerCount()).toBe(1);
    a.dispose();
    expect(vi.getTimerCount()).toBe(0);
    expect(remove).toHaveBeenCalledWith('abort', add.mock.calls[0]?.[1]);
    caller.abort();
    expect(a.signal.aborted).toBe(false);
  });
});

describe('sleep', () => {
  it('resolves after the delay', async () => {
    let done = false;
    void sleep(500).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves to ABORTED at once when the signal aborts, clearing its timer', async () => {
    const caller = new AbortController();
    const slept = sleep(10_000, caller.signal);
    caller.abort();
    expect(await slept).toBe(ABORTED);
    expect(vi.getTimerCount()).toBe(0);
    await expect(sleep(10, AbortSignal.abort())).resolves.toBe(ABORTED);
  });
});

describe('singleFlight', () => {
  it('shares one call among concurrent callers and starts a new one afterwards', async () => {
    let calls = 0;
    // The test ends each call by opening its gate: no timer, real or fake.
    let open = () => {};
    const gate = () =>
      new Promise<void>((resolve) => {
        open = resolve;
      });
    let current = gate();
    const run = singleFlight(async () => {
      calls += 1;
      await current;
      return true;
    });
    const all = Promise.all([run(), run(), run()]);
    open();
    expect(await all).toEqual([true, true, true]);
    expect(calls).toBe(1);
    current = gate();
    const again = run();
    open();
    expect(await again).toBe(true);
    expect(calls).toBe(2);
  });

  it('reads a rejection or a non-true value as false', async () => {
    expect(await singleFlight(() => Promise.reject(new Error('refresh failed')))()).toBe(false);
    expect(await singleFlight(() => Promise.resolve('yes' as unknown as boolean))()).toBe(false);
  });
});

describe('settleWithin', () => {
  it('answers the fallback once the time is up, and leaves no timer when the promise wins', async () => {
    const slow = settleWithin(new Promise<boolean>(() => {}), 100, false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await slow).toBe(false);
    const quick = settleWithin(Promise.resolve(true), 100, false);
    expect(await quick).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    await expect(settleWithin(Promise.reject(new Error('x')), 100, false)).rejects.toThrow('x');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never gives up with an infinite limit', async () => {
    const p = Promise.resolve(1);
    expect(settleWithin(p, Number.POSITIVE_INFINITY, 0)).toBe(p);
  });
});

describe('attemptSignal without a timeout', () => {
  it('sets no timer for Infinity and still follows the caller', () => {
    const caller = new AbortController();
    const a = attemptSignal(caller.signal, Number.POSITIVE_INFINITY)!;
    expect(vi.getTimerCount()).toBe(0);
    caller.abort();
    expect(a.signal.aborted).toBe(true);
    expect(a.timedOut).toBe(false);
    a.dispose();
  });
});

describe('sleep beyond the timer limit', () => {
  it('waits the longest a timer can, not 1 ms', async () => {
    let done = false;
    void sleep(2 ** 40).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(2 ** 31);
    expect(done).toBe(true);
  });
});

describe('attemptSignal: controllers reused between attempts', () => {
  /** Runs `n` attempts one after another, each disposed before the next; their signals in order. */
  const sequential = (n: number) =>
    Array.from({ length: n }, () => {
      const a = attemptSignal(undefined, 100)!;
      a.dispose();
      return a.signal;
    });

  it('an attempt that is over hands its signal to the next one, at most 8 attempts per signal', () => {
    // The controllers other files' requests left idle (one module graph per worker) taken out
    // first: counted with theirs, 40 attempts could meet 16 controllers (a CI flake).
    for (const a of Array.from({ length: 16 }, () => attemptSignal(undefined, 100)!)) {
      a.retire();
      a.dispose();
    }
    const signals = sequential(40);
    const uses = new Map<AbortSignal, number>();
    for (const s of signals) uses.set(s, (uses.get(s) ?? 0) + 1);
    expect(Math.max(...uses.values())).toBeLessThanOrEqual(8);
    // Reused: 40 attempts, one at a time, need at most 6 controllers (the first may have served some).
    expect(uses.size).toBeLessThanOrEqual(6);
  });

  it('never gives the signal of an attempt in flight to another one', () => {
    const open = Array.from({ length: 20 }, () => attemptSignal(undefined, 100)!);
    expect(new Set(open.map((a) => a.signal)).size).toBe(20);
    // One that times out aborts its own signal only.
    const [first, ...rest] = open;
    for (const a of rest) a.dispose();
    vi.advanceTimersByTime(100);
    expect(first!.timedOut).toBe(true);
    expect(rest.filter((a) => a.signal.aborted)).toEqual([]);
    first!.dispose();
  });

  it('never hands out an aborted signal again (a timeout, the caller), nor one disposed twice, nor a retired one', () => {
    const timedOut = attemptSignal(undefined, 100)!;
    vi.advanceTimersByTime(100);
    timedOut.dispose();
    const caller = new AbortController();
    const byCaller = attemptSignal(caller.signal, 100)!;
    caller.abort();
    byCaller.dispose();
    for (const s of sequential(10)) expect(s.aborted).toBe(false);

    const twice = attemptSignal(undefined, 100)!;
    twice.dispose();
    twice.dispose();
    const a = attemptSignal(undefined, 100)!;
    const b = attemptSignal(undefined, 100)!;
    expect(a.signal).not.toBe(b.signal);
    a.dispose();
    b.dispose();

    const retired = attemptSignal(undefined, 100)!;
    retired.retire();
    retired.dispose();
    const next = sequential(9);
    expect(next).not.toContain(retired.signal);
  });
});
