// Review 51 (helper-400, failing on 9216eba4): AFTER_FAILURE's `checking` (9216eba4). A tab shows a wrong password (`failed`); another
// tab signs in (the shared cookie now holds a live login); this tab hears it and reads the session
// (`checking`), but that read fails (a dropped request). `checking`'s onError goes to `shown` and
// nothing reads again: no retry, no backoff, no WAKE there. The page shows the wrong password for
// good while the cookie (and the other tab, and the next load) hold a live login. Before the change
// the heard login went to `restoring.reading`, whose transient error waits and reads again
// (`restoring.waiting`, 1 s backoff): the tab ended up signed in on the cookie's login.
// (docs/server.md now says a read that cannot tell "leaves it too": the cookie's live login is then
// never shown, nor read again, until the player acts. The adapter's one GET retry is dropped too.)
// Should hold: a read in `checking` that could not tell is read again with backoff (as
// `restoring.waiting` does), so the tab follows the cookie once the server answers.
import { describe, expect, it } from 'vitest';
import { browser, cleanup, loginIdOf, nextLoad, stateOf } from '../review48/support';
import { runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

describe('a failure shown, another tab signs in, the read that follows fails', () => {
  it('the tab reads again and follows the cookie', async () => {
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
    const read = a.gate.hold({ path: '/session', before: true, fail: true, unsent: true });
    const retried = a.gate.hold({ path: '/session', fail: true, unsent: true }); // the adapter's one GET retry
    other.login({ login: plain.email, password: plain.password });
    await until(() => other.view.status === 'signedIn', 'the other tab signed in');
    await read.sent; // this tab heard it and reads
    read.release(); // the read is dropped, and its retry
    await retried.sent;
    await turns(50);
    const cookie = await b.cookieLogin();
    expect(cookie).not.toBeNull();
    expect((await nextLoad(b.profile)).status).toBe('signedIn');
    // (Backoff is real time: the retry a `restoring.waiting` would make comes after ~1 s.)
    await until(
      () => a.view.status === 'signedIn',
      () => `follows the cookie (${stateOf(a)}, error ${a.view.error?.code})`,
      4_000_000_000n,
    ).catch(() => {});
    expect({ status: a.view.status, loginId: loginIdOf(a) }).toEqual({ status: 'signedIn', loginId: cookie });
  });
});
