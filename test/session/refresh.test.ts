import * as fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay } from '../../src/http/waiting';
import {
  initialRefreshState,
  markRefreshCompleted,
  markRefreshStarted,
  markTokenSaved,
  nextRefreshAt,
  REFRESH_IN_FLIGHT_TIMEOUT_MS,
  REFRESH_INTERVAL_MS,
  type RefreshState,
  refreshBackoffMs,
  shouldRefreshToken,
} from '../../src/session/token';

const H = 60 * 60 * 1000;
const S = 1000;
const T0 = 1_700_000_000_000;

/** A due state: token saved at T0, 6 h later. */
const dueAt = T0 + REFRESH_INTERVAL_MS;

afterEach(() => {
  vi.useRealTimers();
});

/** The refresh backoff's first wait and its cap (issue 5: 30 s doubling, at most 15 min). */
const BACKOFF_BASE_MS = 30 * S;
const BACKOFF_MAX_MS = 900 * S;

describe('refresh constants', () => {
  it('fixes the interval, backoff and lost-flight timings', () => {
    expect(REFRESH_INTERVAL_MS).toBe(6 * H);
    expect(refreshBackoffMs(1)).toBe(BACKOFF_BASE_MS);
    expect(refreshBackoffMs(50)).toBe(BACKOFF_MAX_MS);
    expect(REFRESH_IN_FLIGHT_TIMEOUT_MS).toBe(60 * S);
  });
});

