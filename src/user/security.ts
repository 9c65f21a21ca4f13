// Spec 4.3: security, social accounts and login history. One row and one standalone function
// per operation.

import type * as z from 'zod/mini';
import { ResponseValidationError } from '../errors/validation';
import type { Operation, WithHttp } from '../operation/operation';
import { parseResponse, readBoolean } from '../schemas/common';
import { reader, rule } from '../schemas/readers/core';
import {
  ChangePasswordRun,
  CheckPasswordResultRun,
  CheckPasswordRun,
  LoginHistoryRun,
  SocialAccountsRun,
  TwoFactorRun,
} from '../schemas/readers/user';
import type {
  ChangePasswordPayload,
  CheckPasswordPayload,
  CheckPasswordResult,
  LoginHistoryResponse,
  SocialAccounts,
  TwoFactorPayload,
} from '../schemas/user';
import { idSegment, pageParam, socialTypeSegment } from './call';
import { userOperation } from './sensitive';
import type { UserModule } from './types';

export const CHANGE_PASSWORD = {
  method: 'POST',
  path: (id: number) => `/users/change-password/${idSegment('changePassword', id)}`,
  request: /* @__PURE__ */ reader<typeof ChangePasswordPayload>(ChangePasswordRun),
  mutation: true,
} as const satisfies Operation;

// A POST that only reads: not a mutation.
export const CHECK_PASSWORD = {
  method: 'POST',
  path: '/bff/users/check-password',
  request: /* @__PURE__ */ reader<typeof CheckPasswordPayload>(CheckPasswordRun),
  response: /* @__PURE__ */ reader<typeof CheckPasswordResult>(CheckPasswordResultRun),
  mutation: false,
  verdict: true,
} as const satisfies Operation;

type Answer = { two_factor_enabled?: unknown; data?: Answer } | null | undefined;

export const TOGGLE_TWO_FACTOR = {
  method: 'PATCH',
  path: '/bff/users/self-two-factor',
  request: /* @__PURE__ */ reader<typeof TwoFactorPayload>(TwoFactorRun),
  mutation: true,
  // A login's two-factor turned on, answered off (`{"two_factor_enabled":false}`, in an envelope's
  // `data` too): not confirmed (review 157). Turned off, it may stay on by another channel.
  answers: (a: unknown, asked: TwoFactorPayload) => {
    for (let o = a as Answer, i = 0; asked.enabled && i < 3 && typeof o === 'object' && o; i++, o = o.data)
      if (Object.hasOwn(o, 'two_factor_enabled') && readBoolean(o.two_factor_enabled) !== true)
        throw new ResponseValidationError('toggleTwoFactor', [
          { path: ['two_factor_enabled'], code: 'not_confirmed', message: 'the server did not confirm it' },
        ]);
  },
} as const satisfies Operation;

export const GET_SOCIAL_ACCOUNTS = {
  method: 'GET',
  path: '/bff/users/account-social',
  response: /* @__PURE__ */ reader<typeof SocialAccounts>(SocialAccountsRun),
  mutation: false,
} as const satisfies Operation;

export const CONNECT_SOCIAL = {
  method: 'POST',
  path: (type: string) => `/bff/users/account-social/connect/${socialTypeSegment('connectSocial', type)}`,
  mutation: true,
} as const satisfies Operation;

export const DISCONNECT_SOCIAL = {
  method: 'DELETE',
  path: (id: number) => `/bff/users/account-social/${idSegment('disconnectSocial', id)}`,
  mutation: true,
} as const satisfies Operation;

