// Review 46, finding 4 (medium; makes test/review45/kept-login-order.property flaky, ~1 run in 4):
// a login given up on before its answer's head is aborted at the fetch, and docs/server.md promises
// "whatever login the cookie held stands". It does not when the page is signed in: the aborted
// request carried the cookie (login L1); the proxy, not seeing the abort (a platform that never
// aborts `request.signal`, or the API answering first), seals the new login, and "signing in
// replaces the session": src/server/sign-in.ts `endLogins(parts, call, [previous], sealed)` ends L1
// at the API (`logout#1`). The browser dropped the new cookie, so it still holds L1, now dead: the
// page shows signed in, the seed route says signed out. The property's shrunk counterexample
// (seed -1154752260): [login plain, release, authLogin plain (its caller aborts at the end)].
// Fix: kept-login.ts's abort branch reads the session again (REMOTE_LOGIN-like) when a login was
// held, or the proxy ends `previous` only once the answer is known delivered; and fix the doc.

import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { upstreamGate } from '../review45/support';
import { openCookie, usePamPerTest } from '../server/harness';
import { browserProfile, runningClock } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, pam } = usePamPerTest(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

describe('a client.auth.login aborted before its head, over a signed-in page', () => {
  // Left open (fortieth pass): as before this pass (the fetch was always aborted then), the page
  // learns it at its next call (the proxy's 401 signs it out: kept-login-order.property makes one
  // call before it checks). docs/server.md says so now.
  it.fails('the login the cookie held stands', async () => {
    const { plain } = ref.server.seed;
    const api = upstreamGate(['login#2']);
    const fx = await pam({ fetch: api.fetch });
    const profile = browserProfile(fx.served.url);
    const client = createServerSessionClient({ fetch: profile.fetch, environment: { channel: null } });
    clients.push(client);
    await client.ready;
    client.login({ login: plain.email, password: plain.password });
    await until(() => client.view.status === 'signedIn', 'signed in');
    const caller = new AbortController();
    const other = ref.server.seed.pendingLimit; // another player: not the API's per-player logout
    const call = client.auth.login(
      { login: other.email, password: other.password },
      { signal: caller.signal },
    );
    call.catch(() => {});
    await api.arrived('login#2');
    caller.abort(); // before its head: the fetch is aborted
    await turns(20);
    api.release('login#2');
    // The API answers; the proxy does what it does (loopback I/O: turns of the loop, no clock).
    await until(() => api.calls.includes('login#2'), 'the login reached the API');
    await turns(500);
    const [value] = [...profile.cookies.values()];
    const held = value === undefined ? null : (await openCookie(value)).loginId;
    const seedRead = await fetch(`${fx.served.url}/pam/session`, {
      headers: value === undefined ? {} : { cookie: `__Host-pam-session=${value}` },
    });
    const seed = ((await seedRead.json()) as { status: string }).status;
    expect({ page: client.view.status, cookieHolds: held !== null, seed, calls: api.calls }).toEqual({
      page: 'signedIn',
      cookieHolds: true,
      seed: 'signedIn',
      calls: api.calls,
    });
  }, 15000);
});
