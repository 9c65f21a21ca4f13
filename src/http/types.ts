/** Per-request options every adapter call and module method accepts. */
export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * Never call `onUnauthorized` for this request. The auth module sends login, refresh and the
   * other unauthenticated calls this way, so a 401 from the refresh endpoint cannot wait on itself.
   */
  skipAuthRefresh?: boolean;
  /**
   * Send this token instead of asking `getAccessToken` (still only to `baseURL`'s origin). Logout
   * uses it: the session clears the store first, then revokes the token it held.
   */
  accessToken?: string;
}

/**
 * What the modules need from HTTP (spec section 1). Paths are relative to the base URL,
 * query string included. An empty body (204) resolves to `undefined`.
 *
 * @example
 * const http: HttpAdapter = createOfetchAdapter({ baseURL: 'https://api.example.com' });
 * const years = await http.get<{ years: number[] }>('/income-report/available-years');
 */
export interface HttpAdapter {
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
}

/** The authentication module needs only get and post. */
export type AuthHttpAdapter = Pick<HttpAdapter, 'get' | 'post'>;

export type AccessTokenGetter = () => string | null | undefined | Promise<string | null | undefined>;

export interface OfetchAdapterOptions {
  baseURL: string;
  getAccessToken?: AccessTokenGetter;
  /** Default `'Bearer'`: `Authorization: Bearer <token>`. */
  tokenType?: string;
  /** Single-flight: concurrent 401s share one call. Resolve `true` to retry the request once. */
  onUnauthorized?: () => Promise<boolean>;
  /** Milliseconds, default 15000. */
  timeout?: number;
  /** Retries of idempotent GETs on network errors, timeouts, 5xx and 429. Default 1. */
  retry?: number;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}
