import { createFetch } from 'ofetch';
import { retryDelay } from './backoff';
import {
  AbortedError,
  NetworkError,
  PamError,
  RequestValidationError,
  TimeoutError,
  UnauthorizedError,
} from './errors';
import { readResponse } from './response';
import { ABORTED, attemptSignal, sleep, untilAborted } from './signal';
import { singleFlight } from './single-flight';
import type { HttpAdapter, OfetchAdapterOptions, RequestOptions } from './types';
import { isSameOrigin, joinURL, stripQuery } from './url';

export { parseRetryAfter } from './retry-after';

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_RETRY = 1;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One call as the pipeline sees it; `shownPath` is the caller's path as errors show it (no query). */
interface Call {
  method: Method;
  shownPath: string;
  url: string;
  sameOrigin: boolean;
  json: string | undefined;
  options: RequestOptions;
}

/**
 * The default `HttpAdapter`, on ofetch. One instance per API: it joins paths to `baseURL`, sends
 * JSON, adds the token (to `baseURL`'s origin only), times out, retries idempotent GETs with
 * backoff, refreshes once on 401 through a single-flight `onUnauthorized`, and throws only
 * `PamError`s (never ofetch's `FetchError`, which carries the request's headers and body).
 *
 * @example
 * const http = createOfetchAdapter({
 *   baseURL: 'https://api.example.com',
 *   getAccessToken: () => storage.getItem('access_token'),
 *   onUnauthorized: async () => (await auth.refreshToken()) !== null,
 * });
 * const { years } = await http.get<{ years: number[] }>('/income-report/available-years');
 */
export function createOfetchAdapter(options: OfetchAdapterOptions): HttpAdapter {
  const { baseURL, getAccessToken, onUnauthorized } = options;
  const tokenType = options.tokenType ?? 'Bearer';
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
  const retries = Math.max(0, options.retry ?? DEFAULT_RETRY);
  const refresh = onUnauthorized ? singleFlight(onUnauthorized) : undefined;

  const $fetch = createFetch({
    // Resolved per call, so a fetch patched after the adapter was made (test tools, polyfills) is used.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  });

  // Read for every attempt, so a retry carries a token refreshed meanwhile.
  async function readToken(call: Call): Promise<string | undefined> {
    if (!call.sameOrigin) return undefined;
    if (call.options.accessToken !== undefined) return call.options.accessToken || undefined;
    if (!getAccessToken) return undefined;
    try {
      return (await getAccessToken()) || undefined;
    } catch (error) {
      // A token store that fails (storage closed, quota) must not escape as a foreign error; its
      // message is not copied, as it could quote what was stored.
      throw new PamError('network', `${call.method} ${call.shownPath} could not read the access token`, {
        cause: new Error(error instanceof Error ? error.name : typeof error),
      });
    }
  }

  /** One HTTP exchange. Every failure leaves as a `PamError`. */
  async function attempt(call: Call, token: string | undefined): Promise<unknown> {
    const { method, shownPath } = call;
    const caller = call.options.signal;
    const attemptAbort = attemptSignal(caller, timeout);
    try {
      // A plain object with lower-cased names (what Headers.set would do): ofetch builds the one
      // Headers instance from it, so each attempt makes one, not two.
      const headers: Record<string, string> = Object.assign(Object.create(null), {
        accept: 'application/json',
      });
      // Read per attempt: a caller may change `options.headers` after creating the adapter.
      for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
      if (call.json !== undefined) headers['content-type'] = 'application/json';
      if (token) headers.authorization = `${tokenType} ${token}`;
      const response = await $fetch.raw<string, 'text'>(call.url, {
        method,
        headers,
        body: call.json,
        signal: attemptAbort.signal,
        // We parse: ofetch's `destr` turns invalid JSON into a string, which must be an error here.
        responseType: 'text',
        // Our own loop: ofetch would retry POSTs on some statuses and knows nothing of Retry-After.
        retry: 0,
        // Statuses become our errors in `readResponse`; ofetch's FetchError would hold the token.
        ignoreResponseError: true,
      });
      return readResponse(response, method, shownPath);
    } catch (error) {
      if (error instanceof PamError) throw error;
      // Which signal fired decides, not the error's name: runtimes disagree on those names.
      if (caller?.aborted) throw new AbortedError(method, shownPath);
      if (attemptAbort.timedOut) throw new TimeoutError(method, shownPath, timeout);
      throw new NetworkError(method, shownPath, { cause: lowLevelCause(error) });
    } finally {
      attemptAbort.dispose();
    }
  }

  /**
   * Whether a 401 is worth one more try. If the token changed since the request left, someone
   * refreshed meanwhile: retry with it rather than start another refresh (no refresh storms).
   */
  async function recoverFrom401(call: Call, sentToken: string | undefined): Promise<boolean> {
    if (!refresh || call.options.skipAuthRefresh || !call.sameOrigin) return false;
    const current = await readToken(call);
    if (current && current !== sentToken) return true;
    const ok = await untilAborted(refresh(), call.options.signal);
    if (ok === ABORTED) throw new AbortedError(call.method, call.shownPath);
    return ok;
  }

  async function send(call: Call): Promise<unknown> {
    const { method, shownPath, options: requestOptions } = call;
    let failures = 0;
    let refreshed = false;
    for (;;) {
      if (requestOptions.signal?.aborted) throw new AbortedError(method, shownPath);
      const token = await readToken(call);
      try {
        return await attempt(call, token);
      } catch (error) {
        if (error instanceof UnauthorizedError && !refreshed) {
          refreshed = true;
          if (await recoverFrom401(call, token)) continue;
          throw error;
        }
        // Only GETs: a POST that timed out may have been applied, so repeating it could apply it twice.
        const wait =
          method === 'GET' && failures < retries && error instanceof PamError
            ? retryDelay(error, failures)
            : undefined;
        if (wait === undefined) throw error;
        failures += 1;
        if ((await sleep(wait, requestOptions.signal)) === ABORTED) throw new AbortedError(method, shownPath);
      }
    }
  }

  async function request<T>(
    method: Method,
    path: string,
    body: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<T> {
    const shownPath = stripQuery(path);
    let json: string | undefined;
    try {
      json = body === undefined ? undefined : JSON.stringify(body);
    } catch {
      // BigInt or a cycle: a caller bug, reported without the value.
      throw new RequestValidationError(`${method} ${shownPath}`, [
        { path: [], code: 'not_serializable', message: 'body is not JSON-serializable' },
      ]);
    }
    const call: Call = {
      method,
      shownPath,
      url: joinURL(baseURL, path),
      sameOrigin: isSameOrigin(baseURL, path),
      json,
      options: requestOptions,
    };
    return (await send(call)) as T;
  }

  return {
    get: (path, requestOptions) => request('GET', path, undefined, requestOptions),
    post: (path, body, requestOptions) => request('POST', path, body, requestOptions),
    patch: (path, body, requestOptions) => request('PATCH', path, body, requestOptions),
    delete: (path, requestOptions) => request('DELETE', path, undefined, requestOptions),
  };
}

/**
 * A fresh error with only what helps diagnose a dead connection (e.g. ECONNREFUSED), found down
 * the cause chain. The errors themselves stay here: ofetch's FetchError holds the request options.
 */
function lowLevelCause(error: unknown): Error | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const { code, syscall } = e as { code?: unknown; syscall?: unknown };
    if (typeof code === 'string') {
      // Node system errors are built from syscall, code and address only; other messages may quote input.
      const cause = new Error(typeof syscall === 'string' ? e.message : code);
      return Object.assign(cause, { code });
    }
  }
  return undefined;
}
