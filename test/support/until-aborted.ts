// The wait the adapter used before `raced` (src/http/waiting.ts), kept as the oracle that
// test/http/szhttp-raced compares `raced` with (the adapter no longer ships it).
import { ABORTED } from '../../src/http/waiting';

/**
 * Waits for `promise`, but stops waiting when `signal` aborts. The promise itself goes on (it may be
 * shared, like a token refresh other requests wait for).
 */
export function untilAborted<T>(promise: PromiseLike<T>, signal?: AbortSignal): Promise<T | typeof ABORTED> {
  const p = Promise.resolve(promise);
  if (!signal) return p;
  // Once aborted, its late failure is dropped: handled here, never an unhandled rejection.
  p.catch(() => {});
  if (signal.aborted) return Promise.resolve(ABORTED);
  return new Promise<T | typeof ABORTED>((resolve, reject) => {
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
