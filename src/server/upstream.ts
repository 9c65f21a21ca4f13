// The calls to the API: only the headers the service needs go out (never the browser's Cookie or
// Authorization), and only Date and Retry-After come back, read and written again by the proxy
// (a report file's headers are the proxy's own): no header value of the API reaches the browser.

import { ambiguityOf } from '../http/json-ambiguity';
import { GrantScan } from './grant-scan';
import { MAX_SKEW_MS, parseHttpDate, parseRetryAfter } from './http-date';
import type { PamRequestContext } from './types';

export interface UpstreamDeps {
  apiBaseURL: string;
  fetch: typeof fetch;
  timeoutMs: number;
  forwardClient: boolean;
  /** The largest JSON answer read, in bytes. Default `MAX_ANSWER_BYTES`. */
  maxAnswerBytes?: number;
  /** The largest report file passed on, in bytes. Default `MAX_FILE_BYTES`. */
  maxFileBytes?: number;
}

/** Default bound of a JSON answer of the API: 1 MiB (a profile or a page of history is a few kB). */
export const MAX_ANSWER_BYTES = 1_048_576;
/** Default bound of a report file: 32 MiB. */
export const MAX_FILE_BYTES = 33_554_432;

export interface UpstreamCall {
  method: string;
  /** A path joined to the API's base, or an absolute URL already checked to be on the API. */
  target: string;
  body?: string;
  token?: { value: string; type: string };
  request: Request;
  context?: PamRequestContext;
  /**
   * A login (its answer may grant a token): given the top-level `access_token` and `token_type`
   * of an answer the proxy gave up on (larger than `maxAnswerBytes`, read on to its end without
   * keeping it; or still coming at the deadline, read on for `LATE_MS` more after the call was
   * answered), to revoke it. Awaited for an answer too large; after the call for a late one.
   */
  grants?: (found: { access_token?: string; token_type?: string }) => Promise<void>;
}

/** An answer from the API, body read (`file` keeps it as a stream for the report download). */
export interface UpstreamAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON (undefined for an empty body, or one unreadable); `unreadable` when it was not JSON. */
  json: unknown;
  unreadable: boolean;
  /**
   * A 2xx answer read as unreadable (it says more than it parses to, `ambiguityOf`: a key twice;
   * or it is no JSON): every top-level `access_token` string its text names (`GrantScan`), each to
   * be revoked (review 110: the first of two granted was left live at the API; review 112: an
   * escaped key, a text that is no JSON).
   */
  granted?: string[];
  stream: ReadableStream<Uint8Array> | null;
}

/** The API answered nothing (network failure or timeout). */
export class UpstreamUnreachable extends Error {
  override readonly name: string = 'UpstreamUnreachable';
}

/**
 * The API's answer was larger than the proxy reads (`maxAnswerBytes`, `maxFileBytes`): reading
 * stopped (the body cancelled, the call aborted). An UpstreamUnreachable for every caller that
 * only needs "no answer"; the routes answer it with a typed 502.
 */
export class UpstreamTooLarge extends UpstreamUnreachable {
  override readonly name: string = 'UpstreamTooLarge';
}

