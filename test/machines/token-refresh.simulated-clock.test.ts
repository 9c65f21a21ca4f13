import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { tokenRefreshMachine } from '../../machines/tokenRefreshMachine';

// Y-6: the contract says tests drive the machines' timers with a `SimulatedClock`. Driven by one
// alone (no `now` in the input), the refresh must come due on that clock's time.
function start(intervalMs: number, tickMs: number | undefined, withNow: boolean) {
  const clock = new SimulatedClock();
  let calls = 0;
  const auth = {
    refreshToken: () => {
      calls++;
      // Never answers: the test counts the requests started.
      return new Promise<never>(() => {});
    },
  };
  const actor = createActor(tokenRefreshMachine, {
    input: { auth, intervalMs, tickMs, ...(withNow && { now: () => clock.now() }) },
    clock,
  }).start();
  actor.send({ type: 'TOKEN_SAVED', accessToken: 'a' });
  return { clock, actor, calls: () => calls };
}

describe('tokenRefreshMachine on a SimulatedClock', () => {
  it('refreshes at the interval with the SimulatedClock alone (no `now`)', () => {
    const { clock, actor, calls } = start(1000, 500, false);
    clock.increment(500);
    expect(calls()).toBe(0);
    for (let i = 0; i < 19; i++) clock.increment(500);
    expect(calls()).toBe(1);
    expect(actor.getSnapshot().value).toEqual({ active: 'refreshing' });
    actor.stop();
  });

  it('refreshes after 6 h of simulated hours at the default interval and tick', () => {
    const { clock, actor, calls } = start(undefined as never, undefined, false);
    for (let h = 0; h < 5; h++) clock.increment(3600e3);
    expect(calls()).toBe(0);
    clock.increment(3600e3);
    clock.increment(60e3);
    expect(calls()).toBe(1);
    actor.stop();
  });

  it('a device that slept (the wall clock moved, the timers did not): due at the next check', () => {
    vi.useFakeTimers({ now: Date.UTC(2030, 0, 1) });
    try {
      const { clock, actor, calls } = start(undefined as never, 60_000, false);
      vi.setSystemTime(Date.UTC(2030, 0, 1, 7));
      clock.increment(59_999);
      expect(calls()).toBe(0);
      clock.increment(1);
      expect(calls()).toBe(1);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('property: never before the interval, always by the interval + 1 s, with or without `now`', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 30_000 }),
        fc.option(fc.integer({ min: 1, max: 40_000 }), { nil: undefined }),
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        (intervalMs, tickMs, steps, withNow) => {
          const { clock, actor, calls } = start(intervalMs, tickMs, withNow);
          let total = 0;
          for (const step of steps) {
            clock.increment(step);
            total += step;
            if (total < intervalMs) expect(calls()).toBe(0);
            if (total >= intervalMs + 1000 && total < intervalMs + 60_000) expect(calls()).toBe(1);
          }
          actor.stop();
        },
      ),
      { numRuns: 200 },
    );
  });
});
