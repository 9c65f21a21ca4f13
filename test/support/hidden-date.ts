// The browser's hiding of `Date` from a cross-origin API that does not list it in
// `Access-Control-Expose-Headers`: the client then never learns the server's time. Played over
// real sockets by a fetch that drops the header (the reference server sends it).

import { afterEach } from 'vitest';
import { usePamClients } from './clients';
import { useReferenceServer } from './server';
import { trackedFetch } from './tracked-fetch';

/**
 * `base`'s answers without their `Date` header while `hiding()` says so (always, by default).
 *
 * @example
 * const tracked = trackedFetch(withoutDate());
 */
export function withoutDate(
  base: typeof fetch = (input, init) => globalThis.fetch(input, init),
  hiding: () => boolean = () => true,
): typeof fetch {
  return async (input, init) => {
    const answer = await base(input, init);
    if (!hiding()) return answer;
    const headers = new Headers(answer.headers);
    headers.delete('date');
    const body = answer.status === 204 || answer.status === 304 ? null : await answer.arrayBuffer();
    return new Response(body, { status: answer.status, statusText: answer.statusText, headers });
  };
}

/**
 * A reference server per test file whose answers hide `Date` (until `hiding.on = false`; on again
 * after each test), seen through `tracked`; `newClient(options?)` makes a client that fetches through
 * it (stopped after its test), `signIn(client, who)` signs one in as a seeded account.
 *
 * @example
 * const { tracked, newClient, signIn } = useServerHidingDate();
 * const c = newClient({ environment: { clock } });
 * await signIn(c);
 */
export function useServerHidingDate() {
  const ctx = useReferenceServer();
  const hiding = { on: true };
  afterEach(() => {
    hiding.on = true;
  });
  const tracked = trackedFetch(withoutDate(undefined, () => hiding.on));
  const pam = usePamClients(ctx);
  const newClient: typeof pam.client = (options = {}) => pam.client({ fetch: tracked.fetch, ...options });
  return { ctx, tracked, hiding, newClient, signIn: pam.signIn };
}
