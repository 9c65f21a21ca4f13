// The oracle of readResponse before the SZADAPT cuts (889bdce), copied as it was (imports aside):
// reading an answer (a 2xx value scrubbed of the request's secrets, or the `HttpError` for any
// other status). The rest of the module (the adapter's settings, the request's checks and target,
// readBody) is left out: no test of the cuts reads it, and src/http/exchange.ts holds it.
import { httpErrorFor } from '../../src/errors/base';
import { ResponseValidationError } from '../../src/errors/validation';
import { parseHttpDate, parseRetryAfter } from '../../src/http/waiting';
import { REDACTED } from '../../src/secrets/secret';
import { attachScrubber, type Scrubber } from './scrub';

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
  text: string | undefined,
  method: string,
  path: string | (() => string),
  scrub: Scrubber,
  cap?: number,
): unknown {
  const shown = () => (typeof path === 'string' ? path : path());
  if (response.status >= 200 && response.status < 300) {
    if (text === undefined)
      throw new ResponseValidationError(`${method} ${shown()}`, [
        { path: [], code: 'too_large', message: `body is over ${cap} bytes` },
      ]);
    if (text.trim() === '') return undefined;
    const parsed = parseJSON(text);
    if (parsed === NOT_JSON) {
      throw new ResponseValidationError(`${method} ${shown()}`, [
        { path: [], code: 'invalid_json', message: 'body is not valid JSON' },
      ]);
    }
    // The answer is the app's data, but not a place for what the request sent: a server that
    // echoes the password or the captcha token into a `message` must not hand it to the app (it
    // would reach views, snapshots and logs). Credential fields (`token`, `access_token`, …) are
    // kept as they are: a refresh may legitimately answer with the token it was sent; a password
    // field is not (an echo under the key `password` is still an echo).
    // One scan decides whether to walk (a token answered under its own key does not count); a
    // walk builds no expression for a token under its own key.
    const value = scrub.mayHold(text, TOKEN_KEYS) ? scrub.deep(parsed, TOKEN_KEYS, true) : parsed;
    attachScrubber(value, scrub);
    return value;
  }
  throw httpErrorFor({
    status: response.status,
    method,
    path: shown(),
    body: errorBody(text, scrub),
    // A date to wait until counts from the answer's own `Date` (the server's clock, RFC 9110
    // 10.2.3), the device's only when it sent none that reads.
    retryAfter: parseRetryAfter(
      response.headers.get('retry-after'),
      parseHttpDate(response.headers.get('date')) ?? Date.now(),
    ),
  });
}

/**
 * A credential key (`TOKEN_KEYS`, any case: each ends in `token`), then `=` or `:` (quotes, escaped
 * or not, around them), then its value (`$2`): how a text writes a token (`access_token=…&`,
 * `token: …`, a JSON body cut short, one quoted inside a string).
 */
const CREDENTIAL = /(token[\\"']*\s*[=:]\s*[\\"']*)([\w.~+/=%-]+)/gi;

/**
 * The error body, scrubbed: parsed JSON walked key by key, or text scrubbed before it is cut.
 * A token it grants (a value after a credential key, of 16 characters or more) is hidden wherever
 * the body repeats it, and any value after a credential key in its text or its strings.
 */
function errorBody(text = '', scrub: Scrubber): unknown {
  if (text.trim() === '') return undefined;
  const parsed = parseJSON(text);
  const granted = [...text.matchAll(CREDENTIAL)].map((m) => m[2]!).filter((v) => v[15]);
  const hide = (t: string) =>
    granted.reduce((u, v) => u.replaceAll(v, REDACTED), t).replace(CREDENTIAL, `$1${REDACTED}`);
  if (parsed === NOT_JSON) return hide(scrub.text(text)).slice(0, MAX_TEXT_BODY);
  const body = tokensHidden(scrub.deep(parsed), hide);
  // A step-up's code word is the server's own (`password_check_required`), never an echo: a
  // password that is part of it (`password`, `check`) must not hide the step-up it asks for.
  const code = typeof parsed === 'object' && parsed && Object.getOwnPropertyDescriptor(parsed, 'code')?.value;
  if (body !== parsed && /^password_check_(required|invalid)$/.test(code))
    (body as { code: string }).code = code;
  return body;
}

/**
 * `v` with every credential field's value (`TOKEN_KEYS`) hidden at any depth, and each string
 * through `hide`, copying only what changed: an error is never where the app gets a token from,
 * and one granted in an error (a login refused with an `access_token`) is live at the API. (`deep`
 * cut `v` at 64 levels.)
 */
function tokensHidden(v: unknown, hide: (t: string) => string): unknown {
  if (typeof v === 'string') return hide(v);
  if (typeof v !== 'object' || v === null) return v;
  let changed = false;
  const next = Object.keys(v).map((k) => {
    const c = (v as Record<string, unknown>)[k];
    const w = TOKEN_KEYS.has(k) && c != null ? REDACTED : tokensHidden(c, hide);
    if (w !== c) changed = true;
    return [k, w] as const;
  });
  if (!changed) return v;
  if (Array.isArray(v)) return next.map(([, w]) => w);
  // fromEntries defines own keys (never assigns): a JSON-parsed own `__proto__` key stays a plain key.
  const out = Object.fromEntries(next);
  return Object.getPrototypeOf(v) === null ? Object.setPrototypeOf(out, null) : out;
}

/** What `parseJSON` answers for text that is not JSON (no JSON value is this object). */
const NOT_JSON = {};

function parseJSON(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}