function join(base: string, path: string): string {
  if (/^https?:/i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const V4 = new RegExp(`^(${OCTET}\\.){3}${OCTET}$`);

/** One IP address: v4 as a dotted quad, or v6 as the URL parser reads it (no zone, no brackets). */
function isAddress(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (V4.test(value)) return true;
  if (!/^[\da-f:.]*:[\da-f:.]*$/i.test(value)) return false;
  try {
    new URL(`http://[${value}]`);
    return true;
  } catch {
    return false;
  }
}

function outgoing(deps: UpstreamDeps, call: UpstreamCall): Headers {
  const headers = new Headers({ accept: 'application/json' });
  const language = call.request.headers.get('accept-language');
  if (language) headers.set('accept-language', language);
  if (call.body !== undefined && call.body !== '') headers.set('content-type', 'application/json');
  if (call.token) headers.set('authorization', `${call.token.type} ${call.token.value}`);
  if (deps.forwardClient) {
    const agent = call.request.headers.get('user-agent');
    if (agent) headers.set('user-agent', agent);
    // Only the address the app's platform saw: the browser's own X-Forwarded-For is never passed on,
    // nor a `clientAddress` that is not one IP address (a list, a word, a CR/LF: REVIEW-O O-15).
    const address = call.context?.clientAddress;
    if (isAddress(address)) headers.set('x-forwarded-for', address);
  }
  return headers;
}

/** The longest wait a `Retry-After` passed back asks for: a day (a hostile value locks no longer). */
const MAX_RETRY_AFTER_S = 86_400;

/**
 * The API's headers as the browser may see them: no value the API wrote, only values the proxy
 * writes from what it read (a header can carry the token like a body can). `Date`: an HTTP date
 * (`parseHttpDate`) within `MAX_SKEW_MS` of the app server's clock, written again as
 * `toUTCString` (a Date further off is dropped: the page's one clock would learn it, review6); `Retry-After`: delta-seconds, or an HTTP date
 * as the seconds from the API's `Date` (`now` without one), written as delta-seconds of at most a day. Anything unreadable is
 * dropped, and no other header passes (the answer's `Content-Type` is the proxy's own).
 */
export function passedBack(from: Headers, now: number): Headers {
  const headers = new Headers();
  const date = parseHttpDate(from.get('date'));
  if (date !== undefined && Math.abs(date - now) <= MAX_SKEW_MS)
    headers.set('date', new Date(date).toUTCString());
  // A date to wait until counts from the API's own `Date` (its clock), the app server's without one.
  const wait = parseRetryAfter(from.get('retry-after'), date ?? now);
  if (wait !== undefined) headers.set('retry-after', String(Math.min(wait, MAX_RETRY_AFTER_S)));
  return headers;
}

/** Whether the answer's own `Content-Length` is beyond `max`. */
const declaredOver = (response: Response, max: number) =>
  Number(response.headers.get('content-length') ?? 0) > max;

/** Stops reading an answer: its body cancelled, the call aborted (the connection closed). */
function drop(reader: ReadableStreamDefaultReader<Uint8Array>, controller: AbortController): void {
  reader.cancel().catch(() => {});
  controller.abort();
}

/**
 * How far past `maxAnswerBytes` a login's answer is read on, scanned only, for the token it grants
 * (`boundedText`): 16 MiB (a literal: CONTRIBUTING.md). A token further on is not found.
 */
const GRANT_SCAN_BYTES = 16_777_216;

/**
 * How long a login's answer is still read after its deadline (`UpstreamCall.grants`), the call
 * already answered 502: 2 min (a literal: CONTRIBUTING.md). An API that signs the player in later
 * than the deadline plus this leaves its token live (it dies at its expiry).
 */
export const LATE_MS = 120_000;

/**
 * The body's text, read up to `max` bytes: beyond them reading stops (`drop`) and it throws
 * UpstreamTooLarge, so an endless answer never grows the heap past the bound. With `scan` (a
 * login's answer), every piece is scanned for the token it grants too, and past `max` the body
 * is read on for it, keeping nothing, up to `GRANT_SCAN_BYTES` more (a bounded prefix).
 */
async function boundedText(
  response: Response,
  max: number,
  controller: AbortController,
  scan?: GrantScan,
): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  if (declaredOver(response, max) && !scan) {
    drop(reader, controller);
    throw new UpstreamTooLarge('The service answered more than the proxy reads.');
  }
  const decoder = new TextDecoder();
  let size = 0;
  let text: string | null = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      const rest = decoder.decode();
      scan?.feed(rest);
      if (text === null || declaredOver(response, max))
        throw new UpstreamTooLarge('The service answered more than the proxy reads.');
      return text + rest;
    }
    size += value.byteLength;
    if (size > (scan ? max + GRANT_SCAN_BYTES : max)) {
      drop(reader, controller);
      throw new UpstreamTooLarge('The service answered more than the proxy reads.');
    }
    const piece = decoder.decode(value, { stream: true });
    scan?.feed(piece);
    text = text === null || size > max ? null : text + piece;
  }
}

/**
 * `body` as a stream that ends the deadline `timer` when it ends, fails or is cancelled: until
 * then the deadline errors it (`within`: a file that trickles past `timeoutMs` is cut off, even
 * from a fetch deaf to its signal), and a file beyond `max` bytes errors it (reading stops: `drop`).
 */
function untilDeadline(
  body: ReadableStream<Uint8Array>,
  timer: ReturnType<typeof setTimeout>,
  max: number,
  controller: AbortController,
  within: <T>(step: Promise<T>) => Promise<T>,
) {
  const reader = body.getReader();
  const stop = () => clearTimeout(timer);
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(out) {
      try {
        const { done, value } = await within(reader.read());
        if (done) {
          stop();
          out.close();
          return;
        }
        size += value.byteLength;
        if (size > max) {
          drop(reader, controller);
          throw new UpstreamTooLarge('The file is larger than the proxy passes on.');
        }
        out.enqueue(value);
      } catch (error) {
        stop();
        throw error;
      }
    },
    cancel(reason) {
      stop();
      return reader.cancel(reason);
    },
  });
}

/**
 * Whether `status` is one an answer of the API may have, and the browser may be given: 200-599,
 * the statuses the Fetch standard builds a `Response` with (an API's 600 or 999, which Node's
 * fetch passes on, made `new Response` throw a RangeError, review 7).
 */
