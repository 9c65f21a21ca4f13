// Waiting, in one place: the abortable sleep and the bounded wait (`sleep`, `settleWithin`), each
// attempt's signal (the caller's signal and the timeout, combined), the single-flight refresh,
// `Retry-After` and HTTP dates, and the backoff between retries.
import { isHttpError, isTransientError } from '../errors/classify';

/**
 * The longest delay a timer can take: setTimeout (and XState delays, built on it) turns anything
 * above 2^31-1 ms into 1 ms. The one definition (the machines import it from `pam-client/internal`).
 */
export const MAX_TIMER_MS: number = 2_147_483_647; // 2 ** 31 - 1 (a literal: CONTRIBUTING.md)

/**
 * `ms` made safe for a timer: NaN and negatives become 0, anything above `MAX_TIMER_MS` (Infinity
 * included) becomes `MAX_TIMER_MS`.
 *
 * @example
 * clampDelay(2 ** 40); // 2147483647
 */
export const clampDelay = (ms: number): number => (ms > 0 ? Math.min(MAX_TIMER_MS, ms) : 0);

/** Returned by `sleep` and `raced` instead of rejecting, so callers map it to their own error. */
export const ABORTED: unique symbol = /* @__PURE__ */ Symbol('aborted');

/**
 * The timer pair the waits run on: the global one, or an injected clock (XState's
 * `SimulatedClock` fits). The one definition; `pam-client/machines` re-exports it.
 */
export interface TimersLike {
  /** Calls `fn` after `ms`; returns the timer's id. */
  setTimeout(fn: (...args: unknown[]) => void, ms: number): unknown;
  /** Cancels the timer `id`. */
  clearTimeout(id: unknown): void;
}

/**
 * The one abortable sleep: waits `ms` (clamped with `clampDelay`), or less if `signal` aborts
 * first (then resolves to `ABORTED`, never rejects). Leaves no timer or listener behind.
 *
 * @example
 * if ((await sleep(500, signal)) === ABORTED) return;
 */
export function sleep(
  ms: number,
  signal?: AbortSignal | null,
  // The global pair, looked up at each call (fake timers installed later are used).
  timers: TimersLike = globalThis as unknown as TimersLike,
): Promise<undefined | typeof ABORTED> {
  if (signal?.aborted) return Promise.resolve(ABORTED);
  return new Promise((resolve) => {
    const onAbort = () => {
      timers.clearTimeout(timer);
      resolve(ABORTED);
    };
    const timer = timers.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(undefined);
    }, clampDelay(ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Whether `value` is a promise or any other thenable. */
export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null | undefined)?.then === 'function';

// Each attempt's signal.

/** One request's signal: the caller's signal and the adapter's timeout, combined. */
export interface AttemptSignal {
  readonly signal: AbortSignal;
  /**
   * True once the timeout fired. A caller's abort wins: read the caller's signal first (a plain
   * field, not a getter: an object literal with an accessor costs V8 about 2 µs per request).
   */
  timedOut: boolean;
  /** Ends the pending `raced` wait under this signal: set by `raced`, called once `signal` aborts. */
  end?: (aborted: typeof ABORTED) => void;
  /** `signal` went to one more fetch (a redirect followed): it serves no later attempt. */
  retire(): void;
  /**
   * Clears the timer and the listener on the caller's signal. Call it once after every attempt,
   * when nothing uses `signal` any more (the answer's body read).
   */
  dispose(): void;
}

/**
 * Controllers that never aborted, each with the number of attempts it served, for the next attempt:
 * building one costs about 10 µs on Node 20 (every `AbortSignal` is made transferable), the largest
 * single cost of a request. Only an attempt that is over gives its controller back, so no two
 * requests in flight share one. A controller serves at most 8 attempts (a fetch, undici's, leaves
 * its listener on the signal until its request is garbage-collected, and Node warns past 10
 * listeners on one signal); at most 16 wait here (as many as were once in flight together).
 */
const idle: [AbortController, number][] = [];

/**
 * Combines `caller` with a timer of `timeoutMs` (one timer: the token read, the exchange and its
 * redirects all run under it). `undefined` when neither is needed (no caller signal and
 * `Infinity`): then no controller is used at all. Not `AbortSignal.any`: a long-lived caller
 * signal (one per machine, shared by many requests) keeps every signal `any` derived from it
 * alive (nodejs/node#55351), and `any` gives no way to detach, whereas here `dispose()` removes
 * the listener. It also tells which side fired, which is how a timeout is told from an abort.
 */
export function attemptSignal(
  caller: AbortSignal | null | undefined,
  timeoutMs: number,
): AttemptSignal | undefined {
  const finite = Number.isFinite(timeoutMs);
  if (!caller && !finite) return undefined;
  let slot: [AbortController, number] | undefined = idle.pop() ?? [new AbortController(), 0];
  const controller = slot[0];
  // The pending `raced` wait is ended right after the signal's listeners (fetch's) ran.
  const abort = (reason?: unknown) => {
    controller.abort(reason);
    guard.end?.(ABORTED);
  };
  const onCallerAbort = () => abort(caller?.reason);
  // Infinity: no timeout at all (the adapter clamps every finite value to what a timer can wait).
  const timer = finite
    ? setTimeout(() => {
        guard.timedOut = true;
        // No reason needed: `timedOut` is how the adapter tells a timeout from an abort.
        abort();
      }, timeoutMs)
    : undefined;

  const guard: AttemptSignal = {
    signal: controller.signal,
    timedOut: false,
    retire() {
      slot = undefined;
    },
    dispose() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onCallerAbort);
      // An aborted signal stays aborted: never handed out again. Given back once only.
      if (slot && !controller.signal.aborted && ++slot[1] < 8 && idle.length < 16) idle.push(slot);
      slot = undefined;
    },
  };
  // (After `guard`: an abort ends its wait.)
  if (caller?.aborted) onCallerAbort();
  else caller?.addEventListener('abort', onCallerAbort, { once: true });
  return guard;
}

