// The reference server as MSW request handlers, for front-end test suites that already mock the
// network with MSW. This file alone imports msw (an optional peer): users without msw never load it.

import { type HttpHandler, http } from 'msw';
import { createReferenceFetch } from './fetch';
import type { ReferenceFetch, ReferenceFetchOptions } from './types';

/** The handlers, and the reference fetch behind them (its `requests`, `faults`, `seed`, `reset()`). */
export interface ReferenceHandlers {
  handlers: HttpHandler[];
  reference: ReferenceFetch;
}

/**
 * One catch-all MSW handler under `baseURL` that lets the in-process reference server answer
 * (same seeds, faults and request log as `startReferenceServer`). Pass an existing
 * `createReferenceFetch()` to share its state, or options to make a new one.
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createReferenceHandlers } from 'pam-client/testing/msw';
 * const { handlers, reference } = createReferenceHandlers({ baseURL: 'https://api.example.com' });
 * const server = setupServer(...handlers);
 * server.listen();
 * reference.faults.add({ path: '/users/refresh-token', status: 503, times: 1 });
 */
export function createReferenceHandlers(
  from: ReferenceFetch | ReferenceFetchOptions = {},
): ReferenceHandlers {
  const reference = typeof from === 'function' ? from : createReferenceFetch(from);
  const handler = http.all(`${reference.baseURL}/*`, ({ request }) => reference(request));
  return { handlers: [handler], reference };
}
