// REVIEW-O 2: the refresh cycle's `mark*` functions and `shouldRefreshToken`'s `intervalMs` refuse
// what is no time, no state or no interval with a typed `invalid_request` at the call that got it
// (as `shouldRefreshToken` refuses a `now` that is none), never building a state that holds `NaN`
// or a string (NaN prints as `null`: a persisted state would read "no token saved").
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPamError, RequestValidationError } from '../../src/errors/index';
import {
  initialRefreshState,
  markRefreshCompleted,
  markRefreshStarted,
  markTokenSaved,
  shouldRefreshToken,
} from '../../src/session/token';

const T0 = 1_800_000_000_000;
const notATime = fc.oneof(
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, null, true, {}, []),
  fc.string(),
  fc.bigInt(),
);
const refused = (f: () => unknown) => {
  let thrown: unknown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(RequestValidationError);
  expect(isPamError(thrown) && thrown.code).toBe('invalid_request');
};
const saved = markTokenSaved(T0);

describe('the refresh cycle refuses bad input at the call', () => {
  it('markTokenSaved, markRefreshStarted, markRefreshCompleted: a time that is none', () => {
    fc.assert(
      fc.property(notATime, (now) => {
        refused(() => markTokenSaved(now as number));
        refused(() => markRefreshStarted(saved, now as number));
        refused(() => markRefreshCompleted(saved, true, now as number));
        refused(() => markRefreshCompleted(saved, false, now as number));
      }),
    );
  });

  it('a state that is none, and a success that is no boolean', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(null, 5, 'x'),
          fc.record({ tokenSavedAt: notATime, failures: fc.constant(0) }),
        ),
        (state) => {
          refused(() => markRefreshStarted(state as never, T0));
          refused(() => markRefreshCompleted(state as never, false, T0));
        },
      ),
    );
    for (const success of ['yes', 1, 0, null, undefined, {}])
      refused(() => markRefreshCompleted(saved, success as never, T0));
  });

  it('an interval that is no finite number of ms, 0 or more', () => {
    for (const intervalMs of [Number.NaN, Number.POSITIVE_INFINITY, '1', -1, -0.5, {}])
      refused(() => shouldRefreshToken(saved, T0, { intervalMs: intervalMs as number }));
    expect(shouldRefreshToken(saved, T0 + 1000, { intervalMs: 1000 })).toBe(true);
  });

  it('good input still gives frozen, finite states', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 * T0 }), fc.boolean(), (now, ok) => {
        const s = markRefreshCompleted(markRefreshStarted(markTokenSaved(now), now), ok, now);
        expect(Object.isFrozen(s)).toBe(true);
        expect(Object.values(s).every((v) => v === null || Number.isFinite(v))).toBe(true);
        expect(s.failures).toBe(ok ? 0 : 1);
      }),
    );
    expect(markTokenSaved(T0)).toEqual({ ...initialRefreshState, tokenSavedAt: T0 });
  });
});
