// Checks shared by the user-area routes.

import { forbidden, HttpFailure, invalid } from './http';
import type { AuthedContext } from './routing';
import { LOGIN_RETRY_AFTER_S } from './state';
import { isInteger, isString, optional, type Shape } from './validation';

/** Spec 5.7: sensitive updates accept these two. */
export const SENSITIVE: Shape = { password_check: optional(isString), kyc_id: optional(isInteger) };

/** The `code` of a step-up answer: the password was not sent, or it is wrong. */
export type StepUpCode = 'password_check_required' | 'password_check_invalid';

const STEP_UP: Record<StepUpCode, { message: string; field: string }> = {
  password_check_required: {
    message: 'Confirm your password to make this change.',
    field: 'The password check field is required for this change.',
  },
  password_check_invalid: {
    message: 'The password confirmation is incorrect.',
    field: 'The password is incorrect.',
  },
};

/** The 422 a step-up answers: `{ message, code, errors: { password_check: [msg] } }`. */
export function stepUpFailure(code: StepUpCode): HttpFailure {
  const { message, field } = STEP_UP[code];
  return new HttpFailure(422, { message, code, errors: { password_check: [field] } });
}

/** `/users/.../{id}` acts only on the token's own user; another id answers 403. */
export function assertOwnId(ctx: AuthedContext): void {
  if (ctx.ids.id !== ctx.user.id) throw forbidden();
}

/** The throttle key of a user's password checks (beside the login keys, never one of them). */
const checkKey = (ctx: AuthedContext): string => `password_check:${ctx.user.id}`;

/**
 * Checks `password` against the user's, throttled like a login (issue 23): after five wrong ones
 * in 15 minutes, 429 with `Retry-After` (even for the right one) until the lock has passed; a
 * right one clears the count. For the step-up of sensitive changes, check-password and
 * change-password's `old_password`.
 */
export function checkPassword(ctx: AuthedContext, password: string): boolean {
  const key = checkKey(ctx);
  if (ctx.state.isLoginThrottled(key)) {
    throw new HttpFailure(
      429,
      { message: 'Too many attempts.' },
      { 'retry-after': String(LOGIN_RETRY_AFTER_S) },
    );
  }
  if (password !== ctx.user.password) {
    ctx.state.recordLoginFailure(key);
    return false;
  }
  ctx.state.loginFailures.delete(key);
  return true;
}

/**
 * Our step-up rule (the spec says the field exists, not when it is required): a sensitive change
 * needs `password_check`, the current password. Missing: 422 `password_check_required`; wrong:
 * 422 `password_check_invalid`; too many wrong: 429 (`checkPassword`). When the change is not
 * sensitive (`required` false), a `password_check` that is sent is still checked.
 */
export function assertPasswordCheck(
  ctx: AuthedContext,
  body: { password_check?: string },
  required = true,
): void {
  if (body.password_check === undefined) {
    if (required) throw stepUpFailure('password_check_required');
    return;
  }
  if (!checkPassword(ctx, body.password_check)) throw stepUpFailure('password_check_invalid');
}

/** An e-mail another user already has answers 422. */
export function assertEmailFree(ctx: AuthedContext, email: string): void {
  const owner = ctx.state.findByEmail(email);
  if (owner && owner.id !== ctx.user.id) throw invalid({ email: ['The email has already been taken.'] });
}
