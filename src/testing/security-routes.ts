// Spec 4.3: passwords, two-factor, social accounts, login history.

import { assertOwnId, checkPassword } from './guards';
import { invalid, json, notFound, success } from './http';
import { randomHex } from './random';
import type { TwoFactorType } from './records';
import { type AuthedContext, authedRoute, type Route } from './routing';
import {
  isBoolean,
  isInteger,
  isString,
  oneOf,
  optional,
  required,
  type Shape,
  validate,
} from './validation';

/** Spec gap: the page size is not shown. */
export const HISTORY_PER_PAGE = 15;

/** docs/contract.md gap default for connectSocial's `{type}`. */
const SOCIAL_TYPE = /^[a-z0-9_-]{1,32}$/;

const CHANGE_PASSWORD: Shape = {
  old_password: required(isString),
  password: required(isString),
  password_confirmation: required(isString),
  captcha_token: optional(isString),
  kyc_id: optional(isInteger),
};

const CHECK_PASSWORD: Shape = { password: required(isString) };
const TWO_FACTOR: Shape = { type: required(oneOf(['email', 'sms'])), enabled: required(isBoolean) };

function changePassword(ctx: AuthedContext): Response {
  assertOwnId(ctx);
  type Body = { old_password: string; password: string; password_confirmation: string };
  const body = validate<Body>(ctx.body(), CHANGE_PASSWORD);
  const errors: Record<string, string[]> = {};
  // A check of the current password like any other: counted, and 429 while locked (AA-2).
  if (!checkPassword(ctx, body.old_password)) errors.old_password = ['The old password is incorrect.'];
  if (body.password !== body.password_confirmation) {
    errors.password_confirmation = ['The password confirmation does not match.'];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  ctx.user.password = body.password;
  return success('Password changed.');
}

function toggleTwoFactor(ctx: AuthedContext): Response {
  const body = validate<{ type: TwoFactorType; enabled: boolean }>(ctx.body(), TWO_FACTOR);
  const { user } = ctx;
  if (body.enabled) {
    user.two_factor_enabled = true;
    user.two_factor_type = body.type;
    return success('Two-factor authentication enabled.');
  }
  // Disabling a method that is not the active one leaves the active one alone.
  if (user.two_factor_type === body.type || !user.two_factor_enabled) {
    user.two_factor_enabled = false;
    user.two_factor_type = null;
  }
  return success('Two-factor authentication disabled.');
}

function connectSocial(ctx: AuthedContext): Response {
  const type = ctx.params.type ?? '';
  const { user } = ctx;
  user.social.push({
    id: user.nextSocialId++,
    provider: type,
    email: user.email,
    connected_at: new Date(ctx.state.now()).toISOString(),
  });
  const stateParam = randomHex(8);
  return json(200, {
    success: true,
    redirect_url: `https://accounts.example.com/oauth/${type}/authorize?state=${stateParam}`,
  });
}

function disconnectSocial(ctx: AuthedContext): Response {
  const { user } = ctx;
  const index = user.social.findIndex((account) => account.id === ctx.ids.id);
  if (index < 0) throw notFound();
  user.social.splice(index, 1);
  return success('Social account disconnected.');
}

function loginHistory(ctx: AuthedContext): Response {
  const raw = ctx.query.get('page') ?? '1';
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw invalid({ page: ['The page field must be a positive integer.'] });
  }
  const page = Number(raw);
  const items = ctx.state.historyOf(ctx.user.id);
  const start = (page - 1) * HISTORY_PER_PAGE;
  return json(200, {
    data: items.slice(start, start + HISTORY_PER_PAGE),
    current_page: page,
    last_page: Math.max(1, Math.ceil(items.length / HISTORY_PER_PAGE)),
    per_page: HISTORY_PER_PAGE,
    total: items.length,
  });
}

export const securityRoutes: readonly Route[] = [
  authedRoute('POST', '/users/change-password/:id', changePassword, { ids: ['id'] }),
  authedRoute('POST', '/bff/users/check-password', (ctx) => {
    const body = validate<{ password: string }>(ctx.body(), CHECK_PASSWORD);
    return json(200, { success: checkPassword(ctx, body.password) });
  }),
  authedRoute('PATCH', '/bff/users/self-two-factor', toggleTwoFactor),
  authedRoute('GET', '/bff/users/account-social', (ctx) => json(200, structuredClone(ctx.user.social))),
  authedRoute('POST', '/bff/users/account-social/connect/:type', connectSocial, {
    patterns: { type: SOCIAL_TYPE },
  }),
  authedRoute('DELETE', '/bff/users/account-social/:id', disconnectSocial, { ids: ['id'] }),
  authedRoute('GET', '/bff/users/login-history', loginHistory),
];