describe('initialRefreshState', () => {
  it('is frozen, empty and never due', () => {
    expect(Object.isFrozen(initialRefreshState)).toBe(true);
    expect(initialRefreshState).toEqual({
      tokenSavedAt: null,
      inFlightSince: null,
      failures: 0,
      lastFailureAt: null,
    });
    expect(shouldRefreshToken(initialRefreshState, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(nextRefreshAt(initialRefreshState)).toBeNull();
  });
});

describe('shouldRefreshToken', () => {
  const saved = markTokenSaved(T0);

  it.each([
    ['right after saving', T0, false],
    ['1 ms before 6 h', dueAt - 1, false],
    ['at exactly 6 h', dueAt, true],
    ['well after 6 h', dueAt + 24 * H, true],
    ['when the clock went backwards', T0 - 1, false],
  ])('%s -> %s', (_label, now, expected) => {
    expect(shouldRefreshToken(saved, now)).toBe(expected);
  });

  it('honours a custom intervalMs', () => {
    expect(shouldRefreshToken(saved, T0 + 999, { intervalMs: 1000 })).toBe(false);
    expect(shouldRefreshToken(saved, T0 + 1000, { intervalMs: 1000 })).toBe(true);
    expect(shouldRefreshToken(saved, T0, { intervalMs: 0 })).toBe(true);
    expect(nextRefreshAt(saved, { intervalMs: 1000 })).toBe(T0 + 1000);
  });

  it('is false while a refresh is in flight for 60 s or less, true once it is lost (over 60 s)', () => {
    const started = markRefreshStarted(saved, dueAt);
    expect(shouldRefreshToken(started, dueAt)).toBe(false);
    expect(shouldRefreshToken(started, dueAt + 59_999)).toBe(false);
    expect(shouldRefreshToken(started, dueAt + 60_000)).toBe(false);
    expect(shouldRefreshToken(started, dueAt + 60_001)).toBe(true);
    expect(nextRefreshAt(started)).toBe(dueAt + 60_001);
  });

  it('defaults now to Date.now()', () => {
    vi.useFakeTimers({ now: T0 });
    const state = markTokenSaved();
    expect(state.tokenSavedAt).toBe(T0);
    expect(shouldRefreshToken(state)).toBe(false);
    vi.setSystemTime(dueAt);
    expect(shouldRefreshToken(state)).toBe(true);
    expect(markRefreshStarted(state).inFlightSince).toBe(dueAt);
    expect(markRefreshCompleted(state, false).lastFailureAt).toBe(dueAt);
  });
});

describe('backoff after failed refreshes', () => {
  it('waits 30 s, 60 s, 120 s, … capped at 900 s', () => {
    const waits: number[] = [];
    let state = markTokenSaved(T0);
    let now = dueAt;
    for (let n = 1; n <= 9; n++) {
      expect(shouldRefreshToken(state, now)).toBe(true);
      state = markRefreshCompleted(markRefreshStarted(state, now), false, now + 5 * S);
      expect(state.failures).toBe(n);
      const failedAt = now + 5 * S;
      const next = nextRefreshAt(state)!;
      waits.push((next - failedAt) / S);
      expect(shouldRefreshToken(state, next - 1)).toBe(false);
      expect(shouldRefreshToken(state, next)).toBe(true);
      now = next;
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900, 900]);
  });

  it('refreshBackoffMs is 0 without failures and stays capped for huge counts', () => {
    expect(refreshBackoffMs(0)).toBe(0);
    expect(refreshBackoffMs(1)).toBe(30 * S);
    expect(refreshBackoffMs(5)).toBe(480 * S);
    expect(refreshBackoffMs(6)).toBe(900 * S);
    expect(refreshBackoffMs(10_000)).toBe(900 * S);
  });

  it('refreshBackoffMs is the core backoff (backoffDelay, 30 s doubling to 15 min, jitter 0.2) for any count and draw', () => {
    // Written out in token.ts for the refresh cycle alone; it must stay the core's schedule.
    fc.assert(
      fc.property(
        fc.integer({ min: -2, max: 80 }),
        fc.option(fc.oneof(fc.double({ min: 0, max: 1, maxExcluded: true }), fc.double())),
        (failures, draw) => {
          const random = draw === null ? undefined : () => draw;
          const core =
            failures >= 1
              ? backoffDelay(Math.min(failures - 1, 32), {
                  baseMs: BACKOFF_BASE_MS,
                  factor: 2,
                  maxMs: BACKOFF_MAX_MS,
                  ...(random ? { jitter: 0.2, random } : {}),
                })
              : 0;
          expect(refreshBackoffMs(failures, random)).toBe(core);
        },
      ),
    );
  });

  it('after a failure that came early (a forced refresh), retries at the backoff, not the interval (RETRY24)', () => {
    // (This test once pinned the interval here: the forced refresh's failure was retried hours later.)
    const failedEarly = markRefreshCompleted(markTokenSaved(T0), false, T0 + H);
    expect(shouldRefreshToken(failedEarly, T0 + H + 30 * S - 1)).toBe(false);
    expect(shouldRefreshToken(failedEarly, T0 + H + 30 * S)).toBe(true);
    expect(nextRefreshAt(failedEarly)).toBe(T0 + H + 30 * S);
    const twice = markRefreshCompleted(markRefreshStarted(failedEarly, T0 + H + 30 * S), false, T0 + 2 * H);
    expect(nextRefreshAt(twice)).toBe(T0 + 2 * H + 60 * S);
    expect(shouldRefreshToken(twice, T0 + 2 * H + 60 * S - 1)).toBe(false);
    expect(shouldRefreshToken(twice, T0 + 2 * H + 60 * S)).toBe(true);
  });

  it('a success resets failures and counts as a token saved at now', () => {
    const failed = markRefreshCompleted(markTokenSaved(T0), false, dueAt);
    const ok = markRefreshCompleted(markRefreshStarted(failed, dueAt + 30 * S), true, dueAt + 31 * S);
    expect(ok).toEqual(markTokenSaved(dueAt + 31 * S));
    expect(shouldRefreshToken(ok, dueAt + 31 * S + REFRESH_INTERVAL_MS - 1)).toBe(false);
    expect(shouldRefreshToken(ok, dueAt + 31 * S + REFRESH_INTERVAL_MS)).toBe(true);
  });
});

describe('state transitions', () => {
  it('markRefreshStarted sets inFlightSince and keeps the rest', () => {
    const failed = markRefreshCompleted(markTokenSaved(T0), false, dueAt);
    expect(markRefreshStarted(failed, dueAt + 40 * S)).toEqual({ ...failed, inFlightSince: dueAt + 40 * S });
  });

  it('markRefreshCompleted(false) counts, stamps and clears the flight', () => {
    const started = markRefreshStarted(markTokenSaved(T0), dueAt);
    expect(markRefreshCompleted(started, false, dueAt + S)).toEqual({
      tokenSavedAt: T0,
      inFlightSince: null,
      failures: 1,
      lastFailureAt: dueAt + S,
    });
  });

  it('returns new frozen objects and never mutates (deep-frozen) inputs', () => {
    const input: RefreshState = Object.freeze({
      tokenSavedAt: T0,
      inFlightSince: dueAt,
      failures: 2,
      lastFailureAt: T0,
    });
    const snapshot = { ...input };
    const outputs = [
      markTokenSaved(T0),
      markRefreshStarted(input, dueAt),
      markRefreshCompleted(input, true, dueAt),
      markRefreshCompleted(input, false, dueAt),
    ];
    shouldRefreshToken(input, dueAt);
    nextRefreshAt(input);
    for (const out of outputs) {
      expect(out).not.toBe(input);
      expect(Object.isFrozen(out)).toBe(true);
    }
    expect(input).toEqual(snapshot);
    expect(markRefreshStarted(initialRefreshState, 1)).not.toBe(initialRefreshState);
    expect(initialRefreshState.inFlightSince).toBeNull();
  });
});

type Op = { kind: 'tick' | 'save' | 'succeed' | 'fail'; dt: number };

const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('tick', 'tick', 'save', 'succeed', 'fail'),
  // Mostly small steps (inside the 60 s window), sometimes hours.
  dt: fc.oneof(fc.integer({ min: 0, max: 70 * S }), fc.integer({ min: 0, max: 7 * H })),
});

