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

function changeOf(raw: unknown, now: number): PendingLimitChange | null {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      // A bare timestamp: a change pending at that time, values unknown (docs/contract.md assumption).
      const at = parseServerTime(raw);
      return at !== null && at > now ? { amount: null, period: null, active: null, effectiveAt: at } : null;
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
  // Nothing readable is no change; one already in effect is no longer pending.
  if (
    change.amount === null &&
    change.period === null &&
    change.active === null &&
    change.effectiveAt === null
  )
    return null;
  if (change.effectiveAt !== null && change.effectiveAt <= now) return null;
  return change;
}

/** The limit `kind` read from a userInfo-like record (never throws). */
export function limitOf(info: Record<string, unknown>, kind: LimitKind, now: number): LimitState {
  const key = `user_limit_${kind}`;
  return {
    kind,
    amount: amountOf(info[key]),
    period: periodOf(info[`${key}_period`]),
    active: flagOf(info[`${key}_active`]) === true,
    pendingChange: changeOf(info[`${key}_change`], now),
    known: unreadableLimitFields(info, kind).length === 0,
  };
}

/** What `compareLimit` compares: a `LimitState`, or any `{ amount, period, active }`. */
export interface LimitSetting {
  amount: number | null | undefined;
  period?: LimitPeriodName | null | undefined;
  /** Default true. An inactive limit, or one without an amount, limits nothing. */
  active?: boolean | 0 | 1 | null | undefined;
}

const PERIOD_DAYS: Record<LimitPeriodName, number> = { daily: 1, weekly: 7, monthly: 30 };

/**
 * Whether moving from `current` to `proposed` makes the limit stricter, looser or leaves it the
 * same. No limit (inactive, or no amount) is the loosest. With different periods, `proposed` is
 * stricter only when it allows no more in one period AND no more per day on average (daily 50
 * is stricter than weekly 500; daily 100 is looser: 700 a week); anything that cannot be proven
 * stricter counts as looser (a looser change is the one that needs a step-up and may wait).
 *
 * @example
 * compareLimit({ amount: 500, period: 'monthly' }, { amount: 300, period: 'monthly' }); // 'stricter'
 * compareLimit({ amount: 100, period: 'daily' }, { amount: 500, period: 'weekly' }); // 'looser'
 */
export function compareLimit(current: LimitSetting, proposed: LimitSetting): 'stricter' | 'looser' | 'same' {
  const limits = (s: LimitSetting) => s.active !== false && s.active !== 0 && amountOf(s.amount) !== null;
  const [c, p] = [limits(current), limits(proposed)];
  if (!c || !p) return c === p ? 'same' : c ? 'looser' : 'stricter';
  const [ca, pa] = [current.amount as number, proposed.amount as number];
  const [cp, pp] = [periodOf(current.period), periodOf(proposed.period)];
  if (cp === pp) return pa === ca ? 'same' : pa < ca ? 'stricter' : 'looser';
  if (pa === 0 && ca === 0) return 'same';
  if (cp === null || pp === null) return 'looser';
  return pa <= ca && pa / PERIOD_DAYS[pp] <= ca / PERIOD_DAYS[cp] ? 'stricter' : 'looser';
}
