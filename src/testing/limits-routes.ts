// Spec 4.4 and 8: deposit/bet/loss/time limits, the temporary pause and self-exclusion. The new
// values show in the profile's userInfo (spec 2.12), timestamps naive America/Sao_Paulo.

import { assertPasswordCheck, SENSITIVE } from './guards';
import { invalid, success } from './http';
import {
  applyLimit,
  isLooser,
  LIMIT_INCREASE_DELAY_MS,
  LIMIT_KINDS,
  type LimitValue,
  limitOf,
  scheduleLimit,
  settleLimits,
} from './limit-changes';
import type { LimitKind, UserLimits } from './records';
import { type AuthedContext, authedRoute, type Route } from './routing';
import { saoPauloTime } from './time';
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

const PERIODS = ['daily', 'weekly', 'monthly'] as const;
/** Spec 8: months, or -1 for a permanent exclusion. */
const EXCLUSION_MONTHS = [3, 6, 12, 24, 36, 60, -1] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

const UPDATE_LIMITS: Shape = { ...SENSITIVE };
for (const kind of LIMIT_KINDS) {
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

/**
 * Each kind sent is compared with the limit in force: a looser one (see `isLooser`) needs
 * `password_check` and becomes a pending change effective in 24 hours; a stricter one (or the
 * same) applies at once. Fields not sent keep their current value.
 */
function updateLimits(ctx: AuthedContext): Response {
  const body = validate<LimitsBody>(ctx.body(), UPDATE_LIMITS);
  const { user, state } = ctx;
  const now = state.now();
  settleLimits(user, now);
  const changes: { kind: LimitKind; value: LimitValue; looser: boolean }[] = [];
  for (const kind of LIMIT_KINDS) {
    const amount = body[`user_limit_${kind}`];
    const active = body[`user_limit_${kind}_active`];
    const period = body[`user_limit_${kind}_period`];
    if (amount === undefined && active === undefined && period === undefined) continue;
    const current = limitOf(user.limits, kind);
    const value = {
      amount: amount ?? current.amount,
      active: active ?? current.active,
      period: period ?? current.period,
    };
    changes.push({ kind, value, looser: isLooser(current, value) });
  }
  const looser = changes.some((change) => change.looser);
  assertPasswordCheck(ctx, body, looser);
  for (const { kind, value, looser: waits } of changes) {
    if (waits) scheduleLimit(user, kind, value, now + LIMIT_INCREASE_DELAY_MS);
    else applyLimit(user, kind, value);
  }
  return success(looser ? 'Limits updated. An increase takes effect in 24 hours.' : 'Limits updated.');
}

/**
 * A pause or self-exclusion in force is never shortened (our rule; Portaria 1.231): one that would
 * end earlier (`end` null = permanent) answers 422 on `field` before the password is asked, and
 * nothing changes. One that ends later or at the same time replaces it. Naive São Paulo times
 * of one format (no DST since 2019) compare as strings.
 */
function assertNoEarlierEnd(
  field: string,
  now: string,
  current: string | null,
  end: string | null,
  permanent = false,
): void {
  if (!permanent && (current === null || current <= now)) return; // nothing in force
  if (end === null || (!permanent && end >= (current as string))) return;
  const what = field === 'user_pause' ? 'pause' : 'self-exclusion';
  throw invalid({ [field]: [`The ${what} in force ends later; it can only be extended, not shortened.`] });
}

/** A pause needs `password_check`; it runs from now for `user_pause` days and is not lifted early. */
function setPause(ctx: AuthedContext): Response {
  const body = validate<{ user_pause: number; password_check?: string }>(ctx.body(), TIMEOUT);
  const now = ctx.state.now();
  const end = saoPauloTime(now + body.user_pause * DAY_MS);
  assertNoEarlierEnd('user_pause', saoPauloTime(now), ctx.user.limits.user_pause_in, end);
  assertPasswordCheck(ctx, body);
  Object.assign(ctx.user.limits, {
    user_pause: body.user_pause,
    user_pause_at: saoPauloTime(now),
    user_pause_in: end,
    user_pause_min: null,
  });
  return success('Pause set.');
}

function addMonths(ms: number, months: number): number {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
}

/** A self-exclusion needs `password_check`; -1 is permanent (no end). */
function setExclusion(ctx: AuthedContext): Response {
  const body = validate<{ user_exclusion: number; password_check?: string }>(ctx.body(), EXCLUSION);
  const now = ctx.state.now();
  // A permanent exclusion (-1) has no end date.
  const until = body.user_exclusion === -1 ? null : saoPauloTime(addMonths(now, body.user_exclusion));
  const { limits } = ctx.user;
  const permanent = limits.user_exclusion === -1;
  assertNoEarlierEnd('user_exclusion', saoPauloTime(now), limits.user_exclusion_in, until, permanent);
  assertPasswordCheck(ctx, body);
  Object.assign(ctx.user.limits, {
    user_exclusion: body.user_exclusion,
    user_exclusion_at: saoPauloTime(now),
    user_exclusion_in: until,
    // Never revoked from the client (docs/contract.md): no earliest revocation.
    user_exclusion_min: null,
  });
  return success('Self-exclusion set.');
}

export const limitsRoutes: readonly Route[] = [
  authedRoute('PATCH', '/bff/users/update-limits', updateLimits),
  authedRoute('PATCH', '/bff/users/timeout-limits', setPause),
  authedRoute('PATCH', '/bff/users/self-exclusion', setExclusion),
];
