import { ABORTED } from './sleep';

/** One request's signal: the caller's signal and the adapter's timeout, combined. */
export interface AttemptSignal {
  readonly signal: AbortSignal;
  /** True when the timeout fired (and the caller's signal had not aborted first). */
  readonly timedOut: boolean;
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
  let timedOut = false;
  const onCallerAbort = () => controller.abort(caller?.reason);
  // Infinity: no timeout at all (the adapter clamps every finite value to what a timer can wait).
  const timer = finite
    ? setTimeout(() => {
        timedOut = true;
        // No reason needed: `timedOut` is how the adapter tells a timeout from an abort.
        controller.abort();
      }, timeoutMs)
    : undefined;

  if (caller?.aborted) onCallerAbort();
  else caller?.addEventListener('abort', onCallerAbort, { once: true });

  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut && !caller?.aborted;
    },
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
}

/**
 * Waits for `promise`, but stops waiting when `signal` aborts. The promise itself goes on (it may be
 * shared, like a token refresh other requests wait for).
 */
export function untilAborted<T>(promise: PromiseLike<T>, signal?: AbortSignal): Promise<T | typeof ABORTED> {
  if (!signal) return Promise.resolve(promise);
  if (signal.aborted) return Promise.resolve(ABORTED);
  return new Promise<T | typeof ABORTED>((resolve, reject) => {
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(promise)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}
