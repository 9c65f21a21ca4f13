// The auth operations as standalone functions `(http, ...args, options?)`: an app that imports one
// bundles only its row and schemas.

import { operation, type WithHttp } from '../operation/operation';
import {
  FORGOT_PASSWORD,
  GET_USER_PROFILE,
  granted,
  LOGIN,
  LOGOUT,
  REFRESH_TOKEN,
  REGISTER_SIMPLIFIED,
  VALIDATE_DOCUMENT,
} from './operations';
import type { AuthModule, RegistrationModule } from './types';

/**
 * Logs in (`POST /auth/login`); the standalone form of `createAuthModule(http).login` (an answer it
 * refuses has its token revoked, as there). The answer may be a session or a challenge: narrow on
 * `type`. It does not touch any session: the session client's `client.login` is what signs an app in.
 *
 * @example
 * const r = await login(http, { login: 'player@example.com', password: secret(pw) });
 * if (r.type === 'two_factor_code') askForCode();
 */
export const login: WithHttp<AuthModule['login'], 'post'> = (http, ...args) =>
  granted(http, 'login', LOGIN)(...args) as never;

/**
 * Revokes the token (`POST /auth/logout`); resolves to `undefined`. `options.accessToken` names
 * the token to revoke.
 *
 * @example
 * await logout(http, { accessToken: token });
 */
export const logout: WithHttp<AuthModule['logout'], 'post'> = /* @__PURE__ */ operation('logout', LOGOUT);

/**
 * The signed-in player's profile (`GET /auth/user-profile?check_spa_again=1`); `userInfo` also
 * carries the limits and exclusions.
 *
 * @example
 * const { user, userInfo } = await getUserProfile(http);
 */
export const getUserProfile: WithHttp<AuthModule['getUserProfile'], 'get'> = /* @__PURE__ */ operation(
  'getUserProfile',
  GET_USER_PROFILE,
);

/**
 * A new access token for the current one (`POST /users/refresh-token`). An answer it refuses
 * (`invalid_response`: unreadable, over the cap, not JSON) still granted a token: it is revoked.
 *
 * @example
 * const { access_token } = await refreshToken(http);
 */
export const refreshToken: WithHttp<AuthModule['refreshToken'], 'post'> = (http, ...args) =>
  granted(http, 'refreshToken', REFRESH_TOKEN)(...args) as never;

/**
 * Creates an account (`POST /auth/register-simplified`); answers like a login.
 *
 * @example
 * const r = await registerSimplified(http, { email, password, country: 'BR', nationalities: '["BR"]', optIn: true });
 */
export const registerSimplified: WithHttp<RegistrationModule['registerSimplified'], 'post'> = (
  http,
  ...args
) => granted(http, 'registerSimplified', REGISTER_SIMPLIFIED)(...args) as never;

/**
 * Starts password recovery (`POST /auth/forgot-password`); resolves to the body (not shown by the spec).
 *
 * @example
 * await forgotPassword(http, { login: 'player@example.com' });
 */
export const forgotPassword: WithHttp<AuthModule['forgotPassword'], 'post'> = /* @__PURE__ */ operation(
  'forgotPassword',
  FORGOT_PASSWORD,
);

/**
 * Checks a document number (`POST /auth/validate-document`) and returns what the registry knows.
 *
 * @example
 * const { docnumber_valid, name } = await validateDocument(http, { number: '52998224725' });
 */
export const validateDocument: WithHttp<RegistrationModule['validateDocument'], 'post'> =
  /* @__PURE__ */ operation('validateDocument', VALIDATE_DOCUMENT);
