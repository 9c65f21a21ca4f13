// A client that records what it lets out through its inspector and its debug log (the surfaces a
// secret must never reach), for tests that then look for the secret in everything recorded.

import { inspect } from 'node:util';
import { createPamClient, type PamClient, type PamClientOptions } from 'pam-client/machines';
import type { InspectionEvent } from 'xstate';

/**
 * A client of `baseURL` (the global `fetch`, a 60 s timeout, no retry; `more` adds or overrides)
 * whose inspector and debug log push into `seen` everything they get: each inspection event as an
 * inspector serialises it, plus the event it carries in full (live actor refs are not walked:
 * through one, anything is reachable), and each debug line with its detail.
 *
 * @example
 * const seen: unknown[] = [];
 * const c = clientRecordingInto(seen, api.url);
 */
export function clientRecordingInto(
  seen: unknown[],
  baseURL: string,
  more: Partial<PamClientOptions> = {},
): PamClient {
  return createPamClient({
    baseURL,
    fetch: globalThis.fetch,
    // Real sockets on a loaded CI machine (two workers beside Chromium): a 5 s timeout was a
    // request's ordinary wait there, not a hang. No test of these clients times a request out.
    timeout: 60_000,
    retry: 0,
    inspect: (event: InspectionEvent) =>
      seen.push(JSON.stringify(event), inspect((event as { event?: unknown }).event, { depth: 8 })),
    debug: (line, detail) => seen.push(line, detail, inspect(detail, { depth: 8 })),
    ...more,
  });
}
