// Review 51 (helper-400, failing on 9216eba4): `confirming` (the read after a proxy 401) tells the other tabs the login ended
// (`expire()`: `announce` signedOut) when its read finds no login. A login typed while that read is
// on its way cuts it short (CUT_SHORT, now with `unname`, 9216eba4): the ended login's id is dropped
// and nothing is announced. When that login fails, `checking` reads the cookie, finds it signed out
// and keeps the failure shown, still announcing nothing. Tab B, signed in on the same (ended) login,
// is never told: it shows signed in on a login that ended, while the cookie and the next load hold
// none. (Order: A and B signed in on L; the browser signs out outside the tabs' channel (another app
// on the origin); A's call answers 401; A's read held; A types a wrong password; the read released.)
// Should hold: B is not left signed in on the ended login: the 401's login is told to the other
// tabs as `confirming` tells it (e.g. `unname` in CUT_SHORT announcing the ended login's signedOut
// first, or `checking` announcing it when its read finds signed out).
import { describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';
import { browser, cleanup, clients, loginIdOf, nextLoad, queuedOf, stateOf } from '../review48/support';
import { runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

describe('a login typed during the read after a 401 fails; another tab holds the ended login', () => {
  it('the other tab is not left signed in on the ended login', async () => {
    const b = browser(fx.served.url);
    const a = b.tab();
    const other = b.tab();
    await Promise.all([a.ready, other.ready]);
    const { plain } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.status === 'signedIn' && other.view.status === 'signedIn', 'both signed in');
    const ended = loginIdOf(a);
    expect(loginIdOf(other)).toBe(ended);
    // The same browser signs out outside the tabs' channel (another app on the origin).
    const outside = createServerSessionClient({ fetch: b.profile.fetch, environment: { channel: null } });
    clients.push(outside);
    await outside.ready;
    outside.logout();
    await until(() => outside.view.status === 'signedOut', 'signed out outside');
    outside.stop();
    expect(await b.cookieLogin()).toBeNull();
    const read = a.gate.hold({ path: '/session', before: true });
    await a.http.get('/bff/users/address-by-user').catch(() => {}); // the proxy's 401
    await read.sent; // confirming: its read on its way
    a.login({ login: plain.email, password: 'wrong-password' }); // cuts the read short
    await until(
      () => queuedOf(a),
      () => `cut short (${stateOf(a)})`,
    );
    read.release();
    await until(
      () => a.view.status === 'failed' && stateOf(a).includes('shown'),
      () => `the failure shown (${stateOf(a)})`,
    );
    await turns(300);
    expect(await b.cookieLogin()).toBeNull();
    expect((await nextLoad(b.profile)).status).toBe('signedOut');
    expect({ status: other.view.status, loginId: loginIdOf(other) }).toEqual({
      status: 'signedOut',
      loginId: null,
    });
  });
});
