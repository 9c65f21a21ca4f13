// A `fetch` that counts what it started and what has fully arrived (status and body), so a test
// waits for real I/O to finish instead of sleeping.

import { turns, until } from './event-loop';

/** A counting `fetch` to hand to the adapter or the client (`fetch: tracked.fetch`). */
export interface TrackedFetch {
  fetch: typeof fetch;
  /** Requests started. */
  readonly started: number;
  /** Requests whose promise settled (answered, failed or aborted). */
  readonly settled: number;
  /** Started and not settled yet. */
  readonly inflight: number;
  /** Spins the event loop until nothing is in flight, then a few turns more for the body reads. */
  idle(): Promise<void>;
}

/**
 * Wraps `base` (global `fetch` by default) with counters.
 *
 * @example
 * const tracked = trackedFetch();
 * const http = createOfetchAdapter({ baseURL, fetch: tracked.fetch });
 * void http.get('/x');
 * await tracked.idle();
 */
export function trackedFetch(
  base: typeof fetch = (input, init) => globalThis.fetch(input, init),
): TrackedFetch {
  let started = 0;
  let settled = 0;
  const tracked: TrackedFetch = {
    fetch: (input, init) => {
      started += 1;
      return base(input, init).finally(() => {
        settled += 1;
      });
    },
    get started() {
      return started;
    },
    get settled() {
      return settled;
    },
    get inflight() {
      return started - settled;
    },
    async idle() {
      // The body is read after the fetch promise settles: quiet turns let that finish too.
      let quiet = 0;
      while (quiet < 5) {
        await until(() => started === settled, 'every request settled');
        await turns(1);
        quiet = started === settled ? quiet + 1 : 0;
      }
    },
  };
  return tracked;
}
