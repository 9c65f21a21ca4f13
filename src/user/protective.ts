// Which change the client's step-up lock never refuses: a protective one, which only restricts the
// player (REVIEW-R R-8: a pause, a self-exclusion; REVIEW29A-3: a limit change that makes every
// limit it sends stricter or the same). It is sent and the server decides; a wrong password is
// still counted (./sensitive.ts).

import { compareLimit, type LimitSetting } from '../responsible-gaming/limits';
import type { LimitKind } from '../responsible-gaming/restrictions';

/**
 * The limits in force as the app knows them, by kind: `restrictionsOf(userInfo).limits`, or the
 * session's `view.restrictions.limits` while its status is `current`. A kind missing, or one not
 * `known`, proves nothing.
 *
 * @example
 * const known: LimitsInForce = restrictionsOf(profile.userInfo, serverNow()).limits;
 */
export type LimitsInForce = Partial<Record<LimitKind, LimitSetting>>;

/** `createUserModule`'s option that lets a stricter limit change through the step-up lock. */
export interface LimitsOption {
  /**
   * The limits in force now (`LimitsInForce`), asked when a limit change is made: one that makes
   * every limit it sends stricter or the same (`compareLimit`, each kind's fields not sent kept
   * as they are) is protective, never refused by the step-up lock (its password is sent, the
   * server decides, a wrong one still counts). Without it, or when it gives nothing (or throws),
   * no limit change is protective: the lock refuses every one that would send a password. The
   * client gives its session's limits while they are `current`.
   */
  limits?: () => LimitsInForce | null | undefined;
}

/**
 * The limit changes of one login sent through one module (its options): how many are on their way
 * or ended with an outcome unknown (`open`), and the fields of each one the server accepted. The
 * server may hold any of them until the player's limits are read again: each is a limit a change
 * must be stricter than or the same as (REVIEW29B); while one is open, none is protective.
 */
interface LimitChanges {
  who: string;
  open: number;
  accepted: Record<string, unknown>[];
}
const changesOn = new WeakMap<object, LimitChanges>();

/** The limit changes of the login `who` names (a new login: none), kept on `options`. */
export const limitChangesOf = (options: object, who: string): LimitChanges => {
  const c = changesOn.get(options);
  if (c?.who === who) return c;
  const fresh = { who, open: 0, accepted: [] };
  changesOn.set(options, fresh);
  return fresh;
};

/** `kind`'s setting after `p` (its fields not sent as in `now`). */
const after = (p: Record<string, unknown>, kind: string, now: LimitSetting): LimitSetting => {
  const f = `user_limit_${kind}`;
  return {
    amount: (p[f] ?? now.amount) as LimitSetting['amount'],
    active: (p[`${f}_active`] ?? (p[f] !== undefined ? 1 : now.active)) as LimitSetting['active'],
    period: (p[`${f}_period`] ?? now.period) as LimitSetting['period'],
  };
};

/**
 * Whether `payload` only restricts the player: a pause or a self-exclusion, or a limit change each
 * of whose limits, as sent (an amount without its flag active; fields not sent keep their value,
 * as the server keeps them), is stricter than or the same as `limits` gives it and as each limit
 * change of this login the server accepted (`changes`: the server may hold any of them until a
 * read). A kind not known, a `limits` that gives none or throws, a field no limit has, a limit
 * change of this login on its way or of an unknown outcome: not protective (the lock decides).
 * A payload the row refuses is never sent anyway (`invalid_request`).
 */
export function isProtective(
  p: Record<string, unknown>,
  limits: LimitsOption['limits'],
  changes?: LimitChanges,
): boolean {
  if ('user_pause' in p || 'user_exclusion' in p) return true;
  let kinds = 0;
  try {
    const known = limits?.();
    if (changes?.open) return false;
    for (const key in p) {
      if (!key.startsWith('user_limit_')) continue;
      // `user_limit_<kind>`, `_active`, `_period`: each judges its kind whole.
      const kind = key.split('_')[2] as LimitKind;
      const now = known?.[kind];
      if (!now) return false;
      const proposed = after(p, kind, now);
      for (const held of [p, ...(changes?.accepted ?? [])])
        if (compareLimit(held === p ? now : after(held, kind, now), proposed) === 'looser') return false;
      kinds++;
    }
  } catch {
    return false;
  }
  return kinds > 0;
}
