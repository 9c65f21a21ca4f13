// signingOut queues another tab's login heard meanwhile (`REMOTE_LOGIN: QUEUE`), to read the
// session once the logout is done. But a login asked during the logout (`rememberPending`) takes
// the onDone's second branch (`!context.pending` fails): signedOut raises the pending LOGIN, whose
// transition `unqueue`s. That login failing (a wrong password), the tab shows `failed` while the
// cookie holds the other tab's live login: the very case the forty-first pass set out to fix.
import { describe, expect, it } from 'vitest';
import { runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';
import { browser, cleanup, loginIdOf, nextLoad, queuedOf } from './support';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

describe('a login asked while this tab signs out, another tab signing in meanwhile', () => {
  it('the pending login fails: the tab follows the cookie’s login, not a failure over it', async () => {
    const b = browser(fx.served.url);
    const a = b.tab();
    const other = b.tab();
    await Promise.all([a.ready, other.ready]);
    const { plain, pendingLimit } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(() => other.view.status === 'signedIn', 'both tabs signed in');
    const logout = a.gate.hold({ path: '/auth/logout', after: true });
    a.logout();
    await logout.inJar; // the logout done at the proxy (cookie cleared), its answer not read yet
    // (The other tab, signed in, signs the next player in through the app's client.auth.login.)
    await other.auth.login({ login: pendingLimit.email, password: pendingLimit.password });
    await until(() => other.view.user?.id === pendingLimit.id, 'the other tab follows its new login');
    await until(() => queuedOf(a), 'heard by this tab while it signs out');
    a.login({ login: plain.email, password: 'wrong-password' }); // remembered (pending)
    logout.releaseAfter();
    await until(() => a.view.status === 'failed' || a.view.status === 'signedIn', 'settled');
    await turns(200);
    const cookie = await b.cookieLogin();
    expect(cookie).toBe(loginIdOf(other));
    expect((await nextLoad(b.profile)).status).toBe('signedIn');
    // The cookie holds a live login this tab could read: it shows it (as after any failed login).
    expect({ status: a.view.status, loginId: loginIdOf(a) }).toEqual({ status: 'signedIn', loginId: cookie });
  });
});
