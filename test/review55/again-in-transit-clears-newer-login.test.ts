// Review 55 (against f00f1a54), sign-out.ts + setup.ts `logout`: the proxy answers a logout try
// carrying `X-Pam-Again: 1` that names the (ended) login its cookie carries with 204 and
// `Max-Age=0` (`call.signOut(true)`: `endedHere`, so `decideLine` skips the IN_FLIGHT_MS guard).
// Its premise, "the browser still held the cookie, so no login can have been set since", is true
// when the try LEFT the browser, not when it ARRIVES: the retry is a request like any other and may
// be slow on the wire. Review 54's two-tab scenario comes back as soon as tab B's first try fails
// with `network` before reaching the proxy (offline for an instant, a dropped connection):
// B's retry (X-Pam-Again, L1, C1) leaves; tab A logs out (L1 ended, C1 cleared) and signs in
// again (L2, own lineage, C2); B's retry lands: 204 + Max-Age=0 -> C2 deleted. Tab A shows L2
// signed in with no cookie behind it; L2 is never revoked (live at the API until its expiry).
// Should hold: the jar keeps C2, the next load shows L2.
import { describe, expect, it } from 'vitest';
import { browser, cleanup, loginIdOf, nextLoad, stateOf } from '../review48/support';
import { openCookie } from '../server/harness';
import { runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

describe("a logout's retry (X-Pam-Again) slow on the wire", () => {
  it('does not clear the login another tab made while it was in flight', async () => {
    const b = browser(fx.served.url);
    const a = b.tab();
    const other = b.tab();
    await Promise.all([a.ready, other.ready]);
    const { plain, pendingLimit } = ref.server.seed;
    await a.auth.login({ login: plain.email, password: plain.password });
    await until(() => a.view.status === 'signedIn' && other.view.status === 'signedIn', 'both signed in');
    const first = loginIdOf(a);
    // Tab B: its first try fails unsent (network), its retry is slow on the wire (sent with C1).
    other.gate.hold({ path: '/auth/logout', fail: true, unsent: true });
    const retry = other.gate.hold({ path: '/auth/logout', transit: true });
    other.logout();
    await retry.sent;
    a.logout();
    await until(
      () => a.view.status === 'signedOut',
      () => `A out (${stateOf(a)})`,
    );
    await a.auth.login({ login: pendingLimit.email, password: pendingLimit.password });
    await until(
      () => a.view.status === 'signedIn',
      () => `A in again (${stateOf(a)})`,
    );
    const second = loginIdOf(a);
    expect(second).not.toBe(first);
    expect(await b.cookieLogin()).toBe(second);
    const c2 = await openCookie([...b.profile.cookies.values()][0]!);
    retry.release();
    await retry.inJar;
    await turns(300);
    await until(
      () => !['signingOut', 'restoring'].includes(other.view.status),
      () => `B settled (${stateOf(other)})`,
    );
    const cookie = await b.cookieLogin();
    const next = (await nextLoad(b.profile)).status;
    // L2's token at the API (the reference server), with or without a cookie holding it.
    const api = await fetch(`${ref.server.url}/auth/user-profile`, {
      headers: { authorization: `Bearer ${c2.token}`, accept: 'application/json' },
    });
    // Fails today with { cookie: null, next: 'signedOut', l2LiveAtApi: true }: the player is signed
    // out of L2, whose token no cookie holds any more and nothing revoked.
    expect({ cookie, next, l2LiveAtApi: api.status === 200 }).toEqual({
      cookie: second,
      next: 'signedIn',
      l2LiveAtApi: true,
    });
  });
});
