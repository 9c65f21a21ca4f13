// Review 50 (a passing guard): a logout that fails (the request dropped) goes back to `signedIn` with
// the login held and its error; another tab's login heard meanwhile (`queued`) is not read then, but
// the re-entered profile flow reads at once, naming the old login: the proxy's 401 sends the tab to
// `confirming`, whose read shows the cookie's login. The page is not left on the ended login.
import { describe, expect, it } from 'vitest';
import { browser, cleanup, loginIdOf, queuedOf, stateOf } from '../review48/support';
import { runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

describe('a failed logout with another tab’s login heard meanwhile', () => {
  it('the tab ends up on the login the cookie holds', async () => {
    const b = browser(fx.served.url);
    const a = b.tab();
    const other = b.tab();
    await Promise.all([a.ready, other.ready]);
    const { plain, pendingLimit } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.status === 'signedIn' && other.view.status === 'signedIn', 'both signed in');
    const held = a.gate.hold({ path: '/auth/logout', before: true, fail: true, unsent: true });
    a.logout();
    await held.sent;
    other.logout();
    await until(
      () => other.view.status === 'signedOut',
      () => `other out (${stateOf(other)})`,
    );
    other.login({ login: pendingLimit.email, password: pendingLimit.password });
    await until(() => other.view.status === 'signedIn', 'the other tab signed in');
    await until(
      () => queuedOf(a),
      () => `heard while signing out (${stateOf(a)})`,
    );
    held.release();
    await until(
      () => a.view.status === 'signedIn' && loginIdOf(a) === loginIdOf(other),
      () => `follows the cookie (${stateOf(a)} ${loginIdOf(a)} vs ${loginIdOf(other)})`,
      5_000_000_000n,
    );
    await turns(50);
    expect(loginIdOf(a)).toBe(await b.cookieLogin());
  });
});
