import * as z from 'zod/mini';
import {
  ActiveFlag,
  Amount,
  atLeast,
  atMost,
  IntCode,
  int,
  keptFlag,
  keptNumber,
  keptText,
  LimitPeriod,
  sensitiveFields,
} from './common';
import { strictObject } from './objects';
import { rule } from './rule';

// Spec 2.11, bounds from section 8 and the docs/contract.md gap defaults.

const limitFields = /* @__PURE__ */ (() => ({
  user_limit_deposit: z.optional(Amount),
  user_limit_deposit_active: z.optional(ActiveFlag),
  user_limit_deposit_period: z.optional(LimitPeriod),
  user_limit_bet: z.optional(Amount),
  user_limit_bet_active: z.optional(ActiveFlag),
  user_limit_bet_period: z.optional(LimitPeriod),
  user_limit_loss: z.optional(Amount),
  user_limit_loss_active: z.optional(ActiveFlag),
  user_limit_loss_period: z.optional(LimitPeriod),
  user_limit_time: z.optional(Amount),
  user_limit_time_active: z.optional(ActiveFlag),
  user_limit_time_period: z.optional(LimitPeriod),
}))();

const LIMIT_KINDS = ['deposit', 'bet', 'loss', 'time'] as const;

/**
 * Deposit, bet, loss and/or time limits. Unknown keys are rejected (a typo in a limit must not
 * be dropped silently), and so is a payload that sets no limit at all.
 *
 * A limit whose amount is set and whose `user_limit_<kind>_active` flag is absent is sent
 * ACTIVE (`1`): the server stores an absent flag as 0, and a limit a player set but that is
 * switched off protects no one. Send `_active: 0` to store a switched-off limit on purpose.
 *
 * @example
 * await user.updateLimits({ user_limit_deposit: 500, user_limit_deposit_period: 'monthly' });
 * // sends { user_limit_deposit: 500, user_limit_deposit_period: 'monthly', user_limit_deposit_active: 1 }
 */
export const UpdateLimitsPayload = /* @__PURE__ */ (() =>
  strictObject({ ...limitFields, ...sensitiveFields }).check(
    rule(
      (p: Record<string, unknown>) => Object.keys(limitFields).some((k) => p[k] !== undefined),
      'must set at least one limit field',
    ),
    // A check, not a transform: the input and output types stay the same, and
    // z.toJSONSchema still describes the payload.
    z.overwrite((p) => {
      const flags = p as Record<string, unknown>;
      for (const kind of LIMIT_KINDS) {
        const key = `user_limit_${kind}`;
        if (flags[key] !== undefined && flags[`${key}_active`] === undefined) flags[`${key}_active`] = 1;
      }
      return p;
    }),
  ))();
/**
 * What `updateLimits` takes: every field optional; an amount without its `*_active` flag is
 * sent active (`1`).
 */
export type UpdateLimitsPayload = z.infer<typeof UpdateLimitsPayload>;

/** A temporary pause: 1 to 45 whole days (spec section 8). */
export const PauseDays = /* @__PURE__ */ (() => int(atLeast(1), atMost(45)))();

/**
 * The body of `setTimeoutLimits` (a pause of 1 to 45 days). A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = TimeoutLimitsPayload.safeParse(data);
 */
export const TimeoutLimitsPayload = /* @__PURE__ */ (() =>
  strictObject({
    user_pause: PauseDays,
    reason: IntCode,
    ...sensitiveFields,
  }))();
/** What `TimeoutLimitsPayload` reads: the body of `setTimeoutLimits` (a pause of 1 to 45 days). */
export type TimeoutLimitsPayload = z.infer<typeof TimeoutLimitsPayload>;

/** Self-exclusion: 3, 6, 12, 24, 36 or 60 months, or -1 for permanent (spec section 8). */
export const ExclusionMonths = /* @__PURE__ */ (() => z.literal([3, 6, 12, 24, 36, 60, -1]))();
export type ExclusionMonths = z.infer<typeof ExclusionMonths>;

/**
 * The body of `setSelfExclusion`. A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = SelfExclusionPayload.safeParse(data);
 */
export const SelfExclusionPayload = /* @__PURE__ */ (() =>
  strictObject({
    user_exclusion: ExclusionMonths,
    reason: IntCode,
    ...sensitiveFields,
  }))();
/** What `SelfExclusionPayload` reads: the body of `setSelfExclusion`. */
export type SelfExclusionPayload = z.infer<typeof SelfExclusionPayload>;

// Read tolerantly and never an issue: a restriction field that cannot be read is kept as sent,
// so `restrictionsOf` reports the restrictions as unknown instead of the profile failing.
const at = /* @__NO_SIDE_EFFECTS__ */ () => z.optional(keptText());
const num = /* @__NO_SIDE_EFFECTS__ */ () => z.optional(keptNumber());
const flag = /* @__NO_SIDE_EFFECTS__ */ () => z.optional(keptFlag());

/**
 * Spec 2.12: the limits and exclusions carried in userInfo (no Required column: optional). Each
 * is read tolerantly (`'7'`, `' 100.00 '`, `true`, `'1'`); one that cannot be read is kept as
 * sent (`Kept<T>`), never failing the profile: `restrictionsOf` then reports it in `unreadable`.
 */
export const UserLimitsFields = /* @__PURE__ */ (() => ({
  user_pause: num(),
  user_pause_at: at(),
  user_pause_in: at(),
  user_pause_min: at(),
  user_exclusion: num(),
  user_exclusion_at: at(),
  user_exclusion_in: at(),
  user_exclusion_min: at(),
  user_limit_deposit: num(),
  user_limit_deposit_active: flag(),
  user_limit_deposit_period: at(),
  user_limit_deposit_change: at(),
  user_limit_bet: num(),
  user_limit_bet_active: flag(),
  user_limit_bet_period: at(),
  user_limit_bet_change: at(),
  user_limit_loss: num(),
  user_limit_loss_active: flag(),
  user_limit_loss_period: at(),
  user_limit_loss_change: at(),
  user_limit_time: num(),
  user_limit_time_active: flag(),
  user_limit_time_period: at(),
  user_limit_time_change: at(),
  operator_exclusion: flag(),
  operator_exclusion_at: at(),
  operator_exclusion_note: at(),
  spa_exclusion: flag(),
  spa_exclusion_at: at(),
  spa_exclusion_note: at(),
}))();
/**
 * The player's limits as the profile shows them, with any pending change (`*_change`). A zod schema; the type of the same name is what it reads.
 *
 * @example
 * const result = UserLimits.safeParse(data);
 */
export const UserLimits = /* @__PURE__ */ (() => z.object(UserLimitsFields))();
/** What `UserLimits` reads: the player's limits as the profile shows them, with any pending change (`*_change`). */
export type UserLimits = z.infer<typeof UserLimits>;
