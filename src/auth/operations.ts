// Spec 4.1: the authentication area, one row and one standalone function per operation. The spec
// does not show where login, registration, password recovery and document validation live; these
// paths are the defaults docs/contract.md chose (createAuthModule's `endpoints` overrides them).
// Every call made without a valid session skips the refresh-on-401 (`skipAuthRefresh`), so a 401
// from the refresh endpoint cannot wait on itself.

import {
  ForgotPasswordPayload,
  LoginPayload,
  LoginResponse,
  RefreshTokenResponse,
  RegisterSimplifiedPayload,
  UserProfileResponse,
  ValidateDocumentPayload,
  ValidateDocumentResponse,
} from '../schemas/auth';
import { type Operation, operation, type WithHttp } from './operation';
import type { AuthModule } from './types';

export const LOGIN = {
  method: 'POST',
  path: '/auth/login',
  request: LoginPayload,
  response: LoginResponse,
  mutation: true,
  skipAuthRefresh: true,
} as const satisfies Operation;

// An expired token needs no refresh just to be revoked: the session is cleared either way.
export const LOGOUT = {
  method: 'POST',
  path: '/auth/logout',
  response: null,
  mutation: true,
  skipAuthRefresh: true,
  accessToken: true,
} as const satisfies Operation;

export const GET_USER_PROFILE = {
  method: 'GET',
  path: '/auth/user-profile?check_spa_again=1',
  response: UserProfileResponse,
  mutation: false,
} as const satisfies Operation;

export const REFRESH_TOKEN = {
  method: 'POST',
  path: '/users/refresh-token',
  response: RefreshTokenResponse,
  mutation: true,
  skipAuthRefresh: true,
} as const satisfies Operation;

export const REGISTER_SIMPLIFIED = {
  method: 'POST',
  path: '/auth/register-simplified',
  request: RegisterSimplifiedPayload,
  response: LoginResponse,
  mutation: true,
  skipAuthRefresh: true,
} as const satisfies Operation;

export const FORGOT_PASSWORD = {
  method: 'POST',
  path: '/auth/forgot-password',
  request: ForgotPasswordPayload,
  mutation: true,
  skipAuthRefresh: true,
} as const satisfies Operation;

// A POST that only reads: not a mutation.
export const VALIDATE_DOCUMENT = {
  method: 'POST',
  path: '/auth/validate-document',
  request: ValidateDocumentPayload,
  response: ValidateDocumentResponse,
  mutation: false,
  skipAuthRefresh: true,
} as const satisfies Operation;

/**
 * Logs in (`POST /auth/login`); the standalone form of `createAuthModule(http).login`. The answer
 * may be a session or a challenge: narrow on `type`. It does not touch any session: the session
 * client's `client.login` is what signs an app in.
 *
 * @example
 * const r = await login(http, { login: 'player@example.com', password: secret(pw) });
 * if (r.type === 'two_factor_code') askForCode();
 */
export const login: WithHttp<AuthModule['login'], 'post'> = /* @__PURE__ */ operation('login', LOGIN);

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
 * A new access token for the current one (`POST /users/refresh-token`).
 *
 * @example
 * const { access_token } = await refreshToken(http);
 */
export const refreshToken: WithHttp<AuthModule['refreshToken'], 'post'> = /* @__PURE__ */ operation(
  'refreshToken',
  REFRESH_TOKEN,
);

/**
 * Creates an account (`POST /auth/register-simplified`); answers like a login.
 *
 * @example
 * const r = await registerSimplified(http, { email, password, country: 'BR', nationalities: '["BR"]', optIn: true });
 */
export const registerSimplified: WithHttp<AuthModule['registerSimplified'], 'post'> =
  /* @__PURE__ */ operation('registerSimplified', REGISTER_SIMPLIFIED);

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
export const validateDocument: WithHttp<AuthModule['validateDocument'], 'post'> = /* @__PURE__ */ operation(
  'validateDocument',
  VALIDATE_DOCUMENT,
);
