// Comparing two settings of a limit (`compareLimit`): stricter, looser or the same, by proof. The
// client and the reference server decide a limit change with it.
import { RequestValidationError } from '../errors/validation';
import { readBoolean, UNREADABLE } from '../schemas/common';
import { amountOf, periodOf } from './restrictions';
import type { LimitPeriodName } from './time';

/** What `compareLimit` compares: a `LimitState`, or any `{ amount, period, active }`. */
export interface LimitSetting {
  amount: number | null | undefined;
  period?: LimitPeriodName | null | undefined;
  /**
   * Default true. An inactive limit (false, 0, '0'), or one without an amount, limits nothing;
   * a flag that cannot be read (2, 'yes') is unknown.
   */
  active?: boolean | number | string | null | undefined;
  /** A `LimitState`'s `known`: false (it could not be read) proves nothing, `looser`. */
  known?: boolean;
}

/**
 * How many periods of the second kind one period of the first kind touches, at most, on the São
 * Paulo calendar: a month has up to 31 days and touches up to 6 Monday-to-Sunday weeks (a 30- or
 * 31-day month starting on a Sunday); a week straddles up to 2 months; a day lies in one week and
 * one month. (test/responsible-gaming/compare-limit.property.test.ts counts them day by day.)
 */
const TOUCHING: Record<LimitPeriodName, Record<LimitPeriodName, number>> = {
  daily: { daily: 1, weekly: 1, monthly: 1 },
  weekly: { daily: 7, weekly: 1, monthly: 2 },
  monthly: { daily: 31, weekly: 6, monthly: 1 },
};

/** A limit's reading for comparison: 'none' (no limit), 'unknown', or its amount and period. */
function settingOf(s: LimitSetting): 'none' | 'unknown' | { amount: number; period: LimitPeriodName } {
  if (typeof s !== 'object' || s === null)
    throw new RequestValidationError('compareLimit', [
      { path: [], code: 'invalid_type', message: 'invalid' },
    ]);
  if (s.known === false) return 'unknown';
  const active = readBoolean(s.active ?? true);
  if (active === UNREADABLE) return 'unknown';
  if (active === false || s.amount === null || s.amount === undefined) return 'none';
  const amount = amountOf(s.amount);
  const period = periodOf(s.period);
  return amount === null || period === null ? 'unknown' : { amount, period };
}

/**
 * Whether moving from `current` to `proposed` makes the limit stricter, looser or leaves it the
 * same, by proof. Only the new limit holds after the change, so it is `stricter` when everything
 * it allows the old one allowed too: for every period of the OLD kind, the new amount times the
 * number of new periods that can touch it (a month: 31 days, 6 weeks; a week: 7 days, 2 months)
 * is at most the old amount. `same` when each allows exactly what the other does. Anything that
 * cannot be proven stricter is `looser` (the change that needs the password and waits 24 h): an
 * unknown period or amount too, and a limit `restrictionsOf` could not read (`known: false`). A
 * setting that is no object is a `RequestValidationError`. Amount 0 is a limit that allows nothing; only an inactive limit
 * (or one without an amount) is no limit, the loosest. The reference server decides with this
 * same function (docs/responsible-gaming.md).
 *
 * @example
 * compareLimit({ amount: 500, period: 'monthly' }, { amount: 300, period: 'monthly' }); // 'stricter'
 * compareLimit({ amount: 300, period: 'monthly' }, { amount: 10, period: 'daily' }); // 'looser' (310 in 31 days)
 * compareLimit({ amount: 500, period: 'weekly' }, { amount: 70, period: 'daily' }); // 'stricter'
 */
export function compareLimit(current: LimitSetting, proposed: LimitSetting): 'stricter' | 'looser' | 'same' {
  const [c, p] = [settingOf(current), settingOf(proposed)];
  if (c === 'unknown' || p === 'unknown') return 'looser';
  if (c === 'none' || p === 'none') return c === p ? 'same' : c === 'none' ? 'stricter' : 'looser';
  const newWithinOld = p.amount * TOUCHING[c.period][p.period] <= c.amount;
  const oldWithinNew = c.amount * TOUCHING[p.period][c.period] <= p.amount;
  if (newWithinOld) return oldWithinNew ? 'same' : 'stricter';
  return 'looser';
}
