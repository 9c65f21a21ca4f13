import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach } from 'vitest';
import { waitFor } from 'xstate';
import { REAL_TIME_TIMEOUT_MS, type ServerFixture } from './server';

/**
 * `signedOutClient()`: a client of the reference server (its default environment, a 10 s timeout:
 * {@link REAL_TIME_TIMEOUT_MS})
 * once its session has settled `signedOut`, with its session actor; each stopped after its test.
 *
 * @example
 * const signedOutClient = useSignedOutClients(ctx);
 * const { c, actor } = await signedOutClient();
 */
export function useSignedOutClients(ctx: ServerFixture) {
  const clients: PamClient[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.stop();
  });
  return async function signedOutClient() {
    const c = createPamClient({ baseURL: ctx.server.url, timeout: REAL_TIME_TIMEOUT_MS });
    clients.push(c);
    const actor = sessionActorOf(c);
    await waitFor(actor, (s) => s.matches('signedOut'), { timeout: 10_000 });
    return { c, actor };
  };
}
