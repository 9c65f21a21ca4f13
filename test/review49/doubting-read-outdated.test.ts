// A tab doubting its login (another tab's word that it ended) reads the session; the read answers
// another login, made meanwhile, and that login's logout is heard while the answer is on its way.
// The tab took the answer as is: it showed a login that had ended, over an empty cookie, until its
// next call. A word heard during the read (of a login or a logout) now has the session read again.
import { describe, expect, it } from 'vitest';
import { browser, cleanup, loginIdOf } from '../review48/support';
import { runningClock, usePam } from '../server-session/support';
import { until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

describe("a doubting tab's read answers a login ended while the answer is on its way", () => {
  it('it reads again: signed out, not shown on the ended login', async () => {
    const { plain, pendingLimit } = ref.server.seed;
    const b = browser(fx.served.url);
    const a = b.tab();
    const other = b.tab();
    const third = b.tab();
    await Promise.all([a.ready, other.ready, third.ready]);
    a.login({ login: plain.email, password: plain.password });
    await until(() => [a, other, third].every((t) => t.view.status === 'signedIn'), 'all signed in');
    // Tab a's next session read: held before it is sent, and again once answered.
    const read = a.gate.hold({ path: '/session', before: true, after: true });
    other.logout(); // a hears it: doubts its login, reads
    await read.sent;
    await until(() => other.view.status === 'signedOut', 'logged out there');
    // A login made before a's read reaches the server: the read answers it.
    await other.auth.login({ login: pendingLimit.email, password: pendingLimit.password });
    const made = await b.cookieLogin();
    read.release();
    await read.inJar;
    // That login ends while the answer is on its way to a.
    await until(() => loginIdOf(other) === made, 'the other tab follows it');
    other.logout();
    await until(() => other.view.status === 'signedOut' && b.profile.cookies.size === 0, 'ended');
    read.releaseAfter();
    await until(
      () => a.view.status === 'signedOut',
      () => `tab a shows ${a.view.status} (${loginIdOf(a) === made ? 'the ended login' : loginIdOf(a)})`,
    );
    expect(b.profile.cookies.size).toBe(0);
  });
});
