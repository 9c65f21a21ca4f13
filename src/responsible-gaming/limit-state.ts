// The limits (spec 2.11), as the profile shows them (`limitOf`: one limit read tolerantly, failing
// closed; a pending change whose time has come shows as applied). `restrictionsOf` reads the four.
import { readBoolean, readNumber, UNREADABLE } from '../schemas/common';
import type { LimitPeriodName } from './time';
import { latestTimeOf, parseServerTime } from './time';

/**
 * A flag the profile always carries (spec 2.12: an exclusion's, a limit's `_active`), as
 * `readBoolean` reads it, but absent (undefined) says nothing: `UNREADABLE` (fail closed). Null
 * reads as `readBoolean` reads it ("not set"). `user_pause`/`user_exclusion`: the same in `selfOf`.
 */
export const carriedFlag = (v: unknown) => (v === undefined ? UNREADABLE : readBoolean(v));
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
 * One limit as the profile shows it. `amount`/`period` are null when null, absent or unreadable;
 * `known` is false when a field of it (amount, `_active`, `_period`) is absent or was sent but could
 * not be read (its `active` is then false, but nothing is proven: treat the limit as unknown).
 */
export interface LimitState {
  kind: LimitKind;
  amount: number | null;
  period: LimitPeriodName | null;
  active: boolean;
  pendingChange: PendingLimitChange | null;
  /** Every field of the limit was sent (null counts) and could be read. */
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
/** A pending change's `active`: true or false as read, null when unreadable (or not sent). */
const limitFlagOf = (v: unknown): boolean | null => {
  const b = readBoolean(v);
  return b === UNREADABLE ? null : b;
};

/**
 * The change a `*_change` field holds (JSON, or a bare timestamp), whatever its time: a naive
 * `effective_at` read at the latest instant it may mean (`late`, a looser change: REVIEW-R R-4),
 * or as São Paulo time (a stricter one: never applied later than that).
 */
function changeOf(raw: unknown, late = true): PendingLimitChange | null {
  const timeOf = late ? latestTimeOf : parseServerTime;
  let value = raw as Record<string, unknown> | null;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      // A bare timestamp: a change pending at that time, values unknown (docs/contract.md assumption).
      const at = timeOf(raw);
      return at === null ? null : { amount: null, period: null, active: null, effectiveAt: at };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const change: PendingLimitChange = {
    amount: amountOf(value.amount),
    period: periodOf(value.period),
    active: limitFlagOf(value.active),
    effectiveAt: timeOf(value.effective_at),
  };
  // Nothing readable is no change.
  return Object.values(change).every((v) => v === null) ? null : change;
}

/**
 * The limit `kind` read from a userInfo-like record at `now` (never throws): a pending change
 * whose `effective_at` has come shows as applied. Its fields that cannot be read, or are absent
 * (amount, `_active`, `_period`: the profile always carries them), are added to `bad`.
 */
export function limitOf(
  info: Record<string, unknown>,
  kind: LimitKind,
  now: number,
  bad: string[] = [],
): LimitState {
  const key = `user_limit_${kind}`;
  const active = carriedFlag(info[`${key}_active`]);
  const limit: LimitState = {
    kind,
    amount: amountOf(info[key]),
    period: periodOf(info[`${key}_period`]),
    active: active === true,
    pendingChange: changeOf(info[`${key}_change`]),
    known: true,
  };
  let change = limit.pendingChange;
  // Only a change that is surely looser (switches the limit off, or keeps its period and raises
  // or keeps its amount) waits for the latest instant a naive time may mean; any other (it may
  // tighten) is due at its São Paulo reading: held late, it would show the looser limit. (Field by
  // field: for a limit that reads, each such change is one `within`, ./limit-order.ts, proves
  // looser; a change of period it may prove looser stays due here, as shipped:
  // test/responsible-gaming/limit-order-equivalence.property.test.ts.)
  if (
    change &&
    change.active !== false &&
    !(
      (change.active !== true || limit.active) &&
      (change.period ?? limit.period) === limit.period &&
      (change.amount ?? Infinity) >= (limit.amount ?? Infinity)
    )
  )
    change = limit.pendingChange = changeOf(info[`${key}_change`], false);
  // (`now` NaN, no time: none is due.) Its time come, the change shows as applied (what it does
  // not say stays as it was).
  const out: LimitState =
    change === null || change.effectiveAt === null || !(change.effectiveAt <= now)
      ? limit
      : {
          ...limit,
          amount: change.amount ?? limit.amount,
          period: change.period ?? limit.period,
          active: change.active ?? limit.active,
          pendingChange: null,
        };
  // The fields not null that cannot be read: absent ones too (the profile always carries them).
  // An active limit with an amount and no readable period (null too) is a limit whose period is
  // unknown, never "no limit" (REVIEW-R R-7).
  const wrong = [
    info[key] !== null && limit.amount === null && key,
    active === UNREADABLE && `${key}_active`,
    limit.period === null &&
      (info[`${key}_period`] !== null || (out.period === null && out.active && out.amount !== null)) &&
      `${key}_period`,
  ].filter(Boolean) as string[];
  out.known = wrong.length === 0;
  bad.push(...wrong);
  return out;
}
