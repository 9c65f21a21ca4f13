import { readBoolean, readNumber, UNREADABLE } from '../schemas/read';
import type { LimitPeriodName } from './period';
import { parseServerTime } from './time';

/** The four limits of spec 2.11 (money in BRL; time in minutes per period). */
export type LimitKind = 'deposit' | 'bet' | 'loss' | 'time';

/** A change of a limit the server holds back until `effectiveAt` (`user_limit_<kind>_change`). */
export interface PendingLimitChange {
  amount: number | null;
  period: LimitPeriodName | null;
  active: boolean | null;
  effectiveAt: number | null;
}

/**
 * One limit as the profile shows it. `amount`/`period` are null when absent or unreadable;
 * `known` is false when a field of it was sent but could not be read (its `active` is then
 * false, but nothing is proven: treat the limit as unknown).
 */
export interface LimitState {
  kind: LimitKind;
  amount: number | null;
  period: LimitPeriodName | null;
  active: boolean;
  pendingChange: PendingLimitChange | null;
  /** Every field of the limit that was sent could be read. */
  known: boolean;
}

export const LIMIT_KINDS: readonly LimitKind[] = ['deposit', 'bet', 'loss', 'time'];

/** An amount (BRL, or minutes for time): a number >= 0 read tolerantly, else null. */
export const amountOf = (v: unknown): number | null => {
  const n = readNumber(v);
  return typeof n === 'number' && n >= 0 ? n : null;
};
export const periodOf = (v: unknown): LimitPeriodName | null => {
  const t = typeof v === 'string' ? v.trim() : v;
  return t === 'daily' || t === 'weekly' || t === 'monthly' ? t : null;
};
const flagOf = (v: unknown): boolean | null => {
  const b = readBoolean(v);
  return b === UNREADABLE ? null : b;
};

/** The fields of `limit` sent (not null, not absent) that cannot be read. */
export function unreadableLimitFields(info: Record<string, unknown>, kind: LimitKind): string[] {
  const key = `user_limit_${kind}`;
  const out: string[] = [];
  const sent = (k: string) => info[k] !== undefined && info[k] !== null;
  if (sent(key) && amountOf(info[key]) === null) out.push(key);
  if (readBoolean(info[`${key}_active`]) === UNREADABLE) out.push(`${key}_active`);
  if (sent(`${key}_period`) && periodOf(info[`${key}_period`]) === null) out.push(`${key}_period`);
  return out;
}

/** The change a `*_change` field holds (JSON, or a bare timestamp), whatever its time. */
function changeOf(raw: unknown): PendingLimitChange | null {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      // A bare timestamp: a change pending at that time, values unknown (docs/contract.md assumption).
      const at = parseServerTime(raw);
      return at === null ? null : { amount: null, period: null, active: null, effectiveAt: at };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const o = value as Record<string, unknown>;
  const change: PendingLimitChange = {
    amount: amountOf(o.amount),
    period: periodOf(o.period),
    active: flagOf(o.active),
    effectiveAt: parseServerTime(o.effective_at),
  };
  // Nothing readable is no change.
  const empty =
    change.amount === null && change.period === null && change.active === null && change.effectiveAt === null;
  return empty ? null : change;
}

/**
 * The limit `kind` read from a userInfo-like record at `now` (never throws): a pending change
 * whose `effective_at` has come shows as applied.
 */
export function limitOf(info: Record<string, unknown>, kind: LimitKind, now: number): LimitState {
  const key = `user_limit_${kind}`;
  const limit: LimitState = {
    kind,
    amount: amountOf(info[key]),
    period: periodOf(info[`${key}_period`]),
    active: flagOf(info[`${key}_active`]) === true,
    pendingChange: changeOf(info[`${key}_change`]),
    known: unreadableLimitFields(info, kind).length === 0,
  };
  const change = limit.pendingChange;
  if (change === null || change.effectiveAt === null || change.effectiveAt > now) return limit;
  // Its time has come: the change shows as applied (what it does not say stays as it was).
  return {
    ...limit,
    amount: change.amount ?? limit.amount,
    period: change.period ?? limit.period,
    active: change.active ?? limit.active,
    pendingChange: null,
  };
}

/** What `compareLimit` compares: a `LimitState`, or any `{ amount, period, active }`. */
export interface LimitSetting {
  amount: number | null | undefined;
  period?: LimitPeriodName | null | undefined;
  /**
   * Default true. An inactive limit (false, 0, '0'), or one without an amount, limits nothing;
   * a flag that cannot be read (2, 'yes') is unknown.
   */
  active?: boolean | number | string | null | undefined;
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
 * unknown period or amount too. Amount 0 is a limit that allows nothing; only an inactive limit
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
