// The answers the proxy builds: JSON with `Cache-Control: no-store`, the API's passed-back
// headers, and the call's one `Set-Cookie`. Every JSON body is scrubbed of the call's tokens.

import type { CallSession } from './context';
import { scrubTokens } from './strip';

export async function answer(
  call: CallSession | null,
  status: number,
  body: unknown,
  headers: Headers = new Headers(),
): Promise<Response> {
  headers.set('cache-control', 'no-store');
  const line = call ? await call.cookieLine() : null;
  if (line) headers.append('set-cookie', line);
  if (body === undefined || status === 204 || status === 304) {
    headers.delete('content-type');
    return new Response(null, { status, headers });
  }
  if (body instanceof ReadableStream) return new Response(body, { status, headers });
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(scrubTokens(body, call?.tokens() ?? [])), { status, headers });
}

/** `{ message }` answers for refusals and for what the proxy says itself. */
export const message = (call: CallSession | null, status: number, text: string, headers?: Headers) =>
  answer(call, status, { message: text }, headers);
