import {
  FORGOT_PASSWORD,
  GET_USER_PROFILE,
  LOGIN,
  LOGOUT,
  REFRESH_TOKEN,
  REGISTER_SIMPLIFIED,
  VALIDATE_DOCUMENT,
} from './operations';

/** Where an operation is sent. Paths are relative to the adapter's baseURL, query included. */
export interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
}

export interface AuthEndpoints {
  login: Endpoint;
  logout: Endpoint;
  getUserProfile: Endpoint;
  refreshToken: Endpoint;
  registerSimplified: Endpoint;
  forgotPassword: Endpoint;
  validateDocument: Endpoint;
}

const at = ({ method, path }: Endpoint): Endpoint => ({ method, path });

/**
 * Spec 4.1, as the operation rows send it. The spec does not show where login, registration,
 * password recovery and document validation live; these are the defaults docs/contract.md chose, each
 * overridable through `createAuthModule`'s `endpoints`.
 *
 * @example
 * createAuthModule(http, { endpoints: { login: { ...DEFAULT_AUTH_ENDPOINTS.login, path: '/v2/login' } } });
 */
export const DEFAULT_AUTH_ENDPOINTS: Readonly<AuthEndpoints> = /* @__PURE__ */ Object.freeze<AuthEndpoints>({
  login: /* @__PURE__ */ at(LOGIN),
  logout: /* @__PURE__ */ at(LOGOUT),
  getUserProfile: /* @__PURE__ */ at(GET_USER_PROFILE),
  refreshToken: /* @__PURE__ */ at(REFRESH_TOKEN),
  registerSimplified: /* @__PURE__ */ at(REGISTER_SIMPLIFIED),
  forgotPassword: /* @__PURE__ */ at(FORGOT_PASSWORD),
  validateDocument: /* @__PURE__ */ at(VALIDATE_DOCUMENT),
});