/**
 * What `untilAborted` did (its old wait, now a test oracle) under an attempt's signal, with no listener on it (Node's `addEventListener` and
 * `removeEventListener` on an `AbortSignal` cost ~1-2 µs a request): `promise`'s outcome, or
 * `ABORTED` once `guard`'s signal aborts (its late failure then dropped); `promise` as it is
 * without a guard. One wait at a time per guard (each attempt's are one after another).
 */
export const raced = <T>(promise: PromiseLike<T>, guard?: AttemptSignal): PromiseLike<T | typeof ABORTED> =>
  guard
    ? new Promise((resolve, reject) => {
        guard.end = resolve;
        if (guard.signal.aborted) resolve(ABORTED);
        promise.then(resolve, reject);
      })
    : promise;

/**
 * Wraps `run` so concurrent callers share one in-flight call; the next call after it settles starts
 * a fresh one. A rejection counts as `false`, so a failing refresh never escapes into a request.
 */
export function singleFlight(run: () => Promise<boolean>): () => Promise<boolean> {
  let inFlight: Promise<boolean> | undefined;
  return () => {
    inFlight ??= Promise.resolve()
      .then(run)
      .then(
        (ok) => ok === true,
        () => false,
      )
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}

// Retry-After and HTTP dates.

/**
 * Reads a `Retry-After` header as seconds to wait: delta-seconds as given, an HTTP date as the
 * whole seconds from `now` (rounded up, never negative). Anything else is `undefined`.
 *
 * @example
 * parseRetryAfter('120'); // 120
 * parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')); // 10
 * parseRetryAfter('soon'); // undefined
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  // RFC 9110 10.2.3: delta-seconds is 1*DIGIT; anything else must be an HTTP-date.
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return Number.isFinite(seconds) ? seconds : undefined;
  }
  const at = parseHttpDate(text);
  return at === undefined ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The one HTTP-date reader (`Retry-After`, `Date`): epoch ms of a real date in one of RFC 9110's
 * HTTP-date forms (IMF-fixdate; the obsolete RFC 850 and asctime, read as GMT), or `undefined` for
 * anything else: a day past its month, an hour past 23, a weekday not the date's, another zone.
 * Date.parse reads the text, and the date it read must write back as that same text: it read year
 * 0001 as 2001 (now no reading; years 0100-9999 read, five digits none), rolled 31 Feb into March and ignored the
 * weekday.
 *
 * @example
 * parseHttpDate('Wed, 21 Oct 2015 07:28:00 GMT'); // 1445412480000
 * parseHttpDate('Tue, 31 Feb 2015 07:28:00 GMT'); // undefined
 */
export function parseHttpDate(value: string | null | undefined): number | undefined {
  const text = `${value}`.trim();
  const date = new Date(text.endsWith('GMT') ? text : `${text} GMT`);
  const imf = date.toUTCString(); // `Sun, 06 Nov 1994 08:49:37 GMT`
  const [w, d, month, year = '', time] = imf.split(' ');
  // (No `time`: an invalid date, whatever the text.)
  // (A year of four digits: past 9999 the write-back has five, and no form has.)
  return time &&
    year.length === 4 &&
    (text === imf ||
      // asctime, its day as two digits or a space and one
      text === `${w!.slice(0, 3)} ${month} ${d} ${time} ${year}` ||
      text === `${w!.slice(0, 3)} ${month} ${d!.replace(/^0/, ' ')} ${time} ${year}` ||
      // RFC 850, its weekday in full
      text ===
        `${w!.slice(0, 3)}${['day', 'day', 'sday', 'nesday', 'rsday', 'day', 'urday'][date.getUTCDay()]}, ${d}-${month}-${year.slice(2)} ${time} GMT`)
    ? date.getTime()
    : undefined;
}

/**
 * How long the server asked to wait before trying again, in milliseconds: the `Retry-After` of an
 * `HttpError` (a 429 or a 503, of any copy of pam-client: read by brand and fields, not
 * `instanceof`), clamped to what a timer can wait; `undefined` when the error asks for no wait
 * (another error, no header, or a header the adapter could not read). The one Retry-After →
 * milliseconds conversion: the adapter's retries, the machines' waits and `describeError` read it.
 *
 * @example
 * import { retryAfterMs } from 'pam-client';
 *
 * try {
 *   await auth.login({ login, password });
 * } catch (error) {
 *   const wait = retryAfterMs(error);
 *   if (wait !== undefined) showBanner(`Try again in ${Math.ceil(wait / 1000)} s`);
 * }
 */
export function retryAfterMs(error: unknown): number | undefined {
  if (!isHttpError(error)) return undefined;
  const seconds = (error as { retryAfter?: unknown }).retryAfter;
  // NaN and a negative number fail `>= 0`.
  return typeof seconds === 'number' && seconds >= 0 ? clampDelay(seconds * 1000) : undefined;
}

// Backoff between retries.

export interface BackoffOptions {
  /** Delay of try 0, default 250 ms. */
  baseMs?: number;
  /** Growth per try, default 2. */
  factor?: number;
  /** Ceiling, default 5000 ms. */
  maxMs?: number;
  /**
   * `'full'`: a random wait in [0, delay) (clients that failed together do not come back
   * together). A number in 0..1: the share of the delay that is randomised around it
   * (0.2 = ±10 %). Default 0: no jitter.
   */
  jitter?: number | 'full';
  random?: () => number;
}

/**
 * The one backoff: delay before try number `attempt` (0-based) = base * factor^attempt, capped at
 * `maxMs`, then jittered. Never negative, never above the timer limit.
 *
 * @example
 * backoffDelay(3, { baseMs: 1000, factor: 2, maxMs: 30_000, jitter: 0.2 }); // 8000 ± 10 %
 * backoffDelay(2, { jitter: 'full' }); // in [0, 1000)
 */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const { baseMs = 250, factor = 2, maxMs = 5_000, jitter = 0 } = options;
  const raw = Math.min(maxMs, baseMs * factor ** Math.max(0, attempt));
  const random = options.random ?? Math.random;
  const delay =
    jitter === 'full'
      ? Math.floor(random() * raw)
      : jitter === 0
        ? raw
        : raw * (1 - jitter / 2 + jitter * random());
  return clampDelay(Math.round(delay));
}

/**
 * How long to wait before retrying a GET that failed with `error`, or `undefined` when it must not
 * be retried: only network errors, timeouts, 5xx and 429 are (by brand and code), and a
 * `Retry-After` wins over backoff. `attempt` counts the failures so far (0, 1, …).
 */
export function retryDelay(
  error: unknown,
  attempt: number,
  random: () => number = Math.random,
): number | undefined {
  if (!isTransientError(error)) return undefined;
  const asked = retryAfterMs(error);
  // `backoffDelay(attempt, { jitter: 'full', random })` written out (250 ms * 2^attempt, capped at
  // 5 s, a random wait below it), so the adapter alone does not carry the general backoff;
  // test/http/retry-backoff.test.ts pins it equal to `backoffDelay`'s.
  if (asked === undefined) return Math.floor(random() * Math.min(5_000, 250 * 2 ** attempt));
  // A server asking for longer than 30 s is treated as down for now: fail fast, let the caller decide.
  return asked > 30_000 ? undefined : asked;
}
