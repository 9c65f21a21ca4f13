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
import { type AuthEndpoints, DEFAULT_AUTH_ENDPOINTS, type Endpoint } from './endpoints';

export type { AuthEndpoints, Endpoint } from './endpoints';
export { DEFAULT_AUTH_ENDPOINTS } from './endpoints';

/** The last argument every module method takes. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface AuthModuleOptions {
  endpoints?: Partial<AuthEndpoints>;
}

export interface AuthModule {
  login(payload: LoginPayload, options?: CallOptions): Promise<LoginResponse>;
  logout(options?: CallOptions): Promise<void>;
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

  const send = (endpoint: Endpoint, body: unknown, opts: RequestOptions): Promise<unknown> =>
    endpoint.method === 'GET' ? http.get(endpoint.path, opts) : http.post(endpoint.path, body, opts);

  const noRefresh = (o?: CallOptions): RequestOptions => ({ signal: o?.signal, skipAuthRefresh: true });

  return {
    async login(payload, o) {
      const body = parseRequest('login', LoginPayload, payload);
      return parseResponse('login', LoginResponse, await send(endpoints.login, body, noRefresh(o)));
    },
    async logout(o) {
      // An expired token needs no refresh just to be revoked: the session is cleared either way.
      await send(endpoints.logout, undefined, noRefresh(o));
    },
    async getUserProfile(o) {
      const raw = await send(endpoints.getUserProfile, undefined, { signal: o?.signal });
      return parseResponse('getUserProfile', UserProfileResponse, raw);
    },
    async refreshToken(o) {
      const raw = await send(endpoints.refreshToken, undefined, noRefresh(o));
      return parseResponse('refreshToken', RefreshTokenResponse, raw);
    },
    async registerSimplified(payload, o) {
      const body = parseRequest('registerSimplified', RegisterSimplifiedPayload, payload);
      return parseResponse(
        'registerSimplified',
        LoginResponse,
        await send(endpoints.registerSimplified, body, noRefresh(o)),
      );
    },
    async forgotPassword(payload, o) {
      const body = parseRequest('forgotPassword', ForgotPasswordPayload, payload);
      return send(endpoints.forgotPassword, body, noRefresh(o));
    },
    async validateDocument(payload, o) {
      const body = parseRequest('validateDocument', ValidateDocumentPayload, payload);
      const raw = await send(endpoints.validateDocument, body, noRefresh(o));
      return parseResponse('validateDocument', ValidateDocumentResponse, raw);
    },
  };
}
