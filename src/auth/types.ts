// The auth module's interface and its endpoints, derived from the operation rows (src/auth/operations.ts).

import type { MethodsOf } from '../operation/operation';
import type { AUTH_OPERATIONS } from './operations';

/**
 * The authentication area (spec 4.1): one method per operation row, its payload, options and
 * answer derived from the row's schemas (`login(payload, options?)`, `logout(options?)`,
 * `getUserProfile(options?)`, `refreshToken(options?)`, `registerSimplified(payload, options?)`,
 * `forgotPassword(payload, options?)`, `validateDocument(payload, options?)`).
 *
 * @example
 * const auth: AuthModule = createAuthModule(http);
 * const { user } = await auth.getUserProfile();
 */
export interface AuthModule extends MethodsOf<typeof AUTH_OPERATIONS> {}

/**
 * Where an operation is sent. Paths are relative to the adapter's baseURL, query included.
 *
 * @example
 * const login: Endpoint = { method: 'POST', path: '/v2/login' };
 */
export interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
}

/**
 * One `Endpoint` per auth operation: what `createAuthModule`'s `endpoints` option overrides. The
 * spec does not show where login, registration, password recovery and document validation live;
 * the defaults are docs/contract.md's.
 *
 * @example
 * createAuthModule(http, { endpoints: { login: { method: 'POST', path: '/v2/login' } } });
 */
export type AuthEndpoints = { [K in keyof typeof AUTH_OPERATIONS]: Endpoint };
