import { ABORTED } from './sleep';

/** One request's signal: the caller's signal and the adapter's timeout, combined. */
export interface AttemptSignal {
  readonly signal: AbortSignal;
  /** True when the timeout fired (and the caller's signal had not aborted first). */
  readonly timedOut: boolean;
  /** Clears the timer and the listener on the caller's signal. Call it after every attempt. */
  dispose(): void;
}

/**
 * Combines `caller` with a timer of `timeoutMs` (one timer: the token read, the exchange and its
 * redirects all run under it). `undefined` when neither is needed (no caller signal and
 * `Infinity`): then no controller is built at all. Not `AbortSignal.any`: a long-lived caller
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
  const controller = new AbortController();
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
    dispose() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onCallerAbort);
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
