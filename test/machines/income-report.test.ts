// incomeReportMachine with fake services: the poll schedule, and timers under vi's fake clock.

import { type IncomeReportData, NetworkError } from 'pam-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { reportPollDelayMs } from '../../machines/income-report/polling';
import {
  type IncomeReportRequest,
  type IncomeReportUser,
  incomeReportMachine,
} from '../../machines/incomeReportMachine';
import { until } from '../support/event-loop';

/** `maxPollMs`'s default (IncomeReportInput): 5 min. */
const MAX_POLL_MS = 300_000;

const report = (status: 1 | 2 | 3 | 4): IncomeReportData => ({ id: 7, status, reference_year: 2025 });

/**
 * The actor's own timers (its `clock`, on vi's fake `setTimeout`), counted: `timers.count()`
 * counts every fake timer of the worker, and with `isolate: false` a client another file left
 * running may arm one meanwhile (CI counted 3 where the machine had 2).
 */
function ownTimers() {
  const live = new Set<unknown>();
  const clock = {
    setTimeout: (fn: (...args: unknown[]) => void, ms: number) => {
      const id: unknown = setTimeout(() => {
        live.delete(id);
        fn();
      }, ms);
      live.add(id);
      return id;
    },
    clearTimeout: (id: unknown) => {
      live.delete(id);
      clearTimeout(id as ReturnType<typeof setTimeout>);
    },
  };
  return { clock, count: () => live.size };
}

/** A user module whose report never finishes; every status request is kept, with its signal. */
function slowUser(options: { hang?: boolean } = {}) {
  const signals: AbortSignal[] = [];
  const user: IncomeReportUser = {
    getAvailableYears: async () => ({ years: [2025] }),
    generateIncomeReport: async () => report(1),
    getIncomeReportStatus: (_id, o) => {
      if (o?.signal) signals.push(o.signal);
      if (!options.hang) return Promise.resolve(report(2));
      return new Promise((_, reject) => o?.signal?.addEventListener('abort', () => reject(o.signal?.reason)));
    },
  };
  return { user, signals };
}

describe('reportPollDelayMs', () => {
  const run = (random: () => number, n = 8) =>
    Array.from({ length: n }, (_, i) =>
      reportPollDelayMs({ polls: i, pollIntervalMs: 2000, minDelayMs: 0 }, random()),
    );

  it('grows ×1.5 per poll from the base up to 10× the base', () => {
    expect(run(() => 0.5)).toEqual([2000, 3000, 4500, 6750, 10125, 15188, 20000, 20000]);
  });

  it('jitters by ±10 %', () => {
    expect(run(() => 0)).toEqual([1800, 2700, 4050, 6075, 9113, 13669, 18000, 18000]);
    expect(run(() => 1)).toEqual([2200, 3300, 4950, 7425, 11138, 16706, 22000, 22000]);
  });

  it("never waits less than a Retry-After, and never beyond setTimeout's range", () => {
    expect(reportPollDelayMs({ polls: 0, pollIntervalMs: 2000, minDelayMs: 5000 }, 0.5)).toBe(5000);
    expect(reportPollDelayMs({ polls: 3, pollIntervalMs: 2000, minDelayMs: 5000 }, 0.5)).toBe(6750);
    expect(reportPollDelayMs({ polls: 0, pollIntervalMs: 2000, minDelayMs: 1e12 }, 0.5)).toBe(2 ** 31 - 1);
  });
});

