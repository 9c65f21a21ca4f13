// Limits: which change is looser, and the pending change a looser one becomes. Our rules (the
// spec is silent): a looser change waits 24 hours and needs the password; a stricter one (or the
// same) applies at once and cancels any pending change of that kind.

import { compareLimit } from '../responsible-gaming/limits';
import type { LimitKind, LimitPeriod, UserLimits, UserRecord } from './records';
import { saoPauloTime } from './time';

export const LIMIT_KINDS: readonly LimitKind[] = ['deposit', 'bet', 'loss', 'time'];

/** How long a looser limit waits before it applies (our choice: 24 hours). */
export const LIMIT_INCREASE_DELAY_MS = 24 * 60 * 60 * 1000;

/** One limit's values as the profile shows them. */
export interface LimitValue {
  amount: number;
  active: number;
  period: LimitPeriod;
}

export function limitOf(limits: UserLimits, kind: LimitKind): LimitValue {
  return {
    amount: limits[`user_limit_${kind}`],
    active: limits[`user_limit_${kind}_active`],
    period: limits[`user_limit_${kind}_period`],
  };
}

/**
 * True when `proposed` leaves more room than `current`, decided by the client's own
 * `compareLimit` (one rule for both sides): deactivating a limit, a higher amount, or a period
 * whose allowance can add up to more (10 a day is 310 in a 31-day month). Amount 0 is a limit
 * that allows nothing; only an inactive limit is no limit, so changing one never is looser.
 */
export function isLooser(current: LimitValue, proposed: LimitValue): boolean {
  return compareLimit(current, proposed) === 'looser';
}

function setLimit(limits: UserLimits, kind: LimitKind, value: LimitValue): void {
  Object.assign(limits, {
    [`user_limit_${kind}`]: value.amount,
    [`user_limit_${kind}_active`]: value.active,
    [`user_limit_${kind}_period`]: value.period,
  });
}

/** Applies `value` now and drops any pending change of `kind`. */
export function applyLimit(user: UserRecord, kind: LimitKind, value: LimitValue): void {
  setLimit(user.limits, kind, value);
  user.limits[`user_limit_${kind}_change`] = null;
  delete user.pendingLimits[kind];
}

/**
 * Records a pending change of `kind`; the profile shows it in `user_limit_<kind>_change` as
 * `{"amount","period","active","effective_at":"YYYY-MM-DD HH:mm:ss"}` (America/Sao_Paulo).
 */
export function scheduleLimit(
  user: UserRecord,
  kind: LimitKind,
  value: LimitValue,
  effectiveAt: number,
): void {
  user.pendingLimits[kind] = { ...value, effectiveAt };
  user.limits[`user_limit_${kind}_change`] = JSON.stringify({
    amount: value.amount,
    period: value.period,
    active: value.active,
    effective_at: saoPauloTime(effectiveAt),
  });
}

/** Applies every pending change whose time has come. */
export function settleLimits(user: UserRecord, now: number): void {
  for (const kind of LIMIT_KINDS) {
    const pending = user.pendingLimits[kind];
    if (pending && pending.effectiveAt <= now) {
      const { effectiveAt: _, ...value } = pending;
      applyLimit(user, kind, value);
    }
  }
}
