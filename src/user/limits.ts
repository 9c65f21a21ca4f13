// Spec 4.4: responsible gaming. One row and one standalone function per operation, so an app
// that sets limits bundles these three and their schemas only.

import type { Operation, WithHttp } from '../operation/operation';
import type { SelfExclusionPayload, TimeoutLimitsPayload, UpdateLimitsPayload } from '../schemas/limits';
import { reader } from '../schemas/readers/core';
import { SelfExclusionRun, TimeoutLimitsRun, UpdateLimitsRun } from '../schemas/readers/user';
import { userOperation } from './sensitive';
import type { UserModule } from './types';

export const UPDATE_LIMITS = {
  method: 'PATCH',
  path: '/bff/users/update-limits',
  request: /* @__PURE__ */ reader<typeof UpdateLimitsPayload>(UpdateLimitsRun),
  mutation: true,
} as const satisfies Operation;

export const SET_TIMEOUT_LIMITS = {
  method: 'PATCH',
  path: '/bff/users/timeout-limits',
  request: /* @__PURE__ */ reader<typeof TimeoutLimitsPayload>(TimeoutLimitsRun),
  mutation: true,
} as const satisfies Operation;

export const SET_SELF_EXCLUSION = {
  method: 'PATCH',
  path: '/bff/users/self-exclusion',
  request: /* @__PURE__ */ reader<typeof SelfExclusionPayload>(SelfExclusionRun),
  mutation: true,
} as const satisfies Operation;

/**
 * Sets deposit, bet, loss and/or time limits (`PATCH /bff/users/update-limits`). A limit whose
 * amount is given without its `*_active` flag is sent active (`1`). A looser limit is sensitive:
 * the server may ask for `password_check` (`options.onStepUp`).
 *
 * @example
 * await updateLimits(http, { user_limit_deposit: 500, user_limit_deposit_period: 'monthly' });
 */
export const updateLimits: WithHttp<UserModule['updateLimits'], 'patch'> = /* @__PURE__ */ userOperation(
  'updateLimits',
  UPDATE_LIMITS,
);

/**
 * Pauses the account for 1 to 45 days (`PATCH /bff/users/timeout-limits`). Sensitive.
 *
 * @example
 * await setTimeoutLimits(http, { user_pause: 7, reason: 1 }, { onStepUp: askPassword });
 */
export const setTimeoutLimits: WithHttp<UserModule['setTimeoutLimits'], 'patch'> =
  /* @__PURE__ */ userOperation('setTimeoutLimits', SET_TIMEOUT_LIMITS);

/**
 * Self-excludes for 3 to 60 months, or for good with `-1` (`PATCH /bff/users/self-exclusion`).
 * Not undone from the client: confirm with the player first. Sensitive.
 *
 * @example
 * await setSelfExclusion(http, { user_exclusion: 12, reason: 1 }, { onStepUp: askPassword });
 */
export const setSelfExclusion: WithHttp<UserModule['setSelfExclusion'], 'patch'> =
  /* @__PURE__ */ userOperation('setSelfExclusion', SET_SELF_EXCLUSION);
