// The refresh cycle's deciding functions (`shouldRefreshToken`, `nextRefreshAt`) are total (review L4): any input either gives a refresh state
// (frozen, no NaN) or a boolean / time, or is refused with a typed `invalid_request`
// (`RequestValidationError`, as `downloadIncomeReport` refuses a report that is none): never a
// TypeError, never `failures: NaN`. And a saved time in the future of `now` (the device clock
// stepped back) does not postpone the refresh: beyond a minute's tolerance, it is ignored, so the
// refresh is due no later than the interval (plus that minute) after `now`.

import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPamError, RequestValidationError } from '../../src/errors/index';
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

const H = 3_600_000;
const T0 = 1_800_000_000_000;
/** How far in the future of `now` a saved time may be and still count (a clock's small step back). */
const TOLERANCE_MS = 60_000;

const invalidRequest = (f: () => unknown) => {
  let thrown: unknown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(RequestValidationError);
  expect(isPamError(thrown) && thrown.code).toBe('invalid_request');
  return thrown as RequestValidationError;
};

describe('the refresh functions refuse what is not a refresh state, typed', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['{}', {}],
    ['a string tokenSavedAt', { ...initialRefreshState, tokenSavedAt: 'x' }],
    ['lastFailureAt: Infinity', { ...markTokenSaved(T0), failures: 1, lastFailureAt: Infinity }],
    ['inFlightSince: NaN', { ...markTokenSaved(T0), inFlightSince: NaN }],
    ['failures: -1', { ...markTokenSaved(T0), failures: -1 }],
    ['failures: 1.5', { ...markTokenSaved(T0), failures: 1.5 }],
    [
      'a getter that throws',
      Object.defineProperty({}, 'tokenSavedAt', {
        get: () => {
          throw new Error('boom');
        },
      }),
    ],
  ])('%s', (_, bad) => {
    const state = bad as RefreshState;
    const e = invalidRequest(() => shouldRefreshToken(state, T0 + 7 * H));
    expect(e.operation).toBe('shouldRefreshToken');
    expect(invalidRequest(() => nextRefreshAt(state)).operation).toBe('nextRefreshAt');
  });

  it('says which field is wrong', () => {
    expect(invalidRequest(() => shouldRefreshToken({} as RefreshState, T0)).issues[0]?.path).toEqual([
      'state',
      'tokenSavedAt',
    ]);
    const lost = { ...markTokenSaved(T0), failures: 1, lastFailureAt: Infinity };
    expect(invalidRequest(() => shouldRefreshToken(lost, T0)).issues[0]?.path).toEqual([
      'state',
      'lastFailureAt',
    ]);
  });

  it('refuses a `now` that is no time (NaN, Infinity, a string)', () => {
    for (const now of [NaN, Infinity, -Infinity, '1' as unknown as number]) {
      expect(invalidRequest(() => shouldRefreshToken(markTokenSaved(T0), now)).issues[0]?.path).toEqual([
        'now',
      ]);
    }
  });
});

describe('a saved time in the future of now (the device clock stepped back)', () => {
  it('a token saved 24 h "later" is due now, not 30 h from now', () => {
    expect(shouldRefreshToken(markTokenSaved(T0), T0 - 24 * H)).toBe(true);
  });

  it('a step back within the tolerance keeps the normal schedule (not due right after a save)', () => {
    expect(shouldRefreshToken(markTokenSaved(T0), T0 - 1)).toBe(false);
    expect(shouldRefreshToken(markTokenSaved(T0), T0 - TOLERANCE_MS)).toBe(false);
    expect(shouldRefreshToken(markTokenSaved(T0), T0 - TOLERANCE_MS - 1)).toBe(true);
  });

  it('a save "later" than a failure (the clock stepped back before it) no longer counts', () => {
    // Found by the property: a save just beyond the tolerance, a failure at now (after the step
    // back). Once the backoff has passed, the save must not put the refresh off by 6 h.
    const now = T0;
    const state = { tokenSavedAt: now + 60_001, inFlightSince: null, failures: 1, lastFailureAt: now };
    expect(shouldRefreshToken(state, now + 30_000 - 1)).toBe(false);
    expect(shouldRefreshToken(state, now + 30_000)).toBe(true);
  });

  it('a failure or a flight "later" than now does not hold the due refresh back', () => {
    const due = T0 + 6 * H;
    const failed = markRefreshCompleted(
      markRefreshStarted(markTokenSaved(T0), due + 24 * H),
      false,
      due + 24 * H,
    );
    expect(shouldRefreshToken(failed, due + 1)).toBe(true);
    const flying = markRefreshStarted(markTokenSaved(T0), due + 24 * H);
    expect(shouldRefreshToken(flying, due + 1)).toBe(true);
  });
});

// Properties.

