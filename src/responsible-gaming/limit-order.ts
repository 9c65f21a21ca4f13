// The order of limit settings: what one allows that another does not, across periods
// (`compareLimit`'s core, ./limits.ts), and the readers of a setting's amount and period.
// `limitOf` (./restrictions.ts) times a pending change by it: late only when `compareLimit`
// proves it looser (REVIEW29A-6).
import { RequestValidationError } from '../errors/validation';
import { readBoolean, readNumber, UNREADABLE } from '../schemas/common';
import type { LimitPeriodName } from './time';

/** An amount (BRL, or minutes for time): a number >= 0 read tolerantly, else null. */
export const amountOf = (v: unknown): number | null => {
  const n = readNumber(v);
  return typeof n === 'number' && n >= 0 ? n : null;
};
/** A period: `daily`, `weekly` or `monthly` (white space around it read), else null. */
export const periodOf = (v: unknown): LimitPeriodName | null => {
  const t = typeof v === 'string' ? v.trim() : v;
  return t === 'daily' || t === 'weekly' || t === 'monthly' ? t : null;
};

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
export type LimitReading = 'none' | 'unknown' | { amount: number; period: LimitPeriodName };

/** `s` read for comparison; no object is a `RequestValidationError`. */
export function settingOf(s: LimitSetting): LimitReading {
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
 * Whether `b` allows everything `a` allows, by proof: no limit allows all; for every period of
 * `b`'s kind, `a`'s amount times the number of `a`'s periods that can touch it is at most `b`'s
 * amount. An unknown reading proves nothing: false.
 */
export const within = (a: LimitReading, b: LimitReading): boolean =>
  a !== 'unknown' &&
  b !== 'unknown' &&
  (b === 'none' || (a !== 'none' && a.amount * TOUCHING[b.period][a.period] <= b.amount));
