// Spec 4.1: the authentication area, one row per operation, in `AUTH_OPERATIONS` (checked against
// `AuthModule` both ways; the endpoints are derived from the interface). The spec
// does not show where login, registration, password recovery and document validation live; these
// paths are the defaults docs/contract.md chose (createAuthModule's `endpoints` overrides them).
// Every call made without a valid session skips the refresh-on-401 (`skipAuthRefresh`), so a 401
// from the refresh endpoint cannot wait on itself.

import type { Operation } from '../operation/operation';
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

/** The rows of the auth module, one per method. */
export const AUTH_MODULE_ROWS = {
  login: LOGIN,
  logout: LOGOUT,
  getUserProfile: GET_USER_PROFILE,
  refreshToken: REFRESH_TOKEN,
  forgotPassword: FORGOT_PASSWORD,
} as const;

/** The rows of the registration module (apart, so an app that never registers does not bundle them). */
export const REGISTRATION_ROWS = {
  registerSimplified: REGISTER_SIMPLIFIED,
  validateDocument: VALIDATE_DOCUMENT,
} as const;

/**
 * Every auth operation, registration's included: the one list of their names (the server's routes).
 * Written out, not spread: a spread is not provably free of side effects, and would keep both
 * tables in every bundle.
 */
export const AUTH_OPERATIONS = {
  login: LOGIN,
  logout: LOGOUT,
  getUserProfile: GET_USER_PROFILE,
  refreshToken: REFRESH_TOKEN,
  registerSimplified: REGISTER_SIMPLIFIED,
  forgotPassword: FORGOT_PASSWORD,
  validateDocument: VALIDATE_DOCUMENT,
} as const;
