// Review 50: endLogin (client.ts) now reads the session after EVERY logout of a kept login, ended or
// not (48 D1). A login the page sends after the kept one waits for it (kept-login.ts `settled`,
// which resolves only after `end()` returned, i.e. after `reread()` was called), so that read is
// always heard in `signingIn` (QUEUE). When the newer login fails (a wrong password), AFTER_FAILURE's
// `always: queued` reads the session at once and clears the error: the wrong password is never
// shown, though no other tab's or app's login happened (the cookie is empty: the kept login ended).
import { describe, expect, it } from 'vitest';
import { browser, cleanup, nextLoad, stateOf } from '../review48/support';
import { runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

describe('cancel a login whose head is in, then retry with a wrong password', () => {
  it('the wrong password stays shown (the kept login was logged out: nothing else signed in)', async () => {
    const b = browser(fx.served.url);
    const a = b.tab();
    await a.ready;
    const { plain } = ref.server.seed;
    const held = a.gate.hold({ path: '/auth/login', body: true });
    a.login({ login: plain.email, password: plain.password });
    await held.bodyWaits; // its head is in: the cookie holds this login
    a.cancel(); // kept to its answer, logged out naming it
    a.login({ login: plain.email, password: 'wrong-password' }); // waits for the kept one
    held.releaseBody();
    await until(
      () => b.profile.seen.filter((s) => s.url.endsWith('/auth/login')).length === 2,
      'the retry sent',
    );
    await until(
      () => ['failed', 'signedIn'].includes(a.view.status) || stateOf(a).includes('reading'),
      () => `the retry answered (${stateOf(a)})`,
    );
    await turns(200);
    const logouts = b.profile.seen.filter((s) => s.url.endsWith('/auth/logout')).map((s) => s.status);
    expect(logouts).toEqual([204]); // the kept login ended
    expect(await b.cookieLogin()).toBeNull();
    expect((await nextLoad(b.profile)).status).toBe('signedOut');
    // Nothing else signed in: the failure is what the page shows.
    expect({ status: a.view.status, hasError: a.view.error !== null }).toEqual({
      status: 'failed',
      hasError: true,
    });
  });
});
