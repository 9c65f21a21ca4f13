// Response builders and the failures a handler throws. Spec section 7 is silent on errors; the
// bodies follow the Laravel conventions the platform's messages suggest (`message` + `errors`).

/** A failure a handler throws; the route wrapper turns it into a response. */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
    this.name = 'HttpFailure';
  }
}

/** Statuses whose responses must not carry a body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  if (NULL_BODY.has(status)) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export const noContent = (): Response => new Response(null, { status: 204 });

/** The answer to the mutations whose response the spec does not show. */
export const success = (message: string, extra: Record<string, unknown> = {}): Response =>
  json(200, { success: true, message, ...extra });

export const notFound = (): HttpFailure => new HttpFailure(404, { message: 'Not found.' });

export const unauthenticated = (): HttpFailure => new HttpFailure(401, { message: 'Unauthenticated.' });

export const forbidden = (): HttpFailure => new HttpFailure(403, { message: 'This action is unauthorized.' });

export const invalid = (errors: Record<string, string[]>): HttpFailure =>
  new HttpFailure(422, { message: 'The given data was invalid.', errors });

export const malformedJson = (): HttpFailure =>
  new HttpFailure(400, { message: 'The request body is not valid JSON.' });

/** A failure as a response; anything else is a bug in the server and answers a plain 500. */
export function failureResponse(error: unknown): Response {
  if (error instanceof HttpFailure) return json(error.status, error.body, error.headers);
  return json(500, { message: 'Server Error.' });
}
