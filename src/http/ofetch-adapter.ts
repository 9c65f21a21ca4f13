import { createFetch } from 'ofetch';
import { isPamError } from '../errors/base';
import { ConfigurationError, StorageError } from '../errors/config';
import { createScrubber, type Scrubber } from '../errors/scrub';
import { AbortedError, NetworkError, TimeoutError } from '../errors/transport';
import { RequestValidationError } from '../errors/validation';
import { isHeaderSafeToken } from '../schemas/common';
import { secretValuesOf, secretValuesOfQuery } from '../secrets/secret';
import {
  absoluteURL,
  checkRequestOptions,
  hopUnder,
  isUnder,
  readBody,
  readResponse,
  redirectTarget,
  settingsOf,
  stripQuery,
  targetOf,
} from './exchange';
import { heldSecrets, UNGUESSABLE } from './held-secrets';
import { asJSON } from './json-body';
import type { HttpAdapter, OfetchAdapterOptions, RequestOptions } from './types';
import {
  ABORTED,
  type AttemptSignal,
  attemptSignal,
  isThenable,
  parseHttpDate,
  raced,
  retryDelay,
  singleFlight,
  sleep,
} from './waiting';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One call as the pipeline sees it; `shownPath`: its path as errors show it (no query, scrubbed). */
interface Call {
  method: Method;
  shownPath: () => string;
  url: string;
  sameOrigin: boolean;
  json: string | undefined;
  options: RequestOptions;
  /** Every secret the request carries but the token (read per attempt): body, query, headers. */
  secrets: readonly string[];
  /**
   * Their scrubber, made once for the call (its path, then its answers) when first asked: by the
   * exchange once the request is on its way, or by an error before.
   */
  own: () => Scrubber;
}

/** Header names whose values are credentials: scrubbed from errors like the token is. */
const CREDENTIAL_HEADER = /auth|token|secret|key|cookie|session/i;

/** A caller's per-call hook `Symbol.for('pam-client.<name>')` (our machines' own, not a public option). */
const hookOf = (call: Call, name: string) =>
  (call.options as Record<symbol, ((text: string) => void) | undefined>)[Symbol.for(`pam-client.${name}`)];

