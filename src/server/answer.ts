// The answers the proxy builds: JSON with `Cache-Control: no-store`, the API's passed-back
// headers, and the call's one `Set-Cookie`. Every JSON body is scrubbed of the call's tokens.

import { createScrubber } from '../errors/scrub';
import type { CallSession } from './context';
import { scrubTokens } from './strip';
import { isAnswerStatus } from './upstream';

/** What the browser gets when the API could not be reached, or answered no status of HTTP's. */
export const UNREACHABLE = 'The service could not be reached.';

/**
 * What goes out instead of a body that cannot be scrubbed (`ScrubFailure`, or any other throw of
 * the scrubber): fixed, with no value of the answer. The browser client throws it as the core's
 * `ResponseValidationError`.
 */
export const UNSCRUBBABLE = {
  message: "The service's answer could not be passed on.",
  pam: 'invalid_response',
  issues: [{ path: [], code: 'custom', message: 'the answer could not be freed of the session token' }],
};

/**
 * What goes out instead of an API answer of 3xx: the API never redirects (a hostile or misconfigured
 * answer), so nothing of it is passed on, Location included (REVIEW-P L1). Thrown by the browser
 * client as `ResponseValidationError`.
 */
const REDIRECTED = {
  ...UNSCRUBBABLE,
  issues: [{ ...UNSCRUBBABLE.issues[0], message: 'the service answered a redirect' }],
};

/**
 * `body` as the JSON text the browser may see (`scrubTokens`; then every echo of what the browser
 * sent, `sent`, scrubbed by the core's own rule for an answer of that status: `Scrubber.deep`), or
 * null when it cannot be made so.
 */
function scrubbedText(body: unknown, call: CallSession | null, sent: string[], data: boolean): string | null {
  try {
    const scrubbed = scrubTokens(body, call?.tokens() ?? [], undefined, call?.dropped);
    return JSON.stringify(createScrubber(sent, true).deep(scrubbed, undefined, data));
  } catch {
    return null; // ScrubFailure, a throwing getter, a cycle: nothing of it goes out
  }
}

/**
 * The answer to the browser: `body` scrubbed of the call's secrets (`scrubTokens`; a stream is the
 * report file, scanned by `withoutTokens`). In a call that read a token it could not hunt
 * (`CallSession.unholdable`), no body made of the API's data goes out: the fixed 502; `own` marks
 * a body the proxy wrote itself (a refusal, a message, the seed it built), which holds no such data.
 * The `Set-Cookie` is decided first (`CallSession.cookieLine`: every token it seals, and every
 * successor of the session another call's refresh produced meanwhile, is then hunted), the body
 * cleaned with those tokens, and the line set only on the answer that went out clean: a login
 * begun in this call (`CallSession.begin`) is sealed only into the answer it was begun for, `body`
 * itself as given; an answer that replaces it (the fixed 502) abandons it (`CallSession.abandon`):
 * no live cookie is ever set behind a failure.
 */
export async function answer(
  call: CallSession | null,
  status: number,
  body: unknown,
  headers: Headers = new Headers(),
  own = false,
): Promise<Response> {
  headers.set('cache-control', 'no-store');
  headers.set('x-content-type-options', 'nosniff'); // never read as a script or a page (review 120)
  // A status no Response can carry (`callApi` refuses such answers already): the fixed 502.
  if (!isAnswerStatus(status)) return failed(call, 502, { message: UNREACHABLE }, new Headers());
  if (status < 400 && status >= 300) return failed(call, 502, REDIRECTED, headers);
  if (call?.unholdable && !own && body !== undefined) return failed(call, 502, UNSCRUBBABLE, headers);
  const line = call ? await call.cookieLine() : null; // before scrubbing: it learns the tokens it seals
  const withLine = () => {
    if (line) headers.append('set-cookie', line);
    return headers;
  };
  // The statuses whose Response has no body (204, 205, 304: `new Response` refuses one).
  if (body === undefined || status === 204 || status === 205 || status === 304) {
    headers.delete('content-type');
    return new Response(null, { status, headers: withLine() });
  }
  // A stream (the report file) reads the call's tokens at its first pull, after this.
  if (body instanceof ReadableStream) return new Response(body, { status, headers: withLine() });
  const text = scrubbedText(body, call, call?.sent ?? [], status < 300);
  if (text === null) return failed(call, 502, UNSCRUBBABLE, headers);
  headers.set('content-type', 'application/json');
  return new Response(text, { status, headers: withLine() });
}

/**
 * An answer the proxy writes instead of the one asked for: a login begun in the call is abandoned
 * (no cookie of it), and the body is the proxy's own (fixed: nothing of the API's data in it).
 */
export async function failed(
  call: CallSession | null,
  status: number,
  body: object,
  headers: Headers = new Headers(),
): Promise<Response> {
  call?.abandon();
  headers.set('cache-control', 'no-store');
  headers.set('x-content-type-options', 'nosniff'); // never read as a script or a page (review 120)
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(body), { status, headers: await withCookie(call, headers) });
}

/** `headers` with the call's one `Set-Cookie` (the newest session, cleared, or none). */
async function withCookie(call: CallSession | null, headers: Headers): Promise<Headers> {
  const line = call ? await call.cookieLine() : null;
  if (line) headers.append('set-cookie', line);
  return headers;
}

/** `{ message }` answers for refusals and for what the proxy says itself. */
export const message = (call: CallSession | null, status: number, text: string, headers?: Headers) =>
  answer(call, status, { message: text }, headers, true);
