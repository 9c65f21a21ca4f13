// Checks shared by the user-area routes.

import { forbidden, invalid } from './http';
import type { AuthedContext } from './routing';
import { isInteger, isString, optional, type Shape } from './validation';

/** Spec 5.7: sensitive updates accept these two, optionally. */
export const SENSITIVE: Shape = { password_check: optional(isString), kyc_id: optional(isInteger) };

/** `/users/.../{id}` acts only on the token's own user; another id answers 403. */
export function assertOwnId(ctx: AuthedContext): void {
  if (ctx.ids.id !== ctx.user.id) throw forbidden();
}

/** When a `password_check` is sent it must be the current password (spec 5.7). */
export function assertPasswordCheck(ctx: AuthedContext, body: { password_check?: string }): void {
  if (body.password_check !== undefined && body.password_check !== ctx.user.password) {
    throw invalid({ password_check: ['The password is incorrect.'] });
  }
}

/** An e-mail another user already has answers 422. */
export function assertEmailFree(ctx: AuthedContext, email: string): void {
  const owner = ctx.state.findByEmail(email);
  if (owner && owner.id !== ctx.user.id) throw invalid({ email: ['The email has already been taken.'] });
}
