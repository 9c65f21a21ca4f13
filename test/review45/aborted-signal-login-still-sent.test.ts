// Review 45, finding 3 (low-medium): `client.auth.login(p, { signal })` (and `registerSimplified`)
// with a signal that is ALREADY aborted still sends the request (4c27449c, kept-login.ts calls the
// auth module with `signal: undefined` before it looks at the caller's signal). The caller hears
// `aborted` at once, as if nothing was sent, yet the password travels, the API signs the player in
// (a 2FA account's code is sent to the player, a failed password counts toward the lockout, a
// registration creates the account) and a logout follows. Every other call given an aborted signal
// sends nothing (the adapter's rule; `stoppable`'s after stop()), and so did a login before the commit.
// Over real sockets: the reference server behind `pam-client/server`.

import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { browserProfile, requestsTo, runningClock, usePam } from '../server-session/support';
import { turns } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

describe('a login whose caller signal is aborted before the call', () => {
  it.each([
    ['login', '/auth/login'],
    ['registerSimplified', '/auth/register-simplified'],
  ] as const)('%s: aborted, and nothing reaches the API', async (name, path) => {
    const { plain, twoFactor } = ref.server.seed;
    const profile = browserProfile(fx.served.url);
    const client = createServerSessionClient({ fetch: profile.fetch });
    clients.push(client);
    await client.ready;
    ref.server.requests.length = 0;
    profile.seen.length = 0; // (the session read at start)
    const payload =
      name === 'login'
        ? { login: twoFactor.email, password: twoFactor.password }
        : { email: 'new-player@example.com', password: plain.password, cpf: '11144477735' };
    const call = (client.auth as unknown as Record<string, (p: unknown, o: unknown) => Promise<unknown>>)[
      name
    ]!(payload, { signal: AbortSignal.abort() });
    await expect(call).rejects.toMatchObject({ code: 'aborted' });
    await turns(200);
    // nothing sent by the browser, nothing reached the API
    expect({ browser: profile.seen.map((s) => s.url), api: requestsTo(ref.server, path).length }).toEqual({
      browser: [],
      api: 0,
    });
  });
});