describe('incomeReportMachine schedule', () => {
  it('polls on the backoff schedule, drawing jitter from input.random', async () => {
    const clock = new SimulatedClock();
    const draws = [0, 1, 0.5, 0, 1, 0.5, 0, 1];
    const random = () => draws.shift() ?? 0.5;
    const times: number[] = [];
    const { user } = slowUser();
    const actor = createActor(incomeReportMachine, {
      clock,
      input: {
        user: {
          ...user,
          getIncomeReportStatus: (id, o) => {
            times.push(clock.now());
            return user.getIncomeReportStatus(id, o);
          },
        },
        pollIntervalMs: 100,
        now: () => clock.now(),
        random,
      },
    }).start();
    await until(() => actor.getSnapshot().value === 'ready', 'ready');
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await until(() => actor.getSnapshot().matches({ polling: 'waiting' }), 'polling: waiting');
    for (let t = 0; t < 6000; t += 1) {
      clock.increment(1);
      // A poll just went out: let its answer in before the next millisecond.
      if (actor.getSnapshot().matches({ polling: 'fetching' })) await new Promise((r) => setImmediate(r));
    }
    // 100 × 1.5^n capped at 1000 (100, 150, 225, 337.5, 506, 759, 1000, ...) × 0.9 / 1.1 / 1.0 as drawn.
    const gaps = times.map((t, i) => t - (times[i - 1] ?? 0));
    expect(gaps).toEqual([90, 165, 225, 304, 557, 759, 900, 1100, 1000]);
    expect(actor.getSnapshot().context.statusHistory).toEqual([
      { status: 1, at: 0 },
      { status: 2, at: 90 },
    ]);
    actor.stop();
  });
});

describe('incomeReportMachine timers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('leaves no timer and no request behind when stopped mid-poll', async () => {
    vi.useFakeTimers({ now: 1_000 });
    const timers = ownTimers();
    const { user, signals } = slowUser({ hang: true });
    const actor = createActor(incomeReportMachine, {
      clock: timers.clock,
      input: { user, random: () => 0.5 },
    }).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ polling: 'waiting' });
    expect(timers.count()).toBe(2); // the next poll and the maxPollMs deadline
    await vi.advanceTimersByTimeAsync(2000); // default pollIntervalMs
    expect(actor.getSnapshot().value).toEqual({ polling: 'fetching' });
    expect(actor.getSnapshot().context.statusHistory).toEqual([{ status: 1, at: 1_000 }]); // default now: Date.now
    expect(signals).toHaveLength(1);
    actor.stop();
    expect(signals[0]?.aborted).toBe(true);
    expect(timers.count()).toBe(0);
    await vi.advanceTimersByTimeAsync(MAX_POLL_MS);
    expect(signals).toHaveLength(1);
    expect(actor.getSnapshot().status).toBe('stopped');
  });

  it('times out after the default 5 minutes and clears its timers', async () => {
    vi.useFakeTimers();
    const timers = ownTimers();
    const { user, signals } = slowUser();
    const actor = createActor(incomeReportMachine, {
      clock: timers.clock,
      input: { user, random: () => 0.5 },
    }).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await vi.advanceTimersByTimeAsync(MAX_POLL_MS - 1);
    expect(actor.getSnapshot().matches('polling')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(timers.count()).toBe(0);
    // 2000, 3000, 4500, 6750, 10125, 15188, then every 20000 ms: 18 polls fit in 300 s.
    expect(signals).toHaveLength(18);
    actor.stop();
  });

  it('CANCEL while generating aborts the request and clears the deadline', async () => {
    vi.useFakeTimers();
    const timers = ownTimers();
    let signal: AbortSignal | undefined;
    const machine = incomeReportMachine.provide({
      actors: {
        generateReport: fromPromise<IncomeReportData, IncomeReportRequest & { user: IncomeReportUser }>(
          ({ signal: s }) => {
            signal = s;
            return new Promise(() => {});
          },
        ),
      },
    });
    const { user } = slowUser();
    const actor = createActor(machine, { clock: timers.clock, input: { user } }).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'email' });
    expect(actor.getSnapshot().value).toBe('generating');
    expect(timers.count()).toBe(1);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(signal?.aborted).toBe(true);
    expect(timers.count()).toBe(0);
    actor.stop();
  });

  it('keeps a network error as context.error while it keeps polling', async () => {
    vi.useFakeTimers();
    const timers = ownTimers();
    const { user } = slowUser();
    const failing: IncomeReportUser = {
      ...user,
      getIncomeReportStatus: async () => {
        throw new NetworkError('GET', '/income-report/7');
      },
    };
    const actor = createActor(incomeReportMachine, {
      clock: timers.clock,
      input: { user: failing, pollIntervalMs: 10, random: () => 0.5 },
    });
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
    await vi.advanceTimersByTimeAsync(10);
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ polling: 'waiting' });
    expect(s.context.error).toBeInstanceOf(NetworkError);
    expect(s.context.polls).toBe(1);
    actor.stop();
    expect(timers.count()).toBe(0);
  });
});
