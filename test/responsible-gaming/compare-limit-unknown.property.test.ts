// REVIEW-O 4: `compareLimit` proves nothing from a limit that could not be read. A current limit
// `restrictionsOf` marks `known: false` (an unreadable flag folded into `active: false`, an
// unreadable amount into `amount: null`: both read as "no limit", the loosest) made any raise
// 'stricter' and switching it off 'same'. Now a setting with `known: false` on either side is
// 'looser' (the change that asks for the password and waits); a setting that is no object is a
// typed `invalid_request`, never a raw TypeError (REVIEW-O 5).
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPamError, RequestValidationError } from '../../src/errors/index';
import { compareLimit } from '../../src/responsible-gaming/limits';
import { restrictionsOf } from '../../src/responsible-gaming/restrictions';

const period = fc.constantFrom('daily', 'weekly', 'monthly' as const);
const setting = fc.record({
  amount: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 1e9 })),
  period,
  active: fc.boolean(),
});

describe('compareLimit with a limit that could not be read', () => {
  it('an unreadable current limit (from restrictionsOf) proves nothing: looser', () => {
    for (const bad of [
      { user_limit_deposit_active: 'yes' },
      { user_limit_deposit: 'abc' },
      { user_limit_deposit: -5 },
    ]) {
      const info = {
        user_limit_deposit: 100,
        user_limit_deposit_active: 1,
        user_limit_deposit_period: 'daily',
        ...bad,
      };
      const current = restrictionsOf(info, Date.parse('2026-11-30T12:00:00Z')).limits.deposit;
      expect(current.known).toBe(false);
      fc.assert(
        fc.property(setting, (proposed) => {
          expect(compareLimit(current, proposed)).toBe('looser');
        }),
      );
    }
  });

  it('a setting marked known: false, on either side, is looser', () => {
    fc.assert(
      fc.property(setting, setting, fc.boolean(), (a, b, side) => {
        const [c, p] = side ? [{ ...a, known: false }, b] : [a, { ...b, known: false }];
        expect(compareLimit(c, p)).toBe('looser');
      }),
    );
  });

  it('a setting that is no object is a typed invalid_request', () => {
    for (const bad of [null, undefined, 5, 'daily', true]) {
      for (const f of [
        () => compareLimit(bad as never, { amount: 1, period: 'daily' }),
        () => compareLimit({ amount: 1, period: 'daily' }, bad as never),
      ]) {
        let thrown: unknown;
        try {
          f();
        } catch (e) {
          thrown = e;
        }
        expect(thrown).toBeInstanceOf(RequestValidationError);
        expect(isPamError(thrown) && thrown.code).toBe('invalid_request');
      }
    }
  });
});
