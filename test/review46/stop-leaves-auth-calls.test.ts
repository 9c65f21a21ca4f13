// Review 46, finding 1 (medium, regression of 1c6b15f6): `client.auth` is now
// `stoppable(auth, stop.signal)` without `late`, so stoppable.ts treats it as an adapter: it puts
// `{ signal: stopped }` at args[1] (args[2] for a name starting with 'p') and returns the call
// unwrapped. `getUserProfile`, `logout` and `refreshToken` take their options at args[0]: the
// stop signal lands in an argument nobody reads and the call is not cut. A call in flight at stop()
// goes on to the adapter's timeout (or its answer) instead of ending `aborted` at once, as the
// client's doc promises ("calls of user, http and auth in flight end with aborted").

import type { PamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';
import { turns } from '../support/event-loop';

// A proxy whose session read answers signed out and whose every other call hangs until aborted.
const hanging = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.endsWith('/session'))
    return new Response(JSON.stringify({ status: 'signedOut' }), {
      headers: { 'content-type': 'application/json' },
    });
  return new Promise<Response>((_, reject) =>
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
  );
}) as typeof fetch;

describe('stop() ends client.auth calls in flight', () => {
  it.each(['getUserProfile', 'logout', 'forgotPassword'] as const)(
    '%s ends aborted at once',
    async (name) => {
      const c = createServerSessionClient({
        fetch: hanging,
        prefix: '/pam',
        environment: { channel: null },
      } as never);
      await c.ready;
      const auth = c.auth as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      const args = name === 'forgotPassword' ? [{ login: 'a@b.c' }] : [];
      let outcome: unknown = 'pending';
      auth[name]!(...args).then(
        (v) => (outcome = v),
        (e: unknown) => (outcome = e),
      );
      await turns(20);
      c.stop();
      await turns(20);
      expect(outcome === 'pending' ? 'pending' : (outcome as PamError).code).toBe('aborted');
    },
  );
});
