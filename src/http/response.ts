import { HttpError, type HttpErrorInit, ResponseValidationError, UnauthorizedError } from './errors';
import { parseRetryAfter } from './retry-after';

/** Non-JSON error bodies (HTML error pages, proxies) are kept for debugging, but not whole. */
const MAX_TEXT_BODY = 2048;

/** What the adapter needs of an answer: ofetch's `FetchResponse` with the body read as text. */
export interface TextResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly _data?: string;
}

/**
 * The value of a 2xx answer, or the `HttpError` for any other. `operation` is `'<METHOD> <path>'`
 * with the query stripped.
 */
export function readResponse(response: TextResponse, method: string, path: string): unknown {
  const text = response._data ?? '';
  if (response.status >= 200 && response.status < 300) {
    if (text.trim() === '') return undefined;
    const parsed = parseJSON(text);
    if (parsed === NOT_JSON) {
      throw new ResponseValidationError(`${method} ${path}`, [
        { path: [], code: 'invalid_json', message: 'body is not valid JSON' },
      ]);
    }
    return parsed;
  }
  const init: HttpErrorInit = {
    status: response.status,
    method,
    path,
    body: errorBody(text),
    retryAfter: parseRetryAfter(response.headers.get('retry-after')),
  };
  throw response.status === 401 ? new UnauthorizedError(init) : new HttpError(init);
}

function errorBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  const parsed = parseJSON(text);
  return parsed !== NOT_JSON ? parsed : text.slice(0, MAX_TEXT_BODY);
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
