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

/**
 * Tab A signed in (L1) with two calls of L1 held before they are sent; tab B logs out and signs
 * another player in (L2); A follows L2. The held calls, released, answer 401 (they name L1).
 */
async function staleCallsAfterFollow() {
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
  return { b, a, other, second, h1, h2, p1, p2, settled };
}

describe('two calls of a login the tab has left answer 401 after it follows the new login', () => {
  // Left open in the forty-fourth pass (an `it.fails`): the adapter's 401 hook does not say which
  // login the refused call named. Forty-fifth pass: each call judges its own 401 (client.ts
  // `bound`): it ends the held login only when the call was made for it.
  it('the tab stays signed in on the login the cookie holds', async () => {
    const { b, a, other, second, h1, h2, p1, p2, settled } = await staleCallsAfterFollow();
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

  // Review 53 (against aaa2af66, failing there): the first fix took a 401 as the held login's end
  // while ANY call named for it was on its way (`onItsWay`), not only the call that answered 401.
  // One call of the new login in flight (a slow read, a bet, a balance poll: an app tab always has
  // some) let the two stale 401s through, and the second, "believed" (machine.ts `confirming`),
  // signed A out while the cookie, tab B and the next load held L2 live. Mended with the rule
  // above (each call judges its own 401).
  it('likewise while a call of the new login is on its way (review 53)', async () => {
    const { b, a, second, h1, h2, p1, p2, settled } = await staleCallsAfterFollow();
    // A call of the new login, slow on the wire (held until the stale ones have answered).
    const h3 = a.gate.hold({ path: PATH, before: true });
    const p3 = a.http.get(PATH).then(
      () => 'ok',
      (e) => `failed ${(e as { status?: number }).status}`,
    );
    await h3.sent;
    h1.release();
    await p1;
    await until(settled, () => `after the first stale 401 (${stateOf(a)})`);
    await turns(100);
    h2.release();
    await p2;
    await until(settled, () => `after the second stale 401 (${stateOf(a)})`);
    await turns(200);
    h3.release();
    const third = await p3;
    await turns(200);
    const cookie = await b.cookieLogin();
    expect(cookie).toBe(second);
    expect((await nextLoad(b.profile)).status).toBe('signedIn');
    expect({ third, status: a.view.status, loginId: loginIdOf(a) }).toEqual({
      third: expect.any(String),
      status: 'signedIn',
      loginId: cookie,
    });
  });
});
