// One exchange's two ends, around ofetch: building the request (the adapter's settings, checked
// once; the request options a caller passes, checked per call; where a path goes under baseURL and
// whether the token goes with it; which redirects are followed), and reading the answer (a 2xx
// value scrubbed of the request's secrets, or the `HttpError` for any other status).
import { httpErrorFor } from '../errors/base';
import { ConfigurationError } from '../errors/config';
import { attachScrubber, rebuilt, type Scrubber } from '../errors/scrub';
import { RequestValidationError, ResponseValidationError } from '../errors/validation';
import { isHeaderSafeToken } from '../schemas/common';
import { REDACTED } from '../secrets/secret';
import { ambiguityOf } from './json-ambiguity';
import { isAbsoluteURL, pageURL } from './page';
import { DEFAULT_TIMEOUT_MS } from './timeout-default';
import type { OfetchAdapterOptions, RequestOptions } from './types';
import { MAX_TIMER_MS, parseHttpDate, parseRetryAfter } from './waiting';

/** The adapter's options, checked once when it is created. */
export interface Settings {
  baseURL: string;
  tokenType: string;
  /** Milliseconds, at most `MAX_TIMER_MS`, or `Infinity` for no timeout. */
  timeout: number;
  retries: number;
  /**
   * The largest body read, in bytes (`Infinity`: no cap): a JSON (or error) answer's, and a
   * download's file's (a 2xx answer to `responseType: 'blob'`).
   */
  caps: [json: number, file: number];
}

/** `options[name]` (`fallback` when absent), or a `ConfigurationError` unless a positive number. */
function positive(
  options: OfetchAdapterOptions,
  name: 'timeout' | 'maxResponseBytes' | 'maxDownloadBytes',
  fallback: number,
): number {
  // Only an absent option takes the default: `null` is refused like any other wrong value.
  const value = options[name] === undefined ? fallback : options[name];
  if (typeof value !== 'number' || !(value > 0))
    throw new ConfigurationError(`${name} must be a positive number (Infinity: none)`);
  return value;
}

/** A relative request URL made absolute against the page, when there is one (Node's fetch needs it). */
export function absoluteURL(url: string): string {
  // The page first: without one (Node, a worker) the URL goes as it is, no pattern run (~5 µs cold).
  const page = pageURL();
  return page === undefined || isAbsoluteURL(url) ? url : new URL(url, page).href;
}

// Request options.

/**
 * Refuses, before anything is sent, request options a caller got wrong: a `signal` that is not an
 * `AbortSignal` (duck-typed, so one of another realm passes; `null` means none, as in `fetch`), an
 * `accessToken` that is not a non-empty string (a string that cannot be a header value stays a
 * `StorageError`). Only a missing option takes its default; a wrong one is never read as absent
 * (a logout with `accessToken: null` would otherwise go out without the token it was meant to revoke).
 */
export function checkRequestOptions(operation: () => string, options: RequestOptions): void {
  const { signal, accessToken } = options;
  const bad =
    signal != null && typeof (signal as Partial<AbortSignal>).addEventListener !== 'function'
      ? 'signal'
      : accessToken !== undefined && (typeof accessToken !== 'string' || !accessToken)
        ? 'accessToken'
        : undefined;
  if (bad)
    throw new RequestValidationError(operation(), [
      { path: [bad], code: 'invalid_type', message: 'invalid' },
    ]);
}

// Where a path goes.

/**
 * In a path (before its query): two slashes at the start (another host), a backslash (read as
 * `/`), an encoded slash or backslash (`%2F`, `%5C`, encoded once or more), or a dot segment with
 * a parameter (`..;/`, Tomcat's). Never a path under the base; refused rather than guessed.
 */
const AMBIGUOUS = /^\/\/|\\|%(?:25)*(?:2f|5c)|(?:^|\/)(?:\.|%2e){1,2};/i;

/** A C0 control or DEL: the URL parser strips tabs and newlines after any check, so refused outright. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Where a request goes, and what it may carry. */
export interface Target {
  url: string;
  /** Under baseURL (its origin and path, `isUnder`): the token and credential headers go with it. */
  sameOrigin: boolean;
}