/**
 * The default `HttpAdapter`, on ofetch. One instance per API: it joins paths under `baseURL` (a
 * path that would resolve elsewhere, `//host/x`, `/\\host/x`, `%2F%2Fhost/x`, `/../x` or an absolute
 * URL, is a `RequestValidationError`, nothing sent; only a download, `responseType: 'blob'`, may
 * name an absolute http(s) URL), sends
 * JSON, adds the token (to `baseURL`'s origin only), times out, retries idempotent GETs with
 * backoff, refreshes once on 401 through a single-flight `onUnauthorized`, and throws only
 * `PamError`s (never ofetch's `FetchError`, which carries the request's headers and body).
 *
 * Every secret the request sent (the values of the secret fields, docs/contract.md, in the body at any depth, every
 * `Secret`, secret query parameters, credential headers and the token) is scrubbed from any error
 * built from the answer, even when the server echoes them, in any of the forms back ends encode
 * them (HTML entities, URL encoding, backslash and JSON escapes); so is every token the adapter
 * sent before (the last 8: one a refresh replaced, one of a login that ended), from any answer, and
 * every password or code it sent in the last 10 minutes from any error. Redirects are not followed
 * blindly: a GET follows a redirect on its own origin (at most 5); any other redirect is an
 * `HttpError` with the 3xx status, and nothing is sent to the redirect's target. Request options
 * a caller got wrong (a `signal` that is not an `AbortSignal`, a non-string `accessToken`) are a
 * `RequestValidationError`, nothing sent. Throws a `ConfigurationError` for options that cannot
 * work (see docs/errors.md).
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
  // Checked first: no options (or `null`) is a ConfigurationError like `{}` (REVIEW-Y Y-7), and so
  // is an option whose reading throws (a getter, a Proxy: its error and message dropped).
  let settings: ReturnType<typeof settingsOf>;
  try {
    settings = settingsOf(options);
  } catch (e) {
    throw isPamError(e) ? e : new ConfigurationError('options cannot be read');
  }
  const { baseURL, tokenType, timeout, retries, caps } = settings;
  const { getAccessToken, onUnauthorized, onServerDate, onNoServerDate, sameLogin } = options;
  const refresh = onUnauthorized ? singleFlight(onUnauthorized) : undefined;

  const $fetch = createFetch({
    // Resolved per call, so a fetch patched after the adapter was made (test tools, polyfills) is used.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  });

  // Read for every attempt, so a retry carries a token refreshed meanwhile. Runs under the
  // attempt's guard: a store that never answers cannot hold the call past its timeout, and no
  // second timer is needed for it.
  async function readToken(call: Call, guard: AttemptSignal | undefined): Promise<string | undefined> {
    if (!call.sameOrigin) return undefined;
    let token: unknown = call.options.accessToken;
    if (token === undefined && getAccessToken) {
      try {
        // (Told whether the call is public, our machines' getter's only reading of it: a public
        // call never waits for a restore there. `AccessTokenGetter` takes nothing.)
        token = (getAccessToken as (open?: boolean) => unknown)(call.options.skipAuthRefresh);
        if (isThenable(token)) token = await raced(token, guard);
      } catch (error) {
        // A getter's `unauthorized`: no token of its login any more (createPamClient, REVIEW-AN
        // AN-3). A call that needs one is refused with it as is, nothing sent; a public one
        // (`skipAuthRefresh`: login, registration, recovery) goes without.
        if (isPamError(error) && error.code === 'unauthorized') {
          if (call.options.skipAuthRefresh) return undefined;
          throw error;
        }
        // A token store that fails (storage closed, quota) must not escape as a foreign error; its
        // message is not copied, as it could quote what was stored.
        throw new StorageError(`${call.method} ${call.shownPath()} could not read the access token`, {
          cause: new Error(error instanceof Error ? error.name : typeof error),
        });
      }
      // The guard's deadline passed (or the caller aborted) while the store had not answered.
      if (token === ABORTED)
        throw call.options.signal?.aborted
          ? new AbortedError(call.method, call.shownPath())
          : new StorageError(`${call.method} ${call.shownPath()} could not read the access token in time`);
    }
    if (!token) return undefined;
    // A token with a line break, a NUL or non-ASCII would fail every request locally (or smuggle
    // a header): refuse it before anything is sent.
    if (!isHeaderSafeToken(token)) {
      throw new StorageError(
        `${call.method} ${call.shownPath()} could not read the access token: no header value`,
      );
    }
    hold(token);
    return token;
  }

  /** One HTTP exchange (following same-origin GET redirects). Every failure leaves as a `PamError`. */
  async function exchange(
    call: Call,
    token: string | undefined,
    guard: AttemptSignal | undefined,
  ): Promise<unknown> {
    const { method } = call;
    const blob = call.options.responseType === 'blob';
    try {
      // Raced with the attempt's signal: a fetch that ignores it (a polyfill, a wrapper) cannot
      // hold the call past its timeout or abort; its late answer (or failure) is dropped.
      const out = await raced(answer(), guard);
      if (out === ABORTED) throw out;
      return out;
    } catch (error) {
      if (isPamError(error)) throw error;
      // Which signal fired decides, not the error's name: runtimes disagree on those names.
      if (call.options.signal?.aborted) throw new AbortedError(method, call.shownPath());
      if (guard?.timedOut) throw new TimeoutError(method, call.shownPath(), timeout);
      throw new NetworkError(method, call.shownPath(), {
        cause: lowLevelCause(error, scrubberOf(call, token)),
      });
    }
    async function answer(): Promise<unknown> {
      // The caller's headers may have changed since the adapter was made: one fetch's Headers
      // refuses (a name no token, a value with CR, LF or NUL, or past latin1) fails the call as the
      // configuration it is, before anything leaves (never `network`, retried: review 128).
      if (call.sameOrigin)
        for (const [name, value] of Object.entries(options.headers ?? {}))
          if (
            !/^[\w!#$%&'*+.^`|~-]+$/.test(name) ||
            // (Its ends' tabs, spaces, CR and LF dropped first, as Headers does.)
            /[^\t\x20-\x7e\x80-\xff]/.test(String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, ''))
          )
            throw new ConfigurationError('headers cannot be sent as given');
      // The request leaves now (its token read, its signal checked by fetch as it is called): the
      // caller's `sent` hook is told synchronously, before its headers are built.
      hookOf(call, 'sent')?.('');
      // The headers (written here, their one use): a plain object with lower-cased names (what
      // Headers.set would do): ofetch builds the one Headers instance from it, so each attempt makes
      // one, not two. Not a null-prototype one: fetch reads that one ~0.5 µs slower (so a header
      // named `__proto__` is dropped).
      const headers: Record<string, string> = { accept: blob ? '*/*' : 'application/json' };
      // Read per attempt: a caller may change `options.headers` after creating the adapter. They go
      // where the token goes, to baseURL's origin only: a name cannot tell a credential (`X-Jwt`,
      // `X-Otp`), so another origin (a pre-signed download link) gets none (fail closed).
      if (call.sameOrigin)
        for (const [name, value] of Object.entries(options.headers ?? {}))
          headers[name.toLowerCase()] = value;
      // `json` is undefined or a JSON text (never empty).
      if (call.json) headers['content-type'] = 'application/json';
      if (token) headers.authorization = `${tokenType} ${token}`;
      let url = absoluteURL(call.url);
      for (let hops = 0; ; hops++) {
        const pending = $fetch.raw(url, {
          method,
          headers,
          body: call.json,
          signal: guard?.signal,
          // Never let fetch follow: it would re-send the body (a 307/308) and the credentials to
          // wherever the server points. We follow only what is safe (see redirectTarget).
          redirect: 'manual',
          // Never an answer from the browser's HTTP cache: an old profile or SPA check taken for a
          // fresh read would show a player barred since as free to bet.
          cache: 'no-store',
          // We read (up to a cap, `readBody`) and parse: ofetch would read a body of any size, and
          // its `destr` turns invalid JSON into a string, which must be an error here.
          responseType: 'stream',
          // Our own loop: ofetch would retry POSTs on some statuses and knows nothing of Retry-After.
          retry: 0,
          // Statuses become our errors in `readResponse`; ofetch's FetchError would hold the token.
          ignoreResponseError: true,
        });
        // The scrubbers only the answer (or an error) needs (the call's own, the held values'), made
        // while the request is on its way, after one turn of microtasks: made at once they held back
        // undici's write of it (~4-11 µs: SPEED29). The answer's is taken at the answer.
        await 0;
        scrubberOf(call, token);
        const response = await pending;
        // Its head is in (its cookies stored): the server session's `answered` hook is told (hooks: `hookOf`).
        hookOf(call, 'answered')?.('');
        // At most 5 redirects; an API call's only under baseURL, as its own path (`hopUnder`): a hop
        // that left it (`/other-app`, `/api/../x`) would take the token and the credential headers
        // there, and its answer would be read as the API's (review 108). A download's, on its origin,
        // with the token and the caller's headers only while under baseURL (review 141).
        const next = hops < 5 ? redirectTarget(method, url, response) : undefined;
        const under = next !== undefined && hopUnder(baseURL, next);
        if (next !== undefined && (blob || under)) {
          if (!under) for (const name in headers) if (name !== 'accept') delete headers[name];
          url = next;
          guard?.retire();
          // Not read: cancelled, so the connection is let go now, not when collected.
          await response.body?.cancel();
          continue;
        }
        // The API's time comes from the answer that ends the exchange, and only when it is under
        // baseURL (never another origin or a hop that left the base path), and not a download (a
        // file's answer, wherever it comes from, is not the API's); an opaque answer (status 0)
        // has no headers to read. The first hop is the call's own URL, under baseURL (`targetOf`).
        // Its `Date` handed to `onServerDate` (or none said, `onNoServerDate`; neither hook given,
        // most adapters: the header is not read); nothing either does can reach the request.
        if (
          (onServerDate || onNoServerDate) &&
          !blob &&
          response.status &&
          (hops === 0 || isUnder(baseURL, url))
        ) {
          const serverMs = parseHttpDate(response.headers.get('date'));
          try {
            const result: unknown =
              serverMs === undefined ? onNoServerDate?.() : onServerDate?.(serverMs, Date.now());
            if (isThenable(result)) result.then(undefined, () => undefined);
          } catch {
            // Ignored: the clock offset is the caller's concern, the request goes on.
          }
        }
        // A download's file has its own cap; its error answer is read as any other.
        const file = blob && response.ok;
        const cap = caps[+file]!; // [json, file]
        // A grant's call (a login's) is handed what it read of a 2xx answer it cannot read (over the
        // cap, not JSON): the token in it is still live at the API.
        const unread = response.ok ? hookOf(call, 'unread') : undefined;
        const data = await readBody(response, cap, file, unread);
        // (A file is a 2xx answer: the short secrets sent lately are for errors only: review 95.)
        const scrub = scrubberOf(call, token, file);
        // Its headers go to the app (a file name from `Content-Disposition`): scrubbed as an error is.
        if (file && data) {
          const headers = new Headers();
          for (const [name, value] of response.headers) headers.append(name, scrub.text(value));
          return { blob: data, headers };
        }
        // (`Operation.tokens`: an answer that may carry the token sent under its credential fields.)
        const tokens = hookOf(call, 'tokens');
        return readResponse(
          response,
          data as Exclude<typeof data, Blob>,
          method,
          call.shownPath,
          scrub,
          cap,
          unread,
          tokens,
        );
      }
    }
  }

  /**
   * Whether a 401 is worth one more try. If the token changed since the request left, someone
   * refreshed meanwhile: retry with it rather than start another refresh (no refresh storms).
   * Waits for the refresh at most the adapter's `timeout` (one guard for the read and the wait).
   */
  async function recoverFrom401(call: Call, sentToken: string | undefined): Promise<boolean> {
    if (!refresh || call.options.skipAuthRefresh || !call.sameOrigin) return false;
    const guard = attemptSignal(call.options.signal, timeout);
    try {
      const current = await readToken(call, guard);
      if (current && current !== sentToken) return true;
      // A refresh that never settles (a lost cross-tab claim, a hung store) must not hold the call:
      // after the adapter's timeout the 401 stands.
      const ok = await raced(refresh(), guard);
      if (ok !== ABORTED) return ok;
      if (call.options.signal?.aborted) throw new AbortedError(call.method, call.shownPath());
      return false;
    } finally {
      guard?.dispose();
    }
  }

  // The secrets it sent, held for later answers and errors (`heldSecrets`). A caller that holds
  // tokens this adapter may never send (createPamClient: one the session took from another tab,
  // replaced by the next before any call) adds them with `hold` too: `onHold`, an option of our
  // own machines only (not in `OfetchAdapterOptions`).
  const [hold, heldSent, heldScrubberOf] = heldSecrets();
  (options as { onHold?: (add: typeof hold) => void }).onHold?.(hold);
  const scrubberOf = ({ secrets, own }: Call, token?: string, ok?: boolean) =>
    heldScrubberOf(secrets, own, token, ok);

  async function send(call: Call): Promise<unknown> {
    const { method, options: requestOptions } = call;
    let failures = 0;
    let refreshed = false;
    // The token a 401 answered, while the request waits to go again after a refresh (the 401
    // itself stays in `error`).
    let refusedWith: string | undefined;
    let error: unknown;
    for (;;) {
      if (requestOptions.signal?.aborted) throw new AbortedError(method, call.shownPath());
      // One attempt: the token read and the exchange under one guard (one timer), disposed before
      // anything else is waited for.
      const guard = attemptSignal(requestOptions.signal, timeout);
      let token: string | undefined;
      try {
        token = await readToken(call, guard);
        // Sent again only with a token of the login it was refused with: with none (signed out
        // meanwhile) or another login's (a logout and a new login, in another tab), the 401 stands.
        // Refused with none (sent without, or the getter's refusal: `readToken`), a token read since
        // is of a login it was not made for: with `sameLogin` given (an adapter of many logins), the
        // 401 stands; without, it goes (one login: a refresh may have given the first token).
        if (
          refreshed &&
          token !== refusedWith &&
          (!token || (refusedWith ? sameLogin?.(refusedWith, token) === false : sameLogin))
        )
          throw error;
        return await exchange(call, token, guard);
      } catch (failure) {
        error = failure;
      } finally {
        guard?.dispose();
      }
      // Brand and code, never instanceof: the error may come from another copy of pam-client.
      if (isPamError(error) && error.code === 'unauthorized' && !refreshed) {
        refreshed = true;
        refusedWith = token;
        if (await recoverFrom401(call, token)) continue;
        throw error;
      }
      // Only GETs: a POST that timed out may have been applied, so repeating it could apply it twice.
      const wait = method === 'GET' && failures < retries ? retryDelay(error, failures) : undefined;
      if (wait === undefined) throw error;
      failures++;
      if ((await sleep(wait, requestOptions.signal)) === ABORTED)
        throw new AbortedError(method, call.shownPath());
    }
  }

  async function request<T>(
    method: Method,
    path: string,
    body: unknown,
    requestOptions?: RequestOptions | null,
  ): Promise<T> {
    // A path that is no string (null, a number, a `URL`, a `String` object, a Proxy): a caller's
    // slip, refused before anything reads it (nothing sent; a `String` object would be).
    if (typeof path !== 'string')
      throw new RequestValidationError(method, [
        { path: [], code: 'invalid_url', message: 'the path must be a string' },
      ]);
    const secrets = secretValuesOf(body).concat(secretValuesOfQuery(path));
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (CREDENTIAL_HEADER.test(name) && typeof value === 'string') secrets.push(value);
    }
    heldSent(secrets);
    // One scrubber for the call's own secrets: its path, then its answers.
    let scrubber: Scrubber | undefined;
    const own = () => (scrubber ??= createScrubber(secrets, true));
    // A path segment could hold a secret of the body (`/verify/<code>`): errors show it scrubbed,
    // made when an error needs it (a login's path would build its password's byte forms), its
    // query cut then too.
    const pathShown = () => own().text(stripQuery(path));
    const operation = () => `${method} ${pathShown()}`;
    const refuse = (code: string, message: string) =>
      new RequestValidationError(operation(), [{ path: [], code, message }]);
    // A caller's option whose reading throws (a Proxy, a getter: its `signal` is read again at every
    // attempt) is refused, its error and message dropped (REVIEW-O O-1).
    try {
      const opts = requestOptions ?? {};
      checkRequestOptions(operation, opts);
      // A download's link may be signed (a bucket's pre-signed one): its unguessable query values
      // (signature, credential) are the call's secrets too, held for no other answer (a listing
      // answers the same link: REVIEW-L 5).
      if (opts.responseType === 'blob')
        for (const [, v] of new URLSearchParams(path.split(/[?#]/)[1]))
          if (UNGUESSABLE.test(v)) secrets.push(v);
      const target = targetOf(baseURL, path, opts.responseType === 'blob');
      // Nothing is sent where the path would leave baseURL (issue 27.2).
      if (!target) throw refuse('invalid_url', 'the path must stay under baseURL');
      let json: string | undefined;
      try {
        json = body === undefined ? undefined : JSON.stringify(body, asJSON);
      } catch {
        // BigInt, a cycle, or a value JSON would not carry as given (`asJSON`): a caller bug,
        // reported without the value.
        throw refuse('not_serializable', 'body is not JSON-serializable');
      }
      const call: Call = {
        method,
        shownPath: pathShown,
        ...target,
        json,
        options: opts,
        secrets,
        own,
      };
      return (await send(call)) as T;
    } catch (e) {
      throw isPamError(e) ? e : refuse('unreadable', 'could not be read');
    }
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
function lowLevelCause(error: unknown, scrub: Scrubber): Error | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code, syscall } = e as { code?: unknown; syscall?: unknown };
    if (typeof code === 'string') {
      // Node system errors are built from syscall, code and address only; other messages may quote input.
      const cause = new Error(scrub.text(typeof syscall === 'string' ? e.message : code)) as Error & {
        code: string;
      };
      cause.code = code;
      return cause;
    }
  }
  return undefined;
}
