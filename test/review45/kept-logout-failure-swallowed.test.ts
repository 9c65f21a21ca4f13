// Review 45, finding 5 (low): the logout the browser client sends for a login the page gave up on
// (4c27449c, client.ts `endLogin`) is fire-and-forget: `.catch(() => {})`. When it fails (the
// network drops that one request, a 5xx or 503 from the proxy), the login the page gave up on stays
// live in the HttpOnly cookie while the page shows signed out, and nothing retries or re-reads the
// session: the next page load shows the player signed in (free to bet) with the login they
// cancelled. The session's own logout fails closed (logout-fail-closed.test.ts: a failed logout
// keeps the session as the server has it); this one is the only logout whose failure is dropped.
// docs/server.md promises "no login the page gave up on stays in the cookie". Over real sockets:
// the reference server behind `pam-client/server`, a browser profile that fails the first logout.

import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { browserProfile, runningClock } from '../server-session/support';
import { usePamPerTest } from '../server/harness';
import { turns, until } from '../support/event-loop';
import { upstreamGate } from './support';

const clock = runningClock();
const { ref, pam } = usePamPerTest(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

describe('the logout of a login given up on fails once', () => {
  it('the page and the cookie do not disagree (signed out here, signed in on the next load)', async () => {
    const { plain } = ref.server.seed;
    const gate = upstreamGate(['login#1']);
    const fx = await pam({ fetch: gate.fetch });
    const profile = browserProfile(fx.served.url);
    let logoutsTried = 0;
    const flaky = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/auth/logout') && ++logoutsTried === 1) throw new TypeError('fetch failed');
      return profile.fetch(input, init);
    }) as typeof fetch;
    const client = createServerSessionClient({ fetch: flaky });
    clients.push(client);
    await client.ready;
    client.login({ login: plain.email, password: plain.password });
    await gate.arrived('login#1');
    client.cancel();
    gate.release('login#1');
    await until(() => logoutsTried > 0, 'the kept logout tried');
    await turns(200);
    // The next page load reads the session the cookie holds.
    const reload = createServerSessionClient({ fetch: profile.fetch });
    clients.push(reload);
    const next = await reload.ready;
    expect({ page: client.view.status, nextLoad: next.status }).toEqual({
      page: client.view.status,
      nextLoad: client.view.status, // what the player was shown is what the cookie holds
    });
    expect(next.status).toBe('signedOut'); // the login cancelled stays cancelled
  });
});
