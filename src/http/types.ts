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
  /**
   * `'blob'` (GET only): a download; resolve to a `BlobAnswer` (the body as a `Blob`, with the
   * answer's headers) instead of parsed JSON. Errors are read and scrubbed as for any other
   * request. Only a download may name an absolute http(s) URL instead of a path (a report's
   * `download_url`); the token and the configured headers go with it only on `baseURL`'s origin.
   */
  responseType?: 'json' | 'blob';
}

/**
 * What a GET with `responseType: 'blob'` resolves to: the file, and the answer's headers scrubbed
 * as an error is (a file name read from them must not carry a token).
 *
 * @example
 * const { blob, headers } = await http.get<BlobAnswer>(url, { responseType: 'blob' });
 */
export interface BlobAnswer {
  blob: Blob;
  headers: Headers;
}

/**
 * What the modules need from HTTP (spec section 1). Paths are relative to the base URL,
 * query string included, and never leave it (`//host/x`, `/../x` and absolute URLs are refused,
 * but for a download). An empty body (204) resolves to `undefined`.
 *
 * @example
 * const http: HttpAdapter = createOfetchAdapter({ baseURL: 'https://api.example.com' });
 * const years = await http.get<{ years: number[] }>('/income-report/available-years');
 */
export interface HttpAdapter {
  /** Sends a GET to `path` (joined to the base URL); resolves to the parsed body. */
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  /** Sends a POST with `body` as JSON; resolves to the parsed body (`undefined` for a 204). */
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** Sends a PATCH with `body` as JSON; resolves to the parsed body. */
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** Sends a DELETE; resolves to the parsed body. */
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
}

/** The authentication module needs only get and post. */
export type AuthHttpAdapter = Pick<HttpAdapter, 'get' | 'post'>;

/**
 * Where the adapter reads the access token for each request (none: no `Authorization` header).
 *
 * @example
 * const getAccessToken: AccessTokenGetter = async () => (await store.get())?.accessToken;
 */
export type AccessTokenGetter = () => string | null | undefined | Promise<string | null | undefined>;

/**
 * Options of `createOfetchAdapter`.
 *
 * @example
 * const options: OfetchAdapterOptions = { baseURL: 'https://api.example.com', timeout: 10_000 };
 */
export interface OfetchAdapterOptions {
  /**
   * Absolute (`https://api.example.com`), or relative (`/api`) in a browser page only: elsewhere
   * a relative one throws a `ConfigurationError` when the adapter is created.
   */
  baseURL: string;
  getAccessToken?: AccessTokenGetter;
  /** Default `'Bearer'`: `Authorization: Bearer <token>`. */
  tokenType?: string;
  /** Single-flight: concurrent 401s share one call. Resolve `true` to retry the request once. */
  onUnauthorized?: () => Promise<boolean>;
  /**
   * Whether a request refused (401) with the token `sent` may go again with `token`, read after a
   * refresh (or another's refresh): true only when both belong to one login. Default: always (an
   * adapter of one login). `createPamClient` answers from the stored session's login, so a write
   * made for one player is never sent again with another player's token (a logout and a new
   * login, in another tab, while it was in flight): the 401 stands instead. With it given, a
   * request refused with no token is never sent again with one (no login it was made for).
   *
   * @example
   * sameLogin: (sent, token) => loginOf(sent) === loginOf(token),
   */
  sameLogin?: (sent: string, token: string) => boolean;
  /**
   * Milliseconds per attempt, default 15000. Above 2^31-1 (the most a timer can wait, about
   * 24.8 days) it is clamped; `Infinity` means no timeout; 0, negative or NaN throws a
   * `ConfigurationError` when the adapter is created.
   */
  timeout?: number;
  /**
   * Retries of idempotent GETs on network errors, timeouts, 5xx and 429: a whole number, default 1,
   * capped at 10; anything else (`'2'`, NaN, negative, 1.5, Infinity) throws a `ConfigurationError`.
   */
  retry?: number;
  /**
   * The largest answer body read, in bytes (a download's file has its own, `maxDownloadBytes`).
   * Default 1_048_576 (1 MiB: the spec's largest answers are a few kB). A 2xx answer over it is a
   * `ResponseValidationError` (`invalid_response`, issue code `too_large`), never retried; an
   * error answer over it keeps its status, without its body. A `Content-Length` over the cap is
   * refused before the body is read; a longer body is cut at the cap and the connection closed.
   * `Infinity`: no cap; 0, negative or NaN throws a `ConfigurationError`.
   *
   * @example
   * createOfetchAdapter({ baseURL, maxResponseBytes: 4_194_304 }); // 4 MiB
   */
  maxResponseBytes?: number;
  /**
   * The largest file a download (`responseType: 'blob'`, e.g. an income report's PDF) reads, in
   * bytes, under the same rules as `maxResponseBytes`. Default 33_554_432 (32 MiB).
   */
  maxDownloadBytes?: number;
  /**
   * Sent with every request to `baseURL`'s origin (like the token), never to another one (a
   * download elsewhere: a name cannot tell a credential). The values of those whose name says
   * auth, token, key, secret, cookie or session are scrubbed from errors.
   */
  headers?: Record<string, string>;
  /** Your own fetch (an in-process server, a polyfill); a relative `baseURL` is passed to it as is. */
  fetch?: typeof fetch;
  /**
   * Called with the server's time of an answer (2xx or not) that carries a valid `Date` header,
   * and the local `Date.now()` at arrival, both in ms: the session measures the clock offset with
   * it. Only answers under `baseURL` (its origin and its path) count: never a download
   * (`responseType: 'blob'`, e.g. a report's `download_url`), another origin, or a redirect that
   * left `baseURL` (of a redirect chain, the final answer counts, once). It can never break a request: a callback that throws (or returns a rejected
   * promise) is ignored. Cross-origin in a browser, `Date` is readable only when the API sends
   * `Access-Control-Expose-Headers: Date`; otherwise `onNoServerDate` is called instead.
   *
   * @example
   * createOfetchAdapter({ baseURL, onServerDate: (server, local) => { offset = server - local; } });
   */
  onServerDate?: (serverMs: number, localMs: number) => void;
  /**
   * Called, under the same rule as `onServerDate` (answers under `baseURL` only), for an answer
   * with no readable `Date` header: none, one that is not an HTTP date, or one a cross-origin API
   * hides from the page (its CORS does not send `Access-Control-Expose-Headers: Date`). The
   * session logs it on its `debug` line: without `Date` it cannot learn the server's clock. Like
   * `onServerDate`, it can never break a request.
   *
   * @example
   * createOfetchAdapter({ baseURL, onNoServerDate: () => console.debug('the API hides its Date header') });
   */
  onNoServerDate?: () => void;
}
