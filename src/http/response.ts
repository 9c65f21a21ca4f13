import { httpErrorFor } from '../errors/http';
import { attachScrubber, type Scrubber } from '../errors/scrub';
import { ResponseValidationError } from '../errors/validation';
import { parseRetryAfter } from './waiting';

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
 * The value of a 2xx answer (its body read as `text`), or the `HttpError` for any other. `path` is
 * the path as errors show it (query stripped). `scrub` removes every secret the request sent from whatever an error is
 * built from (body, message, field errors) and from a 2xx value (but its credential fields),
 * which carries it along for `parseResponse`.
 */
export function readResponse(
  response: AnswerHead,
  text = '',
  method: string,
  path: string,
  scrub: Scrubber,
): unknown {
  if (response.status >= 200 && response.status < 300) {
    if (text.trim() === '') return undefined;
    const parsed = parseJSON(text);
    if (parsed === NOT_JSON) {
      throw new ResponseValidationError(`${method} ${path}`, [
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
    path,
    body: errorBody(text, scrub),
    retryAfter: parseRetryAfter(response.headers.get('retry-after')),
  });
}

/** The error body, scrubbed: parsed JSON walked key by key, or text scrubbed before it is cut. */
function errorBody(text: string, scrub: Scrubber): unknown {
  if (text.trim() === '') return undefined;
  const parsed = parseJSON(text);
  return parsed !== NOT_JSON ? scrub.deep(parsed) : scrub.text(text).slice(0, MAX_TEXT_BODY);
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
