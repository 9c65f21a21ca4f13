// A `fetch` that counts what it started and what has fully arrived (status and body), so a test
// waits for real I/O to finish instead of sleeping.

import { bufferedResponse } from './buffered-response';
import { turns } from './event-loop';

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
  const pending = new Set<Promise<unknown>>();
  const tracked: TrackedFetch = {
    fetch: (input, init) => {
      started += 1;
      // The body read too, before the request counts as settled (see buffered-response.ts).
      const request = base(input, init).then(bufferedResponse);
      const done: Promise<unknown> = request.then(
        () => pending.delete(done),
        () => pending.delete(done),
      );
      pending.add(done);
      return request.finally(() => {
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
        if (pending.size > 0) await Promise.race(pending); // the requests themselves, no timer
        await turns(1);
        quiet = started === settled ? quiet + 1 : 0;
      }
    },
  };
  return tracked;
}
