// A call that left the browser with a login's cookie and reached the proxy after a logout ended
// that login (slow on the wire: a tab's profile read right after its login, a wrong password typed
// in another tab) was answered with the cookie cleared (`Max-Age=0`). Its answer can land after a
// login made since with no cookie (another page, outside the tabs' channel): it deleted that
// login's cookie, and every page went on as signed out (CI's flake of review 49's "a login made
// since the logout", forty-fourth pass; the forty-third's app-login race in the tab-order
// property). The logout's answer cleared that copy already: the proxy now leaves the cookie alone
// for a copy of a login a logout ended less than `graceMs` before the call arrived.
import { describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';
import { browser, cleanup, clients, loginIdOf, nextLoad } from '../review48/support';
import { runningClock, usePam } from '../server-session/support';
import { until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

/** Signs a page outside the tabs' channel in on `b`'s jar; the login its cookie holds. */
async function outsideLogin(b: ReturnType<typeof browser>) {
  const outside = createServerSessionClient({ fetch: b.profile.fetch, environment: { channel: null } });
  clients.push(outside);
  await outside.ready;
  const { plain } = ref.server.seed;
  await outside.auth.login({ login: plain.email, password: plain.password });
  const since = await b.cookieLogin();
  expect(since).not.toBeNull();
  return since;
}

describe('a call slow on the wire across a logout and a login made since', () => {
  it("a tab's profile read after its login: the login made since keeps its cookie (the next load reads it)", async () => {
    const { pendingLimit } = ref.server.seed;
    const b = browser(fx.served.url);
    const a = b.tab();
    const other = b.tab();
    await Promise.all([a.ready, other.ready]);
    const slow = other.gate.hold({ path: '/auth/user-profile', transit: true });
    other.login({ login: pendingLimit.email, password: pendingLimit.password });
    await slow.sent;
    await until(
      () => a.view.status === 'signedIn' && other.view.status === 'signedIn',
      'both tabs signed in',
    );
    const ended = loginIdOf(other);
    a.logout();
    await until(() => a.view.status === 'signedOut' && b.profile.cookies.size === 0, 'logged out');
    const since = await outsideLogin(b);
    slow.release(); // reaches the proxy now, with the ended login's cookie
    await slow.inJar;
    expect(await b.cookieLogin()).toBe(since);
    // (The tab heard the logout and shows signed out: the page that signed in is outside the
    // channel. The next page load reads the login made since.)
    expect(await nextLoad(b.profile)).toEqual({ status: 'signedIn', loginId: since });
    expect(ended).not.toBe(since);
  });

  it('a wrong password typed with the ended login’s cookie: refused, the login made since keeps its cookie', async () => {
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
    const since = await outsideLogin(b);
    slow.release();
    await slow.inJar;
    expect(await outcome).toBe('refused 401');
    expect(await b.cookieLogin()).toBe(since);
    expect(await nextLoad(b.profile)).toEqual({ status: 'signedIn', loginId: since });
  });
});
