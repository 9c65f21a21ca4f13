import type { AuthHttpAdapter } from '../http/types';
import { type Check, type Mismatches, moduleOf } from '../operation/operation';
import { checkedEndpoints } from './endpoints-check';
import {
  AUTH_MODULE_ROWS,
  granted,
  LOGIN,
  REFRESH_TOKEN,
  REGISTER_SIMPLIFIED,
  REGISTRATION_ROWS,
} from './operations';
import type { AuthEndpoints, AuthModule, RegistrationModule } from './types';

export type { CallOptions, LogoutOptions, WithHttp } from '../operation/operation';
export {
  forgotPassword,
  getUserProfile,
  login,
  logout,
  refreshToken,
  registerSimplified,
  validateDocument,
} from './standalone';
export type { AuthEndpoints, AuthModule, Endpoint, RegistrationModule } from './types';

// Fails to compile, naming the method, when a row is missing, extra, or does not fit its module.
type _RowsFit = Check<Mismatches<AuthModule, typeof AUTH_MODULE_ROWS>>;
type _NoExtraRow = Check<Exclude<keyof typeof AUTH_MODULE_ROWS, keyof AuthModule>>;
type _RegistrationRowsFit = Check<Mismatches<RegistrationModule, typeof REGISTRATION_ROWS>>;
type _NoExtraRegistrationRow = Check<Exclude<keyof typeof REGISTRATION_ROWS, keyof RegistrationModule>>;

/**
 * Options of `createAuthModule` and `createRegistrationModule`.
 *
 * @example
 * const options: AuthModuleOptions = { endpoints: { login: { method: 'POST', path: '/v2/login' } } };
 */
export interface AuthModuleOptions {
  /**
   * Where some operations go instead of the defaults (each keeps its validation and parsing). One
   * object serves every module (each takes its own rows); a name that is no operation is refused.
   */
  endpoints?: Partial<AuthEndpoints>;
}

/**
 * The authentication area (spec 4.1) without registration: `login`, `logout`, `getUserProfile`,
 * `refreshToken`, `forgotPassword`. What the session client runs on (`pam-client/internal`), so a
 * client without the registration flow bundles none of registration's schemas.
 */
export function createAuthCore(http: AuthHttpAdapter, options: AuthModuleOptions = {}): AuthModule {
  const endpoints = checkedEndpoints(options.endpoints);
  // `login` and `refreshToken` revoke the token of an answer they refuse (`granted`).
  return {
    ...moduleOf(http, AUTH_MODULE_ROWS, undefined, endpoints),
    login: granted(http, 'login', LOGIN, endpoints),
    refreshToken: granted(http, 'refreshToken', REFRESH_TOKEN, endpoints),
  } as unknown as AuthModule;
}

/**
 * The authentication area (spec 4.1, API.md "Modules"): `login`, `logout`, `getUserProfile`,
 * `refreshToken`, `registerSimplified`, `forgotPassword`, `validateDocument`, the rows of the
 * standalone functions of the same names. Validates every payload before sending and every
 * response the spec shows. Calls made without a valid session (login, registration, recovery,
 * document check, refresh, logout) are sent with `skipAuthRefresh`, so a 401 on them never waits
 * on a token refresh. An app that never registers bundles registration's schemas with it; the
 * standalone functions (or `createRegistrationModule` apart) bundle only what they use.
 *
 * @example
 * const auth = createAuthModule(createOfetchAdapter({ baseURL }));
 * const result = await auth.login({ login: 'player@example.com', password });
 * if (result.type === 'two_factor_code') await auth.login({ login, password, two_factor_code: code });
 */
export function createAuthModule(
  http: AuthHttpAdapter,
  options: AuthModuleOptions = {},
): AuthModule & RegistrationModule {
  return { ...createAuthCore(http, options), ...createRegistrationModule(http, options) };
}

/**
 * Registration (spec 4.1, 5.3): `registerSimplified` (answers like a login; the token of an
 * answer it refuses is revoked) and `validateDocument`, the same methods as `createAuthModule`'s
 * of those names, alone. Sent with `skipAuthRefresh`, like a login.
 *
 * @example
 * const registration = createRegistrationModule(http);
 * const r = await registration.registerSimplified({ email, password, country: 'BR', nationalities: '["BR"]', optIn: true });
 */
export function createRegistrationModule(
  http: AuthHttpAdapter,
  options: AuthModuleOptions = {},
): RegistrationModule {
  const endpoints = checkedEndpoints(options.endpoints);
  return {
    ...moduleOf(http, REGISTRATION_ROWS, undefined, endpoints),
    registerSimplified: granted(http, 'registerSimplified', REGISTER_SIMPLIFIED, endpoints),
  } as unknown as RegistrationModule;
}
