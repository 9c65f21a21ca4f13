// Review 53 (against 69b3bf47): the window in which a copy of a login a logout ended is left alone
// (a call in flight across the logout, test/review52) is `graceMs`, the option that also says how
// long a replaced token's calls are served with the new one. `graceMs: 0` is allowed ("whole ms, 0
// or more") and is what an operator sets to serve no replaced token at all; it silently brings back
// review 52's bug: a wrong password typed with the ended login's cookie, landing after a login made
// since with no cookie, deletes that login's cookie (`endedLongBefore`: ended + 0 <= arrived).
// Should hold: with any `graceMs`, the login made since keeps its cookie. (Fix at the root: the
// in-flight window is not the token replay window: its own constant (a request's life on the wire,
// e.g. the client's timeout plus margin, 60 s), or an option of its own with a floor.)
// Forty-fifth pass: mended so (lineage.ts `IN_FLIGHT_MS`, 60 s, whatever `graceMs`).
import { describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';
import { browser, cleanup, clients, nextLoad } from '../review48/support';
import { usePamPerTest } from '../server/harness';
import { runningClock } from '../server-session/support';
import { until } from '../support/event-loop';

const clock = runningClock();
const { ref, pam } = usePamPerTest(clock);
cleanup();

describe('graceMs: 0 and a wrong password slow on the wire across a logout and a login made since', () => {
  it('the login made since keeps its cookie', async () => {
    const fx = await pam({ graceMs: 0 });
    const { plain, pendingLimit } = ref.server.seed;
    const b = browser(fx.served.url);
    const a = b.tab();
    const other = b.tab();
    await Promise.all([a.ready, other.ready]);
    await a.login({ login: plain.email, password: plain.password });
    await until(() => other.view.status === 'signedIn', 'both tabs signed in');
    const slow = other.gate.hold({ path: '/auth/login', transit: true });
    const wrong = other.auth.login({ login: pendingLimit.email, password: `${pendingLimit.password}-wrong` });
    const outcome = wrong.then(
      () => 'granted',
      (e: { status?: number }) => `refused ${e.status}`,
    );
    await slow.sent;
    a.logout();
    await until(() => a.view.status === 'signedOut' && b.profile.cookies.size === 0, 'logged out');
    clock.now += 1; // (a millisecond later)
    const outside = createServerSessionClient({ fetch: b.profile.fetch, environment: { channel: null } });
    clients.push(outside);
    await outside.ready;
    await outside.auth.login({ login: plain.email, password: plain.password });
    const since = await b.cookieLogin();
    expect(since).not.toBeNull();
    slow.release();
    await slow.inJar;
    expect(await outcome).toBe('refused 401');
    expect(await b.cookieLogin()).toBe(since);
    expect(await nextLoad(b.profile)).toEqual({ status: 'signedIn', loginId: since });
  });
});
