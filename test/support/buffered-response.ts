// A response whose body has already arrived: a test that waits for the request's promise then
// also has the body, so nothing is left to read on a later, unknown turn of the event loop.

const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * Reads `response`'s whole body and returns an equivalent response holding it (status, headers,
 * `url` and `redirected` kept).
 *
 * @example
 * const response = await bufferedResponse(await fetch(url));
 */
export async function bufferedResponse(response: Response): Promise<Response> {
  const body = await response.arrayBuffer();
  const { status, statusText, headers } = response;
  const copy = new Response(NULL_BODY.has(status) || body.byteLength === 0 ? null : body, {
    status,
    statusText,
    headers,
  });
  Object.defineProperty(copy, 'url', { value: response.url });
  Object.defineProperty(copy, 'redirected', { value: response.redirected });
  return copy;
}
