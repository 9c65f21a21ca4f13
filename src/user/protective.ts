// Which change the client's step-up lock never refuses: a protective one, which only restricts the
// player (REVIEW-R R-8: a pause, a self-exclusion; REVIEW29A-3: a limit change that makes every
// limit it sends stricter or the same). It is sent and the server decides; a wrong password is
// still counted (./sensitive.ts).

import type * as z from 'zod/mini';
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

const KINDS: readonly LimitKind[] = ['deposit', 'bet', 'loss', 'time'];

/**
 * Whether `payload` only restricts the player: a pause or a self-exclusion, or a limit change that
 * sets at least one limit and makes each limit it sends, as the row's `request` reads it (an amount
 * without its flag sent active), stricter than or the same as `limits` gives it (fields not sent
 * keep their value, as the server keeps them). A kind not known, a `limits` that gives none or
 * throws, a payload the row refuses: not protective (the lock decides).
 */
export function isProtective(
  payload: object,
  request: z.ZodMiniType | undefined,
  limits: LimitsOption['limits'],
): boolean {
  if ('user_pause' in payload || 'user_exclusion' in payload) return true;
  try {
    // The limit fields alone (a `Secret` password or a captcha provider is no limit), as sent.
    const own: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(payload)) if (k.startsWith('user_limit_')) own[k] = v;
    const sent = request?.safeParse(own).data as Record<string, unknown> | undefined;
    const known = sent && limits?.();
    let kinds = 0;
    for (const kind of KINDS) {
      const f = `user_limit_${kind}`;
      const [amount, active, period] = ['', '_active', '_period'].map((s) => sent?.[f + s]);
      if (amount === undefined && active === undefined && period === undefined) continue;
      const now = known?.[kind];
      const next = {
        amount: (amount ?? now?.amount) as LimitSetting['amount'],
        active: (active ?? now?.active) as LimitSetting['active'],
        period: (period ?? now?.period) as LimitSetting['period'],
      };
      if (!now || compareLimit(now, next) === 'looser') return false;
      kinds++;
    }
    return kinds > 0;
  } catch {
    return false;
  }
}
