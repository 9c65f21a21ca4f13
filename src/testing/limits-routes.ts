// Spec 4.4 and 8: deposit/bet/loss/time limits, the temporary pause and self-exclusion. The new
// values show in the profile's userInfo (spec 2.12).

import { assertPasswordCheck, SENSITIVE } from './guards';
import { success } from './http';
import type { LimitKind, UserLimits } from './records';
import { type AuthedContext, authedRoute, type Route } from './routing';
import { iso } from './seed';
import {
  integerBetween,
  isAmount,
  isFlag,
  isInteger,
  oneOf,
  optional,
  required,
  type Shape,
  validate,
} from './validation';

const KINDS: readonly LimitKind[] = ['deposit', 'bet', 'loss', 'time'];
const PERIODS = ['daily', 'weekly', 'monthly'] as const;
/** Spec 8: months, or -1 for a permanent exclusion. */
const EXCLUSION_MONTHS = [3, 6, 12, 24, 36, 60, -1] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

const UPDATE_LIMITS: Shape = { ...SENSITIVE };
for (const kind of KINDS) {
  UPDATE_LIMITS[`user_limit_${kind}`] = optional(isAmount);
  UPDATE_LIMITS[`user_limit_${kind}_active`] = optional(isFlag);
  UPDATE_LIMITS[`user_limit_${kind}_period`] = optional(oneOf(PERIODS));
}

const TIMEOUT: Shape = {
  ...SENSITIVE,
  user_pause: required(integerBetween(1, 45)),
  reason: required(isInteger),
};
const EXCLUSION: Shape = {
  ...SENSITIVE,
  user_exclusion: required(oneOf(EXCLUSION_MONTHS)),
  reason: required(isInteger),
};

type LimitsBody = Partial<UserLimits> & { password_check?: string };

function updateLimits(ctx: AuthedContext): Response {
  const body = validate<LimitsBody>(ctx.body(), UPDATE_LIMITS);
  assertPasswordCheck(ctx, body);
  const { limits } = ctx.user;
  const changedAt = iso(ctx.state.now());
  for (const kind of KINDS) {
    const amount = body[`user_limit_${kind}`];
    const active = body[`user_limit_${kind}_active`];
    const period = body[`user_limit_${kind}_period`];
    if (amount === undefined && active === undefined && period === undefined) continue;
    Object.assign(limits, {
      ...(amount === undefined ? {} : { [`user_limit_${kind}`]: amount }),
      ...(active === undefined ? {} : { [`user_limit_${kind}_active`]: active }),
      ...(period === undefined ? {} : { [`user_limit_${kind}_period`]: period }),
      [`user_limit_${kind}_change`]: changedAt,
    });
  }
  return success('Limits updated.');
}

function setPause(ctx: AuthedContext): Response {
  const body = validate<{ user_pause: number; password_check?: string }>(ctx.body(), TIMEOUT);
  assertPasswordCheck(ctx, body);
  const now = ctx.state.now();
  const until = iso(now + body.user_pause * DAY_MS);
  Object.assign(ctx.user.limits, {
    user_pause: body.user_pause,
    user_pause_at: iso(now),
    user_pause_in: until,
    user_pause_min: until,
  });
  return success('Pause set.');
}

function addMonths(ms: number, months: number): number {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
}

function setExclusion(ctx: AuthedContext): Response {
  const body = validate<{ user_exclusion: number; password_check?: string }>(ctx.body(), EXCLUSION);
  assertPasswordCheck(ctx, body);
  const now = ctx.state.now();
  // A permanent exclusion (-1) has no end date.
  const until = body.user_exclusion === -1 ? null : iso(addMonths(now, body.user_exclusion));
  Object.assign(ctx.user.limits, {
    user_exclusion: body.user_exclusion,
    user_exclusion_at: iso(now),
    user_exclusion_in: until,
    user_exclusion_min: until,
  });
  return success('Self-exclusion set.');
}

export const limitsRoutes: readonly Route[] = [
  authedRoute('PATCH', '/bff/users/update-limits', updateLimits),
  authedRoute('PATCH', '/bff/users/timeout-limits', setPause),
  authedRoute('PATCH', '/bff/users/self-exclusion', setExclusion),
];
