// Review 51 (helper-400, failing on 9216eba4): `confirmed` (machine.ts `confirming`, 9216eba4) is set to the login the TAB holds when
// a 401 arrives, never cleared. The adapter reports a 401 of any call (UNAUTHORIZED), also of a call
// made for a login the tab has since left. Order: tab A holds L1 and has two calls on their way
// (named L1); tab B logs out and signs in another player (L2); A follows (signedIn L2). The first
// stale call answers 401 (the proxy refuses a call naming L1 while the cookie holds L2):
// `confirming` reads L2 live and sets `confirmed = L2` (the login held, not the one the call named).
// The second stale call's 401: the read finds L2 === `confirmed`, the 401 is "believed": A is signed
// out (`expired`, told to the other tabs and the app) while the cookie, tab B and the next load
// hold L2 live. No 401 was ever answered for a call made for L2.
// Should hold: A stays signed in on L2. (Fix: `confirmed` should name the login the 401'd call was
// made for, or a 401 for a call naming another login than the one held should not be UNAUTHORIZED
// at all; and `confirmed` cleared once a call of the login succeeds / a new login is taken.)
import { describe, expect, it } from 'vitest';
import { browser, cleanup, loginIdOf, nextLoad, stateOf } from '../review48/support';
import { runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

const PATH = '/bff/users/address-by-user';

describe('two calls of a login the tab has left answer 401 after it follows the new login', () => {
  // Left open in the forty-fourth pass (an `it.fails`): the adapter's 401 hook does not say which
  // login the refused call named. Forty-fifth pass: the client counts the calls on their way per
  // login they name, and takes a 401 as the held login's end only while one named for it is.
  it('the tab stays signed in on the login the cookie holds', async () => {
    const b = browser(fx.served.url);
    const a = b.tab();
    const other = b.tab();
    await Promise.all([a.ready, other.ready]);
    const { plain, pendingLimit } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.status === 'signedIn' && other.view.status === 'signedIn', 'both signed in');
    const first = loginIdOf(a);
    const h1 = a.gate.hold({ path: PATH, before: true });
    const h2 = a.gate.hold({ path: PATH, before: true });
    const p1 = a.http.get(PATH).catch(() => {});
    await h1.sent;
    const p2 = a.http.get(PATH).catch(() => {});
    await h2.sent;
    other.logout();
    await until(
      () => other.view.status === 'signedOut',
      () => `other out (${stateOf(other)})`,
    );
    other.login({ login: pendingLimit.email, password: pendingLimit.password });
    await until(() => other.view.status === 'signedIn', 'the other tab signed in again');
    const second = loginIdOf(other);
    expect(second).not.toBe(first);
    await until(
      () => a.view.status === 'signedIn' && loginIdOf(a) === second,
      () => `A follows (${stateOf(a)})`,
    );
    const settled = () => a.view.status !== 'restoring' && !stateOf(a).includes('confirming');
    h1.release();
    await p1;
    await until(settled, () => `after the first stale 401 (${stateOf(a)})`);
    await turns(100);
    expect({ status: a.view.status, loginId: loginIdOf(a) }).toEqual({ status: 'signedIn', loginId: second });
    h2.release();
    await p2;
    await until(settled, () => `after the second stale 401 (${stateOf(a)})`);
    await turns(200);
    const cookie = await b.cookieLogin();
    expect(cookie).toBe(second);
    expect((await nextLoad(b.profile)).status).toBe('signedIn');
    expect(other.view.status).toBe('signedIn');
    expect({ status: a.view.status, loginId: loginIdOf(a) }).toEqual({ status: 'signedIn', loginId: cookie });
  });
});
