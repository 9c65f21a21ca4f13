// Review 50: the login a 401 ended stays named in the context past `confirming` (signed-in.ts's
// UNAUTHORIZED keeps `loginId`; only signingIn's LOGOUT drops it, review 48 D3). A login asked while
// that read is on its way (CUT_SHORT) that fails reads the session (`queued`) with the ended login
// still named; a read that cannot tell then shows signed out (`restoring.waiting`), and a logout()
// there names the ended login: the proxy refuses it (401), nothing is revoked, and the page reads and
// shows the cookie's login signed in, after the player asked to sign out. docs/server.md: a logout()
// while shown signed out after a read that could not tell revokes whatever the cookie holds.
import { describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';
import { browser, cleanup, clients, loginIdOf, nextLoad, queuedOf, stateOf } from '../review48/support';
import { runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

describe('a logout while shown signed out after a 401, a failed login and a read that could not tell', () => {
  it('revokes the login the cookie holds (never names the login the 401 ended)', async () => {
    const b = browser(fx.served.url);
    const a = b.tab();
    await a.ready;
    const { plain, pendingLimit } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.status === 'signedIn', 'signed in');
    const ended = loginIdOf(a);
    // The same browser signs in again outside the tabs' channel (another app on the origin).
    const outside = createServerSessionClient({ fetch: b.profile.fetch, environment: { channel: null } });
    clients.push(outside);
    await outside.ready;
    await outside.auth.login({ login: pendingLimit.email, password: pendingLimit.password });
    outside.stop();
    const live = await b.cookieLogin();
    const read = a.gate.hold({ path: '/session', before: true });
    await a.http.get('/bff/users/address-by-user').catch(() => {}); // the proxy's 401
    await read.sent; // confirming: its read on its way
    a.login({ login: plain.email, password: 'wrong-password' }); // cuts the read short
    await until(
      () => queuedOf(a),
      () => `cut short (${stateOf(a)})`,
    );
    const off = ref.server.faults.add({ path: '/auth/user-profile', status: 500 }); // the read cannot tell
    read.release();
    await until(
      () => stateOf(a) === '{"restoring":"waiting"}',
      () => `shown signed out, the read could not tell (${stateOf(a)})`,
    );
    off();
    // (The ended login no longer named once a login cut the read short: before, the ended one was;
    // cookie holds the login made outside.)
    expect({ named: loginIdOf(a), cookie: await b.cookieLogin() }).toEqual({ named: null, cookie: live });
    expect(live).not.toBe(ended);
    a.logout();
    await until(
      () => !['signingOut', 'restoring'].includes(a.view.status),
      () => `settled (${stateOf(a)})`,
    );
    await turns(200);
    const logouts = b.profile.seen.filter((s) => s.url.endsWith('/auth/logout')).map((s) => s.status);
    expect({ cookie: await b.cookieLogin(), status: a.view.status, logouts }).toEqual({
      cookie: null,
      status: 'signedOut',
      logouts: [204],
    });
    expect((await nextLoad(b.profile)).status).toBe('signedOut');
  });
});
