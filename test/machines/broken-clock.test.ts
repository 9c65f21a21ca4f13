// A clock that gives no time (review L5): an injected `now` that throws, or answers NaN, ±Infinity or
// a string. Every machine that reads a clock ends in a typed outcome (a `PamError` in
// `context.error`, a failed state), never a crashed actor (XState's `error` status with the raw
// Error), never a timer armed at NaN (a 0 ms spin), and picks up again once the clock reads.
import fc from 'fast-check';
import { isPamError } from 'pam-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { incomeReportMachine } from '../../machines/incomeReportMachine';
import { createMemoryPlayClock } from '../../machines/play-time/stores';
import { playTimeMachine, selectPlayTime } from '../../machines/playTimeMachine';
import { startTokenRefresh } from '../support/token-refresh';

const S = 1_000;
const START = 1_000_000;

/** What a broken clock gives: a throw, or a reading that is no finite number. */
type Bad = 'throw' | 'nan' | 'inf' | '-inf' | 'string';
const BAD: Bad[] = ['throw', 'nan', 'inf', '-inf', 'string'];
const badReading = (bad: Bad): number => {
  if (bad === 'throw') throw new Error('clock broke');
  return { nan: Number.NaN, inf: Number.POSITIVE_INFINITY, '-inf': Number.NEGATIVE_INFINITY, string: '5' }[
    bad
  ] as number;
};

/** A clock that reads `Date.now()` (vi's fake time) until `broken` is set. */
function brokenClock() {
  const clock = { broken: null as Bad | null, now: () => 0 };
  clock.now = () => (clock.broken ? badReading(clock.broken) : Date.now());
  return clock;
}

describe('tokenRefreshMachine on a clock that gives no time', () => {
  beforeEach(() => vi.useFakeTimers({ now: START }));
  afterEach(() => vi.useRealTimers());

  function start(clock: ReturnType<typeof brokenClock>, extra: Record<string, unknown> = {}) {
    const failed: unknown[] = [];
    const crashed: unknown[] = [];
    const started = startTokenRefresh(clock.now, extra, (actor) => {
      actor.on('refreshFailed', ({ error }) => failed.push(error));
      actor.subscribe({ error: (e) => crashed.push(e) });
    });
    return { ...started, failed, crashed };
  }

  it.each(BAD)('a TICK read on a clock that gives %s: a typed error, no crash, no refresh', (bad) => {
    const clock = brokenClock();
    const a = start(clock);
    a.actor.send({ type: 'TOKEN_SAVED', accessToken: 'x' });
    clock.broken = bad;
    a.actor.send({ type: 'TICK' });
    const s = a.actor.getSnapshot();
    expect(a.crashed).toEqual([]);
    expect(s.status).toBe('active');
    expect(s.value).toEqual({ active: 'idle' });
    expect(isPamError(s.context.error)).toBe(true);
    expect(s.context.error?.code).toBe('unexpected');
    // No refresh was tried: none failed.
    expect(a.failed).toEqual([]);
    expect(a.calls()).toBe(0);
  });

  it.each(BAD)('started with a saved token on a clock that gives %s: a typed error, no crash', (bad) => {
    const clock = brokenClock();
    clock.broken = bad;
    const a = start(clock, { savedAt: START });
    const s = a.actor.getSnapshot();
    expect(a.crashed).toEqual([]);
    expect(s.status).toBe('active');
    expect(s.context.error?.code).toBe('unexpected');
    expect(Number.isFinite(s.context.refresh.tokenSavedAt)).toBe(true);
  });

  it.each(BAD)(
    'broken for a minute (%s), then reading again: no timer spin, a refresh once it reads',
    async (bad) => {
      const clock = brokenClock();
      const a = start(clock);
      a.actor.send({ type: 'TOKEN_SAVED', accessToken: 'x' });
      clock.broken = bad;
      const seen = a.events();
      await vi.advanceTimersByTimeAsync(60 * S);
      expect(a.crashed).toEqual([]);
      // A check every 5 s (the tick) at most: never a 0 ms loop.
      expect(a.events() - seen).toBeLessThan(60);
      expect(a.calls()).toBe(0);
      clock.broken = null;
      await vi.advanceTimersByTimeAsync(16 * S);
      expect(a.calls()).toBeGreaterThanOrEqual(1);
      expect(a.actor.getSnapshot().context.error).toBeNull();
    },
  );

  it('generated clocks (good readings, throws, NaN, Infinity, strings) and events: never a crash, a spin or NaN in the state', async () => {
    const reading = fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 0, max: 20 * S }).map((d) => ({ ok: d })) },
      { weight: 2, arbitrary: fc.constantFrom(...BAD).map((bad) => ({ bad })) },
    );
    const step = fc.record({
      event: fc.constantFrom('TOKEN_SAVED', 'TICK', 'REFRESH', 'SIGN_OUT', 'wait'),
      reading,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        vi.setSystemTime(START);
        const clock = brokenClock();
        const a = start(clock);
        a.actor.send({ type: 'TOKEN_SAVED', accessToken: 'x' });
        for (const { event, reading: r } of steps) {
          if ('ok' in r) {
            clock.broken = null;
            vi.setSystemTime(Date.now() + r.ok);
          } else clock.broken = r.bad;
          const seen = a.events();
          if (event === 'wait') await vi.advanceTimersByTimeAsync(7 * S);
          else a.actor.send({ type: event, accessToken: 'x' } as never);
          expect(a.crashed).toEqual([]);
          expect(a.events() - seen).toBeLessThan(40);
          const { refresh, error, notBefore } = a.actor.getSnapshot().context;
          for (const t of [refresh.tokenSavedAt, refresh.inFlightSince, refresh.lastFailureAt, notBefore])
            expect(t === null || Number.isFinite(t)).toBe(true);
          expect(error === null || isPamError(error)).toBe(true);
        }
        // Healed: signed in, a refresh comes within an interval and the longest backoff.
        clock.broken = null;
        a.actor.send({ type: 'TOKEN_SAVED', accessToken: 'x' });
        const before = a.calls();
        await vi.advanceTimersByTimeAsync(16 * S);
        expect(a.calls()).toBeGreaterThan(before);
        a.actor.stop();
      }),
      { numRuns: 60 },
    );
  });
});

