// Review 50: a login asked while the page's first read of the session is on its way (CUT_SHORT:
// `queued`, "the cookie may hold a login") with a wrong password. Once refused, AFTER_FAILURE's
// `always: queued` reads the session and clears the error (`clearError`). The read finds no login
// (nobody signed in anywhere), yet the wrong password is never shown: the page is plain signed out.
// The read is right (the cookie might have held a login); dropping the failure when it holds none is
// not (no other tab's or app's login happened).
import { describe, expect, it } from 'vitest';
import { browser, cleanup, nextLoad, queuedOf, stateOf } from '../review48/support';
import { runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

describe('a wrong password typed while the first read is on its way', () => {
  it('the failure is shown once the read finds no login', async () => {
    const b = browser(fx.served.url);
    const a = b.tab();
    const read = a.gate.hold({ path: '/session', before: true });
    await read.sent;
    const { plain } = ref.server.seed;
    a.login({ login: plain.email, password: 'wrong-password' });
    await until(() => queuedOf(a), 'the read cut short');
    read.release();
    await until(() => b.profile.seen.some((s) => s.url.endsWith('/auth/login')), 'the login answered');
    await until(
      () => ['failed', 'signedOut', 'signedIn'].includes(a.view.status),
      () => `settled (${stateOf(a)})`,
    );
    await turns(200);
    expect(await b.cookieLogin()).toBeNull();
    expect((await nextLoad(b.profile)).status).toBe('signedOut');
    expect({ status: a.view.status, hasError: a.view.error !== null }).toEqual({
      status: 'failed',
      hasError: true,
    });
  });
});
