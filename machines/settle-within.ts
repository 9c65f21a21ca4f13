// The machines' bounded wait (the session's store read). Only the machines wait this way, so it
// lives here, not in pam-client/internal; the core's one abortable `sleep` and `clampDelay` stay there.

import { clampDelay, type TimersLike } from 'pam-client/internal';

/**
 * The one bounded wait: `value` (a promise or not), or `fallback` once `ms` have passed without it
 * settling (`Infinity`: no limit), on `timers` (default the global ones; a machine passes its
 * clock). A rejection is passed on: `settleWithin(p.catch(() => fallback), ...)` turns it into the
 * fallback. With `signal`, an abort gives `fallback` at once (its caller checks the signal). The
 * promise itself goes on; no timer is left behind either way.
 *
 * @example
 * const session = await settleWithin(store.get(), 3_000, null, clock);
 */
export function settleWithin<T>(
  value: T | PromiseLike<T>,
  ms: number,
  fallback: T,
  timers: TimersLike = globalThis as unknown as TimersLike,
  signal?: AbortSignal,
): Promise<T> {
  const promise = Promise.resolve(value);
  // A plain value settles at the next microtask, before any timer: no need to tell it apart.
  if (!Number.isFinite(ms)) return promise;
  return new Promise<T>((resolve, reject) => {
    const done = () => {
      timers.clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    };
    const stop = () => {
      done();
      resolve(fallback);
    };
    const timer = timers.setTimeout(stop, clampDelay(ms));
    if (signal?.aborted) stop();
    signal?.addEventListener('abort', stop);
    promise.then(
      (v) => {
        done();
        resolve(v);
      },
      (error: unknown) => {
        done();
        reject(error);
      },
    );
  });
}