describe('incomeReportMachine on a clock that gives no time', () => {
  afterEach(() => vi.useRealTimers());

  it.each(BAD)(
    'GENERATE read on a clock that gives %s: failed with a typed error, no crash, RETRY once it reads',
    async (bad) => {
      vi.useFakeTimers({ now: START });
      const clock = brokenClock();
      let generated = 0;
      const user = {
        getAvailableYears: async () => ({ years: [2025] }),
        generateIncomeReport: async () => {
          generated += 1;
          return {
            id: 7,
            status: 3,
            reference_year: 2025,
            download_url: 'https://api.example/files/7.pdf',
          } as never;
        },
        getIncomeReportStatus: async () =>
          ({
            id: 7,
            status: 3,
            reference_year: 2025,
            download_url: 'https://api.example/files/7.pdf',
          }) as never,
      };
      const crashed: unknown[] = [];
      const actor = createActor(incomeReportMachine, { input: { user, now: clock.now, random: () => 0.5 } });
      actor.subscribe({ error: (e) => crashed.push(e) });
      actor.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('ready');
      clock.broken = bad;
      actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' });
      await vi.advanceTimersByTimeAsync(0);
      expect(crashed).toEqual([]);
      expect(actor.getSnapshot().value).toBe('failed');
      expect(actor.getSnapshot().context.error?.code).toBe('unexpected');
      expect(generated).toBe(0);
      clock.broken = null;
      actor.send({ type: 'RETRY' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('completed');
      expect(actor.getSnapshot().context.statusHistory).toEqual([{ status: 3, at: START }]);
      actor.stop();
    },
  );
});

describe('playTimeMachine on a clock that gives no time', () => {
  const T0 = Date.parse('2026-11-23T15:00:00Z');
  /** Advances in 1 s steps, so each beat's timer fires at its time. */
  const advance = (sim: SimulatedClock, ms: number) => {
    for (let t = 0; t < ms; t += S) sim.increment(S);
  };

  it.each(['now', 'serverNow', 'monotonic', 'trusted'] as const)(
    'a %s that throws: no crash, the time shown fails closed (unknown, reached), counting picks up again',
    (which) => {
      const sim = new SimulatedClock();
      sim.set(T0);
      let broken = false;
      const read = (f: () => number) => () => {
        if (broken) throw new Error('clock broke');
        return f();
      };
      const crashed: unknown[] = [];
      const reached: unknown[] = [];
      const actor = createActor(playTimeMachine, {
        clock: sim,
        input: {
          limit: { amount: 10, period: 'daily', active: true },
          store: createMemoryPlayClock(),
          now: () => sim.now(),
          [which]: read(which === 'trusted' ? () => true as never : () => sim.now()),
        },
      });
      actor.on('timeLimitReached', (e) => reached.push(e));
      actor.subscribe({ error: (e) => crashed.push(e) });
      actor.start();
      advance(sim, 60 * S);
      expect(selectPlayTime(actor.getSnapshot())).toMatchObject({ usedMs: 60 * S, reached: false });
      broken = true;
      advance(sim, 60 * S);
      expect(crashed).toEqual([]);
      expect(actor.getSnapshot().status).toBe('active');
      expect(selectPlayTime(actor.getSnapshot())).toMatchObject({ known: false, reached: true, leftMs: 0 });
      // An unknown count is not told as an alert (the player did not reach the limit as far as anyone knows).
      expect(reached).toEqual([]);
      broken = false;
      advance(sim, 60 * S);
      const p = selectPlayTime(actor.getSnapshot());
      expect(p?.known).not.toBe(false);
      expect(p?.reached).toBe(false);
      expect(p?.usedMs).toBeGreaterThanOrEqual(60 * S);
      actor.stop();
    },
  );

  it.each(BAD.filter((b) => b !== 'throw'))('a now that gives %s: the time shown fails closed', (bad) => {
    const sim = new SimulatedClock();
    sim.set(T0);
    let broken = false;
    const actor = createActor(playTimeMachine, {
      clock: sim,
      input: {
        limit: { amount: 10, period: 'daily', active: true },
        store: createMemoryPlayClock(),
        now: () => (broken ? badReading(bad as Bad) : sim.now()),
      },
    }).start();
    advance(sim, 60 * S);
    broken = true;
    advance(sim, 60 * S);
    expect(selectPlayTime(actor.getSnapshot())).toMatchObject({ known: false, reached: true, leftMs: 0 });
    actor.stop();
  });
});