describe('refresh cycle properties', () => {
  it('never starts a second refresh while one has been in flight for 60 s or less', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 80 }),
        fc.integer({ min: 1000, max: 10_000 }),
        (ops, intervalS) => {
          const opts = { intervalMs: intervalS * S };
          let state = initialRefreshState;
          let now = T0;
          let flightStartedAt: number | null = null; // the model's own record of the open refresh
          for (const op of ops) {
            now += op.dt;
            if (op.kind === 'save') {
              state = markTokenSaved(now);
              flightStartedAt = null; // a new token aborts the refresh in flight
            } else if (op.kind === 'tick' && shouldRefreshToken(state, now, opts)) {
              if (flightStartedAt !== null) expect(now - flightStartedAt).toBeGreaterThan(60 * S);
              expect(state.tokenSavedAt).not.toBeNull();
              state = markRefreshStarted(state, now);
              flightStartedAt = now;
            } else if ((op.kind === 'succeed' || op.kind === 'fail') && flightStartedAt !== null) {
              state = markRefreshCompleted(state, op.kind === 'succeed', now);
              flightStartedAt = null;
            }
            // nextRefreshAt agrees with shouldRefreshToken.
            const at = nextRefreshAt(state, opts);
            expect(shouldRefreshToken(state, now, opts)).toBe(at !== null && now >= at);
            // The backoff never exceeds 15 min.
            if (state.failures > 0 && state.lastFailureAt !== null && at !== null) {
              const afterFailure = at - state.lastFailureAt;
              const byInterval = state.tokenSavedAt! + opts.intervalMs - state.lastFailureAt;
              const byFlight =
                state.inFlightSince === null ? 0 : state.inFlightSince + 60 * S + 1 - state.lastFailureAt;
              expect(afterFailure).toBeLessThanOrEqual(Math.max(15 * 60 * S, byInterval, byFlight));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('backoff is non-decreasing in failures and never over 15 min', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (n) => {
        const b = refreshBackoffMs(n);
        expect(b).toBeGreaterThanOrEqual(30 * S);
        expect(b).toBeLessThanOrEqual(15 * 60 * S);
        expect(refreshBackoffMs(n + 1)).toBeGreaterThanOrEqual(b);
      }),
    );
  });
});
