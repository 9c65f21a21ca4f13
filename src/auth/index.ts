import type { AuthHttpAdapter } from '../http/types';
import type { AuthEndpoints } from './endpoints';
import {
  type CallOptions,
  type Check,
  type LogoutOptions,
  type Mismatches,
  moduleOf,
  type Operation,
} from './operation';
import {
  FORGOT_PASSWORD,
  GET_USER_PROFILE,
  LOGIN,
  LOGOUT,
  REFRESH_TOKEN,
  REGISTER_SIMPLIFIED,
  VALIDATE_DOCUMENT,
} from './operations';
import type { AuthModule } from './types';

export type { AuthEndpoints, Endpoint } from './endpoints';
export { DEFAULT_AUTH_ENDPOINTS } from './endpoints';
export type { CallOptions, LogoutOptions, WithHttp } from './operation';
export {
  forgotPassword,
  getUserProfile,
  login,
  logout,
  refreshToken,
  registerSimplified,
  validateDocument,
} from './operations';
export type { AuthModule } from './types';

export interface AuthModuleOptions {
  endpoints?: Partial<AuthEndpoints>;
}

/** The rows of the auth module, one per method (checked against `AuthModule` below). */
export const AUTH_OPERATIONS = {
  login: LOGIN,
  logout: LOGOUT,
  getUserProfile: GET_USER_PROFILE,
  refreshToken: REFRESH_TOKEN,
  registerSimplified: REGISTER_SIMPLIFIED,
  forgotPassword: FORGOT_PASSWORD,
  validateDocument: VALIDATE_DOCUMENT,
} as const;

// Fails to compile, naming the method, when a row is missing or does not fit AuthModule.
export type AuthOperationsFit = Check<Mismatches<AuthModule, typeof AUTH_OPERATIONS>>;

/**
 * The authentication area (spec 4.1): a table of the same rows as the standalone `login`,
 * `logout`, ... functions. Validates every payload before sending and every response the spec
 * shows. Calls made without a valid session (login, registration, recovery, document
 * validation, refresh, logout) are sent with `skipAuthRefresh`, so a 401 on them never waits on
 * a token refresh.
 *
 * @example
 * const auth = createAuthModule(createOfetchAdapter({ baseURL }));
 * const result = await auth.login({ login: 'player@example.com', password });
 * if (result.type === 'two_factor_code') await auth.login({ login, password, two_factor_code: code });
 */
export function createAuthModule(http: AuthHttpAdapter, options: AuthModuleOptions = {}): AuthModule {
  const rows: Record<string, Operation> = { ...AUTH_OPERATIONS };
  const { endpoints = {} } = options;
  // An overridden endpoint keeps everything of its row but where it goes.
  for (const key in endpoints) rows[key] = { ...rows[key]!, ...endpoints[key as keyof AuthEndpoints] };
  return moduleOf(http, rows) as unknown as AuthModule;
}
