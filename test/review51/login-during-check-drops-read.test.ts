// Review 51 (helper-400, failing on 9216eba4): AFTER_FAILURE's `checking` (9216eba4). A tab shows a wrong password; another tab signs
// in; this tab hears it and reads the session (`checking`). Before that read answers, the player
// types again (a wrong password again): `failed.on.LOGIN` goes to `signingIn` without `queue`, so
// the read cut short is forgotten. The second failure is shown (`shown`, `queued` false) and nothing
// reads the cookie: the page shows "wrong password" while the cookie, the other tab and the next
// load hold a live login. (`restoring.reading` cut short by a login sets `queued`, CUT_SHORT; the
// `checking` read does not.)
// Should hold: a LOGIN/REGISTER from `checking` queues the read it cuts short (`queue`), so the
// failure after it reads the session.
import { describe, expect, it } from 'vitest';
import { browser, cleanup, loginIdOf, nextLoad, stateOf } from '../review48/support';
import { runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

describe('a login typed while the failure’s read of the session is on its way', () => {
  it('the read cut short is made after the second failure', async () => {
    const b = browser(fx.served.url);
    const a = b.tab();
    const other = b.tab();
    await Promise.all([a.ready, other.ready]);
    const { plain } = ref.server.seed;
    a.login({ login: plain.email, password: 'wrong-password' });
    await until(
      () => a.view.status === 'failed',
      () => `refused (${stateOf(a)})`,
    );
    const read = a.gate.hold({ path: '/session', before: true });
    other.login({ login: plain.email, password: plain.password });
    await until(() => other.view.status === 'signedIn', 'the other tab signed in');
    await read.sent; // this tab reads (`checking`)
    a.login({ login: plain.email, password: 'wrong-again' });
    read.release();
    await until(
      () => b.profile.seen.filter((s) => s.url.endsWith('/auth/login')).length === 3,
      'the second try answered',
    );
    await until(
      () => !['signingIn', 'restoring'].includes(a.view.status) && !stateOf(a).includes('checking'),
      () => `settled (${stateOf(a)})`,
    );
    await turns(200);
    const cookie = await b.cookieLogin();
    expect(cookie).not.toBeNull();
    expect((await nextLoad(b.profile)).status).toBe('signedIn');
    expect({ status: a.view.status, loginId: loginIdOf(a) }).toEqual({ status: 'signedIn', loginId: cookie });
  });
});
