// Review 45, finding 5 (low): the logout the browser client sends for a login the page gave up on
// (4c27449c, client.ts `endLogin`) is fire-and-forget: `.catch(() => {})`. When it fails (the
// network drops that one request, a 5xx or 503 from the proxy), the login the page gave up on stays
// live in the HttpOnly cookie while the page shows signed out, and nothing retries or re-reads the
// session: the next page load shows the player signed in (free to bet) with the login they
// cancelled. The session's own logout fails closed (logout-fail-closed.test.ts: a failed logout
// keeps the session as the server has it); this one is the only logout whose failure is dropped.
// docs/server.md promises "no login the page gave up on stays in the cookie". Now the logout is
// tried three times; failing all three, the session is read again, so the page shows what the
// cookie holds. Over real sockets: the reference server behind `pam-client/server`, a browser
// profile that holds the login's body after its head and fails the first logouts.

import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { gatedProfile } from '../review44/late-login-support';
import { usePamPerTest } from '../server/harness';
import { browserProfile, runningClock } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, pam } = usePamPerTest(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

describe('the logout of a login given up on fails once', () => {
  it.each([1, 3])(
    'failing %i time(s): the page and the cookie do not disagree (signed out here, the same on the next load)',
    async (failures) => {
      const { plain } = ref.server.seed;
      const fx = await pam();
      const profile = gatedProfile(fx.served.url);
      let logoutsTried = 0;
      const flaky = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        if (url.endsWith('/auth/logout') && ++logoutsTried <= failures) throw new TypeError('fetch failed');
        return profile.fetch(input, init);
      }) as typeof fetch;
      const client = createServerSessionClient({ fetch: flaky });
      clients.push(client);
      await client.ready;
      client.login({ login: plain.email, password: plain.password });
      await profile.held(); // its head is in: the browser holds its cookie
      client.cancel();
      profile.release();
      await until(() => logoutsTried >= Math.min(failures + 1, 3), 'the kept logout tried');
      await until(
        () => client.view.status === 'signedIn' || client.view.status === 'signedOut',
        'the page settled',
      );
      await turns(200);
      // The next page load reads the session the cookie holds.
      const reload = createServerSessionClient({ fetch: profile.fetch });
      clients.push(reload);
      const next = await reload.ready;
      await until(() => client.view.status !== 'restoring', 'the page read the session again');
      expect({ page: client.view.status, nextLoad: next.status }).toEqual({
        page: failures < 3 ? 'signedOut' : 'signedIn', // three failures: read again, as the cookie has it
        nextLoad: failures < 3 ? 'signedOut' : 'signedIn',
      });
    },
  );
});