const time = fc.oneof(
  fc.integer({ min: T0 - 48 * H, max: T0 + 48 * H }),
  // Near one another: within and just beyond the minute's tolerance, the backoff, the flight.
  fc.integer({ min: T0 - 20 * 60_000, max: T0 + 20 * 60_000 }),
  fc
    .tuple(fc.integer({ min: -16, max: 16 }), fc.integer({ min: -1, max: 1 }))
    .map(([k, d]) => T0 + k * 60_000 + d),
  fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e300),
);
const anyValue = fc.oneof(
  time,
  fc.constantFrom(null, undefined, NaN, Infinity, -Infinity, -0, 1.5, '1', true, {}, []),
  fc.double(),
);
/** A refresh state, or something shaped like one with any values, or anything at all. */
const anyState = fc.oneof(
  fc.record({
    tokenSavedAt: fc.option(time, { nil: null }),
    inFlightSince: fc.option(time, { nil: null }),
    failures: fc.oneof(fc.nat(40), fc.constantFrom(Number.MAX_SAFE_INTEGER, 1e300)),
    lastFailureAt: fc.option(time, { nil: null }),
  }),
  fc.record(
    { tokenSavedAt: anyValue, inFlightSince: anyValue, failures: anyValue, lastFailureAt: anyValue },
    { requiredKeys: [] },
  ),
  fc.anything(),
) as fc.Arbitrary<RefreshState>;
const anyNow = fc.oneof(time, time, anyValue) as fc.Arbitrary<number>;

/** A refresh state as the functions give them: each field finite or null, `failures` a count. */
const isRefreshState = (s: RefreshState) =>
  Object.isFrozen(s) &&
  Object.keys(s).sort().join() === 'failures,inFlightSince,lastFailureAt,tokenSavedAt' &&
  [s.tokenSavedAt, s.inFlightSince, s.lastFailureAt].every((t) => t === null || Number.isFinite(t)) &&
  Number.isInteger(s.failures) &&
  s.failures >= 0;

/** Runs `f`: its value, or the error it threw, which must be a typed `invalid_request`. */
function totally<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch (e) {
    expect(isPamError(e) && e.code).toBe('invalid_request');
    return undefined;
  }
}

describe('properties over any state and any now', () => {
  it('never throws untyped, never gives NaN', () => {
    fc.assert(
      fc.property(anyState, anyNow, (state, now) => {
        const due = totally(() => shouldRefreshToken(state, now));
        expect(due === undefined || typeof due === 'boolean').toBe(true);
        const at = totally(() => nextRefreshAt(state));
        expect(at === undefined || at === null || Number.isFinite(at)).toBe(true);
        // A refresh state in, with a time: no refusal.
        if (isRefreshState(Object.freeze({ ...(state as object) }) as RefreshState) && Number.isFinite(now)) {
          expect(() => shouldRefreshToken(state, now)).not.toThrow();
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a saved token is due within the interval after now (plus the tolerance, a flight and a backoff), whatever the saved times', () => {
    fc.assert(
      fc.property(
        anyState.filter((s) => {
          try {
            nextRefreshAt(s);
            return s.tokenSavedAt !== null;
          } catch {
            return false;
          }
        }),
        time,
        fc.constantFrom(REFRESH_INTERVAL_MS, H, 1000),
        (state, now, intervalMs) => {
          const options = { intervalMs };
          // Each saved time holds the refresh back from the tolerance before it (when it starts
          // to count) to its wait after it: three windows, so the first time out of all of them is
          // at most their lengths summed after now (a pure function of (state, now) has no memory
          // of a step back once the clock has caught up with a saved time). Was unbounded: a save
          // 24 h "ahead" put the refresh off by 30 h.
          // A flight is lost only OVER its timeout (API.md, REVIEW-Y Y-5): at the first time after
          // it, one ms (or, where the times are too large for ms, the next float) later.
          const justAfter = (t: number) => t + Math.max(1, Math.abs(t) * Number.EPSILON);
          const bound = justAfter(
            now +
              3 * TOLERANCE_MS +
              intervalMs +
              REFRESH_IN_FLIGHT_TIMEOUT_MS +
              refreshBackoffMs(state.failures),
          );
          // `shouldRefreshToken` turns true only at these times (each saved time plus its wait, now):
          // it is due at one of them in [now, bound].
          const candidates = [
            now,
            bound,
            ...(
              [
                [state.tokenSavedAt, intervalMs],
                [state.lastFailureAt, refreshBackoffMs(state.failures)],
                [state.inFlightSince, REFRESH_IN_FLIGHT_TIMEOUT_MS],
              ] as const
            ).flatMap(([t, wait]) => (t === null ? [] : [t + wait, justAfter(t + wait)])),
          ].filter((t) => t >= now && t <= bound);
          expect(candidates.some((t) => shouldRefreshToken(state, t, options))).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
