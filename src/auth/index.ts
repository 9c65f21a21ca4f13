import type { AuthHttpAdapter } from '../http/types';
import { type Check, type Mismatches, moduleOf, type Operation } from '../operation/operation';
import { AUTH_OPERATIONS } from './operations';
import type { AuthEndpoints, AuthModule } from './types';

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
export type { AuthEndpoints, AuthModule, Endpoint } from './types';

// Fails to compile, naming the method, when a row is missing, extra, or does not fit AuthModule.
type _RowsFit = Check<Mismatches<AuthModule, typeof AUTH_OPERATIONS>>;
type _NoExtraRow = Check<Exclude<keyof typeof AUTH_OPERATIONS, keyof AuthModule>>;

/**
 * Options of `createAuthModule`.
 *
 * @example
 * const options: AuthModuleOptions = { endpoints: { login: { method: 'POST', path: '/v2/login' } } };
 */
export interface AuthModuleOptions {
  /** Where some operations go instead of the defaults (each keeps its validation and parsing). */
  endpoints?: Partial<AuthEndpoints>;
}

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