export const isAnswerStatus = (status: number): boolean =>
  Number.isInteger(status) && status >= 200 && status <= 599;

/**
 * Sends one call to the API; `file` keeps a 2xx body as a stream. One deadline (`timeoutMs`)
 * covers the whole call, a file's body included. A JSON answer is read up to `maxAnswerBytes`, a
 * file passed on up to `maxFileBytes` (a larger declared `Content-Length` is refused before
 * reading). Throws UpstreamUnreachable (UpstreamTooLarge beyond a bound), also for a status
 * outside 200-599 (`isAnswerStatus`): every status a caller reads can be answered.
 */
export async function callApi(deps: UpstreamDeps, call: UpstreamCall, file = false): Promise<UpstreamAnswer> {
  const { grants } = call;
  if (!grants) return send(deps, call, file, deps.timeoutMs);
  // A login: its answer, when the proxy gives up on it, is still read for the token it grants.
  const scan = new GrantScan();
  const reading = send(deps, call, false, deps.timeoutMs + LATE_MS, scan);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), deps.timeoutMs);
  });
  try {
    const first = await Promise.race([reading, deadline]);
    if (first !== 'late') return first;
  } catch (error) {
    // Too large, or cut off: the token it granted, if it came before, revoked before the answer.
    await grants(scan.found).catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
  // Past the deadline: the call is answered now (502), its answer read on for `LATE_MS` and the
  // token it grants revoked when it comes (after the answer: best effort).
  const late = () => grants(scan.found).catch(() => {});
  void reading.then(late, late);
  throw new UpstreamUnreachable('The service did not answer in time.');
}

/** One call to the API within `timeoutMs` (`callApi`); `scan` sees a JSON answer's text as it is read. */
async function send(
  deps: UpstreamDeps,
  call: UpstreamCall,
  file: boolean,
  timeoutMs: number,
  scan?: GrantScan,
): Promise<UpstreamAnswer> {
  const controller = new AbortController();
  // The deadline aborts the call and ends every wait on it by itself: a fetch (or a body) that
  // does not honour the signal still ends at it (REVIEW-S S-3). `within` races it.
  let timer!: ReturnType<typeof setTimeout>;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error('The service did not answer in time.'));
    }, timeoutMs);
  });
  deadline.catch(() => {});
  const within = <T>(step: Promise<T>): Promise<T> => Promise.race([step, deadline]);
  let streaming = false;
  try {
    const response = await within(
      deps.fetch(join(deps.apiBaseURL, call.target), {
        method: call.method,
        headers: outgoing(deps, call),
        body: call.body === undefined || call.body === '' ? undefined : call.body,
        redirect: 'manual',
        signal: controller.signal,
      }),
    );
    if (!isAnswerStatus(response.status)) {
      // A status no Response can carry (600-999, below 200): no answer of this service.
      if (response.body) drop(response.body.getReader(), controller);
      throw new UpstreamUnreachable('The service answered an impossible status.');
    }
    if (file && response.ok && response.body) {
      const max = deps.maxFileBytes ?? MAX_FILE_BYTES;
      if (declaredOver(response, max)) {
        drop(response.body.getReader(), controller);
        throw new UpstreamTooLarge('The file is larger than the proxy passes on.');
      }
      streaming = true;
      return {
        status: response.status,
        headers: response.headers,
        json: undefined,
        unreadable: false,
        stream: untilDeadline(response.body, timer, max, controller, within),
      };
    }
    const text = await within(
      boundedText(response, deps.maxAnswerBytes ?? MAX_ANSWER_BYTES, controller, scan),
    );
    let json: unknown;
    let unreadable = false;
    let granted: string[] | undefined;
    const ok = response.status < 300 && response.status > 199;
    if (text !== '') {
      try {
        json = JSON.parse(text);
        // A 2xx answer that says more than it parses to (a key twice, a number no double holds:
        // review 108) is unreadable, as the core's adapter reads it: no JSON, its tokens named.
        if (ok && ambiguityOf(text, json)) {
          unreadable = true;
          json = undefined;
        }
      } catch {
        unreadable = true;
      }
      // An unreadable 2xx (a key twice, a text that is no JSON): every top-level `access_token` it
      // names, read as a login's streamed answer is (`GrantScan`: keys unescaped, no JSON needed),
      // for its caller to revoke (review 112: `access\u005ftoken`, a trailing comma left them live).
      if (unreadable && ok) {
        const all = new GrantScan();
        all.feed(text);
        granted = all.granted;
      }
    }
    return { status: response.status, headers: response.headers, json, unreadable, granted, stream: null };
  } catch (error) {
    if (error instanceof UpstreamTooLarge) throw error;
    throw new UpstreamUnreachable('The service could not be reached.', { cause: error });
  } finally {
    if (!streaming) clearTimeout(timer);
  }
}