/**
 * Where `path` goes: joined under `baseURL` with exactly one slash between them, nothing else
 * touched (the spec writes paths with their query strings); `undefined` when it would resolve
 * anywhere else (another host, or above baseURL's path: `//host/x`, `/\host/x`, `%2F%2Fhost`,
 * `/../x`, `/%2e%2e/x`, an absolute URL) or when it holds a control character (tab, CR, LF). A `download` may be an absolute
 * `http(s)://host…` URL that parses, with no backslash or user information, taken as is; the token
 * goes with it only under baseURL (review 141: another service on the API's host got it).
 *
 * @example
 * targetOf('https://x.test/api', '/users', false)?.url; // 'https://x.test/api/users'
 * targetOf('https://x.test/api', '//evil.test/x', false); // undefined
 */
export function targetOf(baseURL: string, path: string, download: boolean): Target | undefined {
  if (CONTROL.test(path)) return undefined;
  if (isAbsoluteURL(path)) {
    // Only `http(s)://host…` that parses: never `http:/x` or `http:x` (the page's host to a parser,
    // host `x` to another), a backslash, no host, a bad port, nor user information (fetch refuses it).
    const to = download && /^https?:\/\/[^/?#@\\]+([/?#][^\\]*)?$/i.test(path) ? parse(path) : undefined;
    // (As a redirect hop is judged, `hopUnder`: an encoded slash leaves it for a front end, review 142.)
    return to && { url: path, sameOrigin: hopUnder(baseURL, path) };
  }
  const bare = stripQuery(path);
  if (AMBIGUOUS.test(bare)) return undefined;
  const url = path ? `${baseURL.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : baseURL;
  // Only a dot segment (`..`, `%2e%2e`) can take a path joined after a slash above baseURL's path
  // (a query or fragment of baseURL takes it in whole): without a dot or `%`, nothing to resolve.
  return !/[.%]/.test(bare) || isUnder(baseURL, url) ? { url, sameOrigin: true } : undefined;
}

/**
 * Whether `url` resolves under `baseURL`: the same scheme and host, and a path that is baseURL's
 * path or below it (after dot segments, encoded or not, are resolved as fetch resolves them).
 */
export function isUnder(baseURL: string, url: string): boolean {
  const base = parse(baseURL);
  const to = parse(url);
  const prefix = base?.pathname.replace(/\/*$/, '/');
  return !!to && root(to) === root(base) && (to.pathname.startsWith(prefix!) || `${to.pathname}/` === prefix);
}

/**
 * Whether a redirect hop (`next`, absolute) of a call on `baseURL` goes where the call's own path
 * could: under baseURL (`isUnder`), and no path a front end may read otherwise (`AMBIGUOUS`: an
 * encoded slash the URL parser keeps in one segment, `/api/..%2F..%2Fx`; review 109).
 */
export const hopUnder = (baseURL: string, next: string): boolean =>
  isUnder(baseURL, next) && !AMBIGUOUS.test(new URL(next).pathname);

/** `url` resolved against the page (or, with none, a placeholder origin no URL shares); undefined if invalid. */
function parse(url: string): URL | undefined {
  try {
    return new URL(url, pageURL() ?? 'http://x.invalid');
  } catch {
    return undefined;
  }
}

/** Scheme and host: what must match for the token to go (a relative base without a page has none). */
const root = (u: URL | undefined) => u && u.protocol + u.host;

/**
 * The path as errors show it: no query string or fragment (a query may carry an id or a code), and
 * an absolute URL without its user information (`http://user:PASS@host`: REVIEW-L 8).
 */
export function stripQuery(path: string): string {
  return path.split(/[?#]/, 1)[0]!.replace(/^([a-z][a-z\d+.-]*:\/\/)[^/]*@/i, '$1');
}

// Redirects.

/** Statuses that carry a `Location` to follow: 301, 302, 303, 307, 308 (a pattern: smaller than a Set). */
const REDIRECT = /^30[12378]$/;

/**
 * Where to go next after `response`, or `undefined` to stop there (the caller then reports a
 * 3xx as an `HttpError`). Only a GET is followed (it has no body to re-send), and only to the
 * same origin as `url` (the token and headers go nowhere else). A browser's `redirect: 'manual'`
 * answer is opaque (status 0, no `Location`): it is never followed.
 *
 * @example
 * redirectTarget('GET', 'https://a.test/x', response302ToSlashY); // 'https://a.test/y'
 */
export function redirectTarget(
  method: string,
  url: string,
  response: { status: number; headers: Headers },
): string | undefined {
  if (method !== 'GET' || !REDIRECT.test(`${response.status}`)) return undefined;
  const location = response.headers.get('location');
  if (!location) return undefined;
  try {
    const from = new URL(url);
    const to = new URL(location, from);
    return to.origin === from.origin && to.origin !== 'null' ? to.href : undefined;
  } catch {
    return undefined;
  }
}

// Reading the answer.

// Token fields only: a refresh may legitimately answer with the token it was sent. A password,
// code or captcha token under its own key (`user.document.password`) is an echo like any other.
const TOKEN_KEYS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'access_token',
  'accessToken',
  'token',
  'refresh_token',
  'refreshToken',
]);

/** Non-JSON error bodies (HTML error pages, proxies) are kept for debugging, but not whole. */
const MAX_TEXT_BODY = 2048;

/** What the adapter needs of an answer besides its body: status and headers. */
export interface AnswerHead {
  readonly status: number;
  readonly headers: Headers;
}

/** The one UTF-8 decoder (building one costs more than decoding a short answer), never streamed. */
const utf8 = /* @__PURE__ */ new TextDecoder();

/**
 * A 2xx answer's text whose bytes are not UTF-8 (`text`: as read, U+FFFD in their place): refused
 * by `readResponse` (JSON is UTF-8, RFC 8259 8.1; review 128: a latin1 `São` read as `S\uFFFDo`
 * and saved back over the player's address).
 */
export class NotUtf8 {
  constructor(readonly text: string) {}
}

/**
 * The answer's body: a download's file (`file`) as a `Blob` typed by its `Content-Type`, any other
 * as text (UTF-8, decoded from the bytes read, no Blob between); `undefined` when it passes `cap`
 * bytes: a `Content-Length` over the cap is refused before a byte is read, and a body that grows
 * past it is cut there, its stream cancelled (the connection closes), so an endless body (or a
 * compressed one that inflates without end: its `Content-Length` is the compressed size) costs
 * at most `cap` bytes and never waits for the timeout. A fetch with no body stream (a polyfill
 * that has buffered the whole body already) is read whole. `cut` is handed what was read of a body
 * given up at the cap (a grant's call: its token is revoked).
 */
export async function readBody(
  response: Response,
  cap: number,
  file?: boolean,
  cut?: (read: string) => void,
): Promise<Blob | string | NotUtf8 | undefined> {
  const { headers } = response;
  const reader = response.body?.getReader();
  if (!reader && !file) return response.text();
  const parts: BlobPart[] = reader ? [] : [await response.blob()];
  // A declared length over the cap counts as read already (`+null` is 0, junk NaN: not over),
  // unless `cut` wants what the cap lets through (a grant's answer: its token is revoked).
  for (let size = !cut && +headers.get('content-length')! > cap ? cap + 1 : 0; reader; ) {
    if (size > cap) {
      // Awaited: a stream that errored meanwhile (the timeout, an abort) rejects, and that error wins.
      await reader.cancel();
      cut?.(await new Blob(parts).text());
      return undefined;
    }
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    parts.push(value);
  }
  // Decoded in one call, never streamed: a decoder given `stream` once leaves Node's fast UTF-8
  // path for good (a login answer 0.2 µs, not 1.5; a profile 0.4, not 2.4). Several chunks (a
  // character may span two) are joined and decoded by a Blob (the same UTF-8 decode).
  if (file) return new Blob(parts, { type: headers.get('content-type') ?? '' });
  const text = parts[1] ? await new Blob(parts).text() : utf8.decode(parts[0] as Uint8Array);
  // (Checked only where a U+FFFD shows: the server may have sent one, or bytes that are not UTF-8.)
  if (response.ok && text.includes('\uFFFD'))
    try {
      // (The bytes as read: one chunk as it is, several joined once.)
      new TextDecoder('utf-8', { fatal: true }).decode(
        parts[1] ? await new Blob(parts).arrayBuffer() : (parts[0] as Uint8Array),
      );
    } catch {
      return new NotUtf8(text);
    }
  return text;
}

/**
 * The value of a 2xx answer (its body read as `text`; `undefined` when it passed the cap, an
 * `invalid_response`), or the `HttpError` for any other (without the body when it passed the
 * cap: the status is the answer). `path` is the path as errors show it (query stripped), or what
 * makes it, called only when an error is built (a login's path scrubbed of its password builds
 * the password's byte forms: ~2 µs). `scrub`
 * removes every secret the request sent from whatever an error is built from (body, message,
 * field errors) and from a 2xx value (but its credential fields), which carries it along for
 * `parseResponse`.
 */
export function readResponse(
  response: AnswerHead,
  text: string | NotUtf8 | undefined,
  method: string,
  path: string | (() => string),
  scrub: Scrubber,
  cap?: number,
  unread?: (text: string) => void,
  tokens?: unknown,
): unknown {
  const shown = () => (typeof path === 'string' ? path : path());
  if (response.status >= 200 && response.status < 300) {
    if (text === undefined)
      throw new ResponseValidationError(`${method} ${shown()}`, [
        { path: [], code: 'too_large', message: `body is over ${cap} bytes` },
      ]);
    if (text instanceof NotUtf8) {
      unread?.(text.text);
      throw new ResponseValidationError(`${method} ${shown()}`, [
        { path: [], code: 'invalid_json', message: 'body is not UTF-8' },
      ]);
    }
    if (!text.trim()) return undefined;
    const parsed = parseJSON(text);
    // (Nor JSON that says more than it parses to: a key twice, a number no double holds.)
    const odd = parsed === NOT_JSON ? 'body is not valid JSON' : ambiguityOf(text, parsed);
    if (odd) {
      unread?.(text);
      throw new ResponseValidationError(`${method} ${shown()}`, [
        { path: [], code: 'invalid_json', message: odd },
      ]);
    }
    // The answer is the app's data, but not a place for what the request sent: a server that
    // echoes the password or the captcha token into a `message` must not hand it to the app (it
    // would reach views, snapshots and logs). Credential fields (`token`, `access_token`, …) are
    // kept as they are in the answers of the calls that say so (`tokens`: a refresh may
    // legitimately answer with the token it was sent, the profile its `user.token`); anywhere else
    // (an address, a listing, `client.http`'s own calls) an echo of a token sent is one under its
    // key too (review 93). A password field never keeps one (an echo under `password` is an echo).
    // One scan decides whether to walk (a token answered under its own key does not count); a
    // walk builds no expression for a token under its own key.
    const keep = tokens ? TOKEN_KEYS : undefined;
    const value = scrub.mayHold(text, keep) ? scrub.deep(parsed, keep, true) : parsed;
    attachScrubber(value, scrub);
    return value;
  }
  throw httpErrorFor({
    status: response.status,
    method,
    path: shown(),
    body: errorBody(text as string | undefined, scrub), // (only a 2xx is ever `NotUtf8`)
    // A date to wait until counts from the answer's own `Date` (the server's clock, RFC 9110
    // 10.2.3), the device's only when it sent none that reads.
    retryAfter: parseRetryAfter(
      response.headers.get('retry-after'),
      parseHttpDate(response.headers.get('date')) ?? Date.now(),
    ),
  });
}

/**
 * The error body, scrubbed: parsed JSON walked key by key, or text scrubbed before it is cut.
 * A token it grants (a value after a credential key, of 16 characters or more) is hidden wherever
 * the body repeats it, and any value after a credential key in its text or its strings.
 */
function errorBody(text = '', scrub: Scrubber): unknown {
  if (!text.trim()) return undefined;
  const parsed = parseJSON(text);
  const granted = [...text.matchAll(CREDENTIAL)].map((m) => m[2]!).filter((v) => v[15]);
  const hide = (t: string) =>
    granted.reduce((u, v) => u.replaceAll(v, REDACTED), t).replace(CREDENTIAL, `$1${REDACTED}`);
  if (parsed === NOT_JSON) return hide(scrub.text(text)).slice(0, MAX_TEXT_BODY);
  const body = tokensHidden(scrub.deep(parsed), hide);
  // A step-up's code word is the server's own (`password_check_required`), never an echo: a
  // password that is part of it (`password`, `check`) must not hide the step-up it asks for.
  // (`Object`: null and other non-objects have no own `code`.)
  const code = Object.getOwnPropertyDescriptor(Object(parsed), 'code')?.value;
  // (A string only: `.test` of a hostile `{"toString":null}` would throw.)
  if (body !== parsed && typeof code === 'string' && /^password_check_(required|invalid)$/.test(code))
    (body as { code: string }).code = code;
  return body;
}

/**
 * `v` with every credential field's value (`TOKEN_KEYS`) hidden at any depth, and each string
 * through `hide`, copying only what changed: an error is never where the app gets a token from,
 * and one granted in an error (a login refused with an `access_token`) is live at the API. (`deep`
 * cut `v` at 64 levels.)
 */
const tokensHidden = (v: unknown, hide: (t: string) => string): unknown =>
  typeof v === 'string'
    ? hide(v)
    : rebuilt(v, (c, k) => (TOKEN_KEYS.has(k) && c != null ? REDACTED : tokensHidden(c, hide)));

/** What `parseJSON` answers for text that is not JSON (no JSON value is this object). */
const NOT_JSON = {};

function parseJSON(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

// The adapter's options, checked once when it is created (`positive` above). This
// and `CREDENTIAL` sit last: every app row that bundles the adapter packs a few bytes smaller so
// (issue 33, measured).

/**
 * Checks and normalises the options, or throws a `ConfigurationError` saying what to change:
 * - `baseURL` must be absolute outside a browser (there is no page to resolve `/api` against);
 *   with your own `fetch`, a relative one is passed to it as is; http(s) only, no credentials in it;
 * - `headers`: names and values fetch's `Headers` accepts; function options must be functions;
 * - `timeout`: a positive number of ms; above 2^31-1 it is clamped (a timer cannot wait longer);
 *   `Infinity` means no timeout; 0, a negative number or NaN is refused;
 * - `retry`: a whole number of GET retries, capped at 10 (NaN and negatives: 0);
 * - `maxResponseBytes`, `maxDownloadBytes`: a positive number of bytes (`Infinity`: no cap);
 * - `tokenType`: a header-safe word.
 */
export function settingsOf(options: OfetchAdapterOptions): Settings {
  const baseURL = options?.baseURL;
  const absolute = isAbsoluteURL(baseURL);
  const url = absolute && parse(baseURL);
  // Not a string, blank, or an absolute URL that does not parse, of another scheme than http(s)
  // (`javascript:`, `ftp:`), or with credentials in it (`http://user:pass@host`: sent in the clear,
  // kept in logs), or with a query or fragment (every path would land in it: REVIEW-S S-9). A
  // relative one resolves against the page (none on a server: inert, or refused below).
  if (
    typeof baseURL !== 'string' ||
    !baseURL.trim() ||
    /[?#]/.test(baseURL) ||
    (absolute && (!url || !/^https?:$/.test(url.protocol) || url.username + url.password))
  )
    throw new ConfigurationError('baseURL cannot work as given');
  if (!absolute && pageURL() === undefined && !options.fetch)
    throw new ConfigurationError('baseURL must be absolute outside a browser page');
  // One check for the rest: a function option that is not one, or a header name or value fetch's
  // Headers refuses (a space, CR/LF), would fail every call as `network`.
  const tokenType = options.tokenType ?? 'Bearer';
  const retry = options.retry === undefined ? 1 : options.retry;
  let name = 'headers';
  try {
    new Headers(options.headers ?? {});
    for (name of ['onServerDate', 'onNoServerDate', 'fetch', 'onUnauthorized', 'getAccessToken', 'sameLogin'])
      if (options[name as 'fetch'] !== undefined && typeof options[name as 'fetch'] !== 'function') throw 0;
    // And the token type: a header-safe word.
    name = 'tokenType';
    if (!isHeaderSafeToken(tokenType)) throw 0;
    // And the retry count, a whole number >= 0: `'2'`, NaN, -1, 1.5 or Infinity refused as a wrong
    // `timeout` is, never read as 0 (EDGES33-1).
    name = 'retry';
    if (!Number.isInteger(retry) || retry < 0) throw 0;
  } catch {
    throw new ConfigurationError(`${name} cannot work as given`);
  }
  const timeout = positive(options, 'timeout', DEFAULT_TIMEOUT_MS);
  return {
    baseURL,
    tokenType,
    // A timer cannot wait longer than MAX_TIMER_MS; Infinity stays: no timer at all.
    timeout: timeout < Infinity ? Math.min(MAX_TIMER_MS, timeout) : timeout,
    // More GET retries than 10 only delay the answer: a larger `retry` is capped.
    retries: Math.min(10, retry),
    caps: [
      positive(options, 'maxResponseBytes', 1_048_576),
      positive(options, 'maxDownloadBytes', 33_554_432),
    ],
  };
}

/**
 * A credential key (`TOKEN_KEYS`, any case: each ends in `token`), then `=` or `:` (quotes, escaped
 * or not, around them), then its value (`$2`): how a text writes a token (`access_token=…&`,
 * `token: …`, a JSON body cut short, one quoted inside a string).
 */
const CREDENTIAL = /(token[\\"']*\s*[=:]\s*[\\"']*)([\w.~+/=%-]+)/gi;
