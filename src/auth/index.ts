import type * as z from 'zod/mini';
import type { AuthHttpAdapter, RequestOptions } from '../http/types';
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
import { parseRequest, parseResponse } from '../schemas/parse';
import { type AuthEndpoints, DEFAULT_AUTH_ENDPOINTS } from './endpoints';

export type { AuthEndpoints, Endpoint } from './endpoints';
export { DEFAULT_AUTH_ENDPOINTS } from './endpoints';

/** The last argument every module method takes. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Logout may name the token it revokes (the session clears its store before sending). */
export interface LogoutOptions extends CallOptions {
  accessToken?: string;
}

export interface AuthModuleOptions {
  endpoints?: Partial<AuthEndpoints>;
}

export interface AuthModule {
  login(payload: LoginPayload, options?: CallOptions): Promise<LoginResponse>;
  logout(options?: LogoutOptions): Promise<void>;
  getUserProfile(options?: CallOptions): Promise<UserProfileResponse>;
  refreshToken(options?: CallOptions): Promise<RefreshTokenResponse>;
  registerSimplified(payload: RegisterSimplifiedPayload, options?: CallOptions): Promise<LoginResponse>;
  forgotPassword(payload: ForgotPasswordPayload, options?: CallOptions): Promise<unknown>;
  validateDocument(
    payload: ValidateDocumentPayload,
    options?: CallOptions,
  ): Promise<ValidateDocumentResponse>;
}

/**
 * The authentication area (spec 4.1). Validates every payload before sending and every response
 * the spec shows. Calls made without a valid session (login, registration, recovery, document
 * validation, refresh, logout) are sent with `skipAuthRefresh`, so a 401 on them never waits on
 * a token refresh.
 *
 * @example
 * const auth = createAuthModule(createOfetchAdapter({ baseURL }));
 * const result = await auth.login({ login: 'player@example.com', password });
 * if (result.type === 'two_factor_code') await auth.login({ login, password, two_factor_code: code });
 */
export function createAuthModule(http: AuthHttpAdapter, options: AuthModuleOptions = {}): AuthModule {
  const endpoints: AuthEndpoints = { ...DEFAULT_AUTH_ENDPOINTS, ...options.endpoints };

  /**
   * One call: validate the payload (nothing is sent when it fails), send, validate the answer
   * when the spec shows it. Every call but the profile fetch skips the refresh-on-401.
   */
  async function run(
    name: keyof AuthEndpoints,
    o: LogoutOptions | undefined,
    request?: z.ZodMiniType,
    payload?: unknown,
    response?: z.ZodMiniType,
  ): Promise<unknown> {
    const body = request ? parseRequest(name, request, payload) : undefined;
    const opts: RequestOptions =
      name === 'getUserProfile' ? { signal: o?.signal } : { signal: o?.signal, skipAuthRefresh: true };
    if (o?.accessToken !== undefined) opts.accessToken = o.accessToken;
    const { method, path } = endpoints[name];
    const raw = await (method === 'GET' ? http.get(path, opts) : http.post(path, body, opts));
    return response ? parseResponse(name, response, raw) : raw;
  }

  return {
    login: (payload, o) => run('login', o, LoginPayload, payload, LoginResponse) as Promise<LoginResponse>,
    // An expired token needs no refresh just to be revoked: the session is cleared either way.
    logout: async (o) => {
      await run('logout', o);
    },
    getUserProfile: (o) =>
      run('getUserProfile', o, undefined, undefined, UserProfileResponse) as Promise<UserProfileResponse>,
    refreshToken: (o) =>
      run('refreshToken', o, undefined, undefined, RefreshTokenResponse) as Promise<RefreshTokenResponse>,
    registerSimplified: (payload, o) =>
      run(
        'registerSimplified',
        o,
        RegisterSimplifiedPayload,
        payload,
        LoginResponse,
      ) as Promise<LoginResponse>,
    forgotPassword: (payload, o) => run('forgotPassword', o, ForgotPasswordPayload, payload),
    validateDocument: (payload, o) =>
      run(
        'validateDocument',
        o,
        ValidateDocumentPayload,
        payload,
        ValidateDocumentResponse,
      ) as Promise<ValidateDocumentResponse>,
  };
}
