// The auth and registration modules' interfaces and their endpoints. The interface is written out (it is what the
// docs show) and checked against the operation rows both ways (src/auth/index.ts); the endpoints
// are derived from it.

import type { CallOptions, LogoutOptions } from '../operation/operation';
import type {
  ForgotPasswordPayload,
  LoginPayload,
  LoginResponse,
  RefreshTokenResponse,
  RegisterSimplifiedPayload,
  UserProfileResponse,
  ValidateDocumentPayload,
  ValidateDocumentResponse,
} from '../schemas/auth';

/**
 * The authentication area (spec 4.1) but registration: what `createAuthModule` returns with
 * `RegistrationModule`'s two methods (`AuthModule & RegistrationModule`), and a session client's
 * `auth` without the `registration()` flow.
 *
 * @example
 * const auth: AuthModule = createAuthModule(http);
 * const { user } = await auth.getUserProfile();
 */
export interface AuthModule {
  /** Logs in (`POST /auth/login`): a session, or a challenge (a 2FA code, a cancelled account). */
  login(payload: LoginPayload, options?: CallOptions): Promise<LoginResponse>;
  /** Revokes the token (`POST /auth/logout`); `options.accessToken` names it. */
  logout(options?: LogoutOptions): Promise<void>;
  /** The signed-in player's profile (`GET /auth/user-profile?check_spa_again=1`). */
  getUserProfile(options?: CallOptions): Promise<UserProfileResponse>;
  /** A new access token for the current one (`POST /users/refresh-token`); `options.accessToken` names it (default: the adapter's). */
  refreshToken(options?: LogoutOptions): Promise<RefreshTokenResponse>;
  /** Starts password recovery (`POST /auth/forgot-password`). */
  forgotPassword(payload: ForgotPasswordPayload, options?: CallOptions): Promise<unknown>;
}

/**
 * Registration (spec 4.1, 5.3): `createAuthModule`'s `registerSimplified` and `validateDocument`,
 * as `createRegistrationModule` returns them alone.
 *
 * @example
 * const registration: RegistrationModule = createRegistrationModule(http);
 * const { docnumber_valid } = await registration.validateDocument({ number: '52998224725' });
 */
export interface RegistrationModule {
  /** Creates an account (`POST /auth/register-simplified`); answers like a login. */
  registerSimplified(payload: RegisterSimplifiedPayload, options?: CallOptions): Promise<LoginResponse>;
  /** Checks a document (CPF) number (`POST /auth/validate-document`). */
  validateDocument(
    payload: ValidateDocumentPayload,
    options?: CallOptions,
  ): Promise<ValidateDocumentResponse>;
}

/**
 * Where an operation is sent. Paths are relative to the adapter's baseURL, query included.
 *
 * @example
 * const login: Endpoint = { method: 'POST', path: '/v2/login' };
 */
export interface Endpoint {
  /** The HTTP method. */
  method: 'GET' | 'POST';
  /** The path, relative to the adapter's base URL, query included. */
  path: string;
}

/**
 * One `Endpoint` per auth operation, registration's included: what the `endpoints` option of
 * `createAuthModule` and `createRegistrationModule` overrides (each takes its own rows; a key
 * that is none of these is a `ConfigurationError`). The
 * spec does not show where login, registration, password recovery and document validation live;
 * the defaults are docs/contract.md's.
 *
 * @example
 * createAuthModule(http, { endpoints: { login: { method: 'POST', path: '/v2/login' } } });
 */
export type AuthEndpoints = Record<keyof AuthModule | keyof RegistrationModule, Endpoint>;
