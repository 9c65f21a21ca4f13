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

/**
 * Spec 4.1. The spec does not show where login, registration, password recovery and document
 * validation live; these are the defaults API.md chose, each overridable through `endpoints`.
 */
export const DEFAULT_AUTH_ENDPOINTS: Readonly<AuthEndpoints> = /* @__PURE__ */ Object.freeze<AuthEndpoints>({
  login: { method: 'POST', path: '/auth/login' },
  logout: { method: 'POST', path: '/auth/logout' },
  getUserProfile: { method: 'GET', path: '/auth/user-profile?check_spa_again=1' },
  refreshToken: { method: 'POST', path: '/users/refresh-token' },
  registerSimplified: { method: 'POST', path: '/auth/register-simplified' },
  forgotPassword: { method: 'POST', path: '/auth/forgot-password' },
  validateDocument: { method: 'POST', path: '/auth/validate-document' },
});