export const GET_LOGIN_HISTORY = {
  method: 'GET',
  // Only a missing page means page 1: `null`, NaN or '2' is a caller's slip, refused before sending.
  path: (page?: number) =>
    `/bff/users/login-history?page=${pageParam('getLoginHistory', page === undefined ? 1 : page)}`,
  response: /* @__PURE__ */ reader<typeof LoginHistoryResponse>(LoginHistoryRun),
  mutation: false,
  // The page asked (when the answer names one: a back end ignoring `?page=` would make a paging
  // loop spin), and numbers a page can have: at least one page, counts not negative, no more rows
  // than a page or the total, past the last page only when empty (REVIEW-R R-5), the last page the
  // one the total and the page size make.
  answers: (a: LoginHistoryResponse, page = 1) =>
    parseResponse(
      'getLoginHistory',
      reader<z.ZodMiniType<unknown>>((v, issues) => {
        const {
          data = [],
          current_page: at = page,
          last_page: last = at,
          per_page: per = 1e9,
          total = 1e9,
        } = a;
        const n = data.length;
        rule(at === page, `must be the page asked (${page})`, issues, ['current_page']);
        // With `total` and `per_page` given, `last_page` is what they make (Laravel's paginator,
        // the reference server): one that lies has a pager ask 9e15 empty pages, or stop before
        // logins it never shows (review 93).
        const made =
          a.total === undefined ||
          a.per_page === undefined ||
          a.last_page === undefined ||
          last === Math.max(1, Math.ceil(total / per));
        // And with both given, as many rows as its place leaves (a full page before the last, the
        // rest on the last, none past it), give or take one: a login counted between the count and
        // the rows (review 138: an empty page 1 of 3 read as "no logins").
        const rows = Math.min(per, Math.max(0, total - (at - 1) * per));
        rule(
          made &&
            last > 0 &&
            per > 0 &&
            n <= per &&
            n <= total &&
            (at <= last || !n) &&
            (a.total === undefined || a.per_page === undefined || Math.abs(n - rows) <= 1),
          'must be a possible page',
          issues,
        );
        return v;
      }),
      a,
    ),
} as const satisfies Operation;

/**
 * Changes the password (`POST /users/change-password/{id}`); the confirmation must match.
 * `old_password`, `password` and `password_confirmation` may be `Secret`s.
 *
 * @example
 * await changePassword(http, user.id, { old_password, password, password_confirmation: password });
 */
export const changePassword: WithHttp<UserModule['changePassword'], 'post'> = /* @__PURE__ */ userOperation(
  'changePassword',
  CHANGE_PASSWORD,
);

/**
 * Whether a password is the current one (`POST /bff/users/check-password`).
 *
 * @example
 * const { success } = await checkPassword(http, { password: secret(input) });
 */
export const checkPassword: WithHttp<UserModule['checkPassword'], 'post'> = /* @__PURE__ */ userOperation(
  'checkPassword',
  CHECK_PASSWORD,
);

/**
 * Turns two-factor login on or off (`PATCH /bff/users/self-two-factor`).
 *
 * @example
 * await toggleTwoFactor(http, { type: 'sms', enabled: true });
 */
export const toggleTwoFactor: WithHttp<UserModule['toggleTwoFactor'], 'patch'> =
  /* @__PURE__ */ userOperation('toggleTwoFactor', TOGGLE_TWO_FACTOR);

/**
 * The linked social accounts (`GET /bff/users/account-social`).
 *
 * @example
 * const accounts = await getSocialAccounts(http);
 */
export const getSocialAccounts: WithHttp<UserModule['getSocialAccounts'], 'get'> =
  /* @__PURE__ */ userOperation('getSocialAccounts', GET_SOCIAL_ACCOUNTS);

/**
 * Links a social account (`POST /bff/users/account-social/connect/{type}`).
 *
 * @example
 * await connectSocial(http, 'google');
 */
export const connectSocial: WithHttp<UserModule['connectSocial'], 'post'> = /* @__PURE__ */ userOperation(
  'connectSocial',
  CONNECT_SOCIAL,
);

/**
 * Unlinks a social account (`DELETE /bff/users/account-social/{id}`).
 *
 * @example
 * await disconnectSocial(http, 3);
 */
export const disconnectSocial: WithHttp<UserModule['disconnectSocial'], 'delete'> =
  /* @__PURE__ */ userOperation('disconnectSocial', DISCONNECT_SOCIAL);

/**
 * One page of the login history (`GET /bff/users/login-history?page=`), page 1 by default.
 *
 * @example
 * const { data, last_page } = await getLoginHistory(http, 2);
 */
export const getLoginHistory: WithHttp<UserModule['getLoginHistory'], 'get'> = /* @__PURE__ */ userOperation(
  'getLoginHistory',
  GET_LOGIN_HISTORY,
);
