// CUT_SHORT from `restoring.confirming` (the read after the proxy's 401): signingIn is `queued`
// ("the cookie may hold a login ... revoked at a logout", transitions.ts). But the context keeps
// the ended login's id (signed-in.ts UNAUTHORIZED keeps `loginId`), so the logout sent from
// signingIn names that ended login: the proxy refuses it (401, nothing ended) and the cookie's login
// stays live; the tab then reads it and shows it signed in, after the player asked to sign out.
import { describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';
import { runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';
import { browser, cleanup, clients, queuedOf, stateOf } from './support';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

describe('a login then a logout while the read after a 401 is on its way', () => {
  it('the logout revokes the login the cookie holds (the tab holds none)', async () => {
    const b = browser(fx.served.url);
    const a = b.tab();
    await a.ready;
    const { plain, pendingLimit } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.status === 'signedIn', 'signed in');
    // The same browser signs in again outside the tabs' channel (another app on the origin).
    const outside = createServerSessionClient({ fetch: b.profile.fetch, environment: { channel: null } });
    clients.push(outside);
    await outside.ready;
    await outside.auth.login({ login: pendingLimit.email, password: pendingLimit.password });
    outside.stop();
    const read = a.gate.hold({ path: '/session', before: true });
    await a.http.get('/bff/users/address-by-user').catch(() => {}); // the proxy's 401
    await read.sent; // restoring.confirming: its read on its way
    a.login({ login: plain.email, password: 'wrong-password' });
    await until(
      () => queuedOf(a),
      () => `the read cut short (${stateOf(a)})`,
    );
    a.logout();
    read.release();
    await until(
      () => !['signingOut', 'restoring', 'signingIn'].includes(a.view.status),
      () => stateOf(a),
    );
    await turns(200);
    const logouts = b.profile.seen.filter((s) => s.url.endsWith('/auth/logout')).map((s) => s.status);
    expect({ cookie: await b.cookieLogin(), status: a.view.status, logouts }).toEqual({
      cookie: null,
      status: 'signedOut',
      logouts: [204],
    });
  });
});
