// The checks a call passes before anything is forwarded: a clean path under the prefix, the
// same origin for state-changing calls, a JSON body within the limit.

/**
 * A refusal: the status and message the browser gets (nothing is forwarded); `close` when the
 * request's body was left unread (answered `Connection: close`: the host ends the upload with the
 * connection, AL-1).
 */
export class Refusal {
  constructor(
    readonly status: number,
    readonly message: string,
    readonly close = false,
  ) {}

  /** The answer's headers: `Connection: close` for a body left unread. */
  headers(): Headers | undefined {
    return this.close ? new Headers({ connection: 'close' }) : undefined;
  }
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;

/**
 * The segments of `pathname` under `prefix`: undefined when not under it (not ours), a Refusal
 * when under it but unclean (`%2e`, `%2f`, `%5c`, any other escape, `\`, an empty segment).
 */
export function segmentsUnder(pathname: string, prefix: string): string[] | Refusal | undefined {
  if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return undefined;
  const rest = pathname.slice(prefix.length);
  if (rest === '' || rest === '/') return new Refusal(404, 'Not found.');
  const segments = rest.slice(1).split('/');
  // Service paths are letters, digits, `-` and `_`: anything else (an escape, a dot, a
  // backslash, an empty segment from `//`) is refused, never decoded.
  if (!segments.every((s) => SEGMENT.test(s))) return new Refusal(404, 'Not found.');
  return segments;
}

const SAFE = new Set(['GET', 'HEAD']);

/**
 * Whether `request` names an `Origin` that is not the app's: the `allowed` origins (the `origin`
 * option), by default the request URL's own; `Origin: null` (a sandboxed frame, a redirect from
 * elsewhere) is never the app's. No `Origin` header is not foreign.
 */
function foreignOrigin(request: Request, allowed: readonly string[] | undefined): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  const origins = allowed ?? [new URL(request.url).origin];
  return !origins.includes(origin);
}

/**
 * Whether `request` comes from another site (a sibling subdomain included: `same-site`), whatever
 * it asks for (an `<img>`, an iframe, a top-level navigation): `Sec-Fetch-Site` present and neither
 * `same-origin` (the app's own) nor `none` (typed by the player, a bookmark), or an `Origin` present
 * and not one of `allowed` (as `checkOrigin` judges it: a browser without `Sec-Fetch-Site` that
 * says where it comes from, review 132). A browser sending neither is not told apart (docs/server.md).
 */
export function fromElsewhere(request: Request, allowed: readonly string[] | undefined): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') return true;
  return foreignOrigin(request, allowed);
}

/** Whether a state-changing call comes from the app's own origin (docs/server.md). */
export function checkOrigin(request: Request, allowed: readonly string[] | undefined): Refusal | null {
  if (SAFE.has(request.method)) {
    // A read from another site (a sibling subdomain's `<img>` included: `same-site`, or an `Origin`
    // not the app's) cannot see the answer, but it would refresh the token and seal the idle clock
    // again: refused. The app's own reads say `same-origin`, one the player typed `none`; a browser
    // sending neither header passes.
    return fromElsewhere(request, allowed) ? new Refusal(403, 'Cross-site call refused.') : null;
  }
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return new Refusal(403, 'Cross-site call refused.');
  if (foreignOrigin(request, allowed)) return new Refusal(403, 'Cross-site call refused.');
  const proven =
    request.headers.get('origin') !== null ||
    site === 'same-origin' ||
    request.headers.get('x-pam-client') === '1';
  return proven
    ? null
    : new Refusal(403, 'Same-origin proof missing (Origin, Sec-Fetch-Site or X-Pam-Client).');
}

/** A body still arriving at its deadline (`readBytes`). */
const STALLED = 'The body did not arrive in time.';

/**
 * The body's bytes, up to `limit` (a Refusal past it), or a Refusal when it cannot be read: the
 * browser went away mid-upload, the stream was already read or errored (its error, whatever it
 * says, is never passed on, and `handle` never rejects with it), or it is still arriving
 * `deadlineMs` after the read began (one deadline for the whole body, not per chunk: a client
 * that stalls, or trickles a byte at a time, is answered 408: review 9).
 *
 * A body refused unfinished (413, 408) is let go of, never cancelled (AL-1): a host's stream that
 * pushes the client's next chunk into a cancelled stream throws from its data listener, an
 * uncaught exception (h3 1's `toWebRequest`, Node 20's `Readable.toWeb`). The refusal answers
 * `Connection: close` instead: the host ends the upload with the connection, so nothing the
 * client sends is kept waiting or read.
 */
async function readBytes(
  body: ReadableStream<Uint8Array>,
  limit: number,
  deadlineMs: number,
): Promise<Uint8Array[] | Refusal> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), deadlineMs);
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  // The read pending at the deadline is rejected by the release (a runtime of the older streams
  // spec throws instead: the reader is then left as it is, still never cancelled).
  const letGo = () => {
    try {
      reader?.releaseLock();
    } catch {}
  };
  try {
    reader = body.getReader();
    for (;;) {
      const next = await Promise.race([reader.read(), expired]);
      if (next === 'expired') {
        letGo();
        return new Refusal(408, STALLED, true);
      }
      const { done, value } = next;
      if (done) return chunks;
      size += value.byteLength;
      if (size > limit) {
        letGo();
        return new Refusal(413, `Body larger than ${limit} bytes.`, true);
      }
      chunks.push(value);
    }
  } catch {
    letGo(); // an errored stream (the browser went away): nothing more to stop
    return new Refusal(400, 'The body could not be read.');
  } finally {
    clearTimeout(timer);
  }
}

/** How deep a body's arrays and objects may nest: the service's shapes go 4 deep at most. */
const MAX_BODY_DEPTH = 32;

/** Whether JSON `text` nests its arrays and objects deeper than `MAX_BODY_DEPTH` (strings skipped). */
function tooDeep(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // a string: to its closing quote, escapes skipped
      for (i++; text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 91 || c === 123) {
      if (++depth > MAX_BODY_DEPTH) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/**
 * The request's JSON body as text ('' for none), or a Refusal (too large, unreadable, still
 * arriving after `deadlineMs`, not JSON, nested deeper than `MAX_BODY_DEPTH`: review 43, a body
 * 7,000 deep made the proxy's walks throw). `json: false` (a logout, which reads no body: a plain
 * form posts one) reads it within the same bounds whatever its type, and answers ''.
 */
export async function readBody(
  request: Request,
  limit: number,
  deadlineMs: number,
  json = true,
): Promise<string | Refusal> {
  if (request.body === null) return '';
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit)
    return new Refusal(413, `Body larger than ${limit} bytes.`, true); // unread: the connection ends
  const chunks = await readBytes(request.body, limit, deadlineMs);
  if (chunks instanceof Refusal) return chunks;
  const size = chunks.reduce((n, c) => n + c.byteLength, 0);
  if (size === 0 || !json) return '';
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json')
    return new Refusal(415, 'Bodies are JSON (Content-Type: application/json).');
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  const text = new TextDecoder().decode(bytes);
  try {
    JSON.parse(text);
  } catch {
    return new Refusal(400, 'The body is not JSON.');
  }
  return tooDeep(text) ? new Refusal(400, `The body is nested deeper than ${MAX_BODY_DEPTH} levels.`) : text;
}
