// A tab whose read of the session could not tell (`unavailable`: the cookie holds a session whose
// player the server could not read; or a 5xx) is shown signed out (`restoring.waiting`) with its
// error, and its login there is not `queued` (CUT_SHORT is left out of `waiting` and `again`). A
// logout (or cancel) while that login is on its way then takes signingIn's plain branch: "no cookie
// was set, nothing to revoke", signed out, nothing sent. The cookie's login stays live; the page
// shows signed out over it (waiting's retry is gone) and the next load shows the player.
import { describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';
import { runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';
import { browser, cleanup, clients, nextLoad, stateOf } from './support';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

/** A browser whose cookie holds a live login made outside the tabs' channel. */
async function signedInOutside() {
  const b = browser(fx.served.url);
  const { plain, pendingLimit } = ref.server.seed;
  const outside = createServerSessionClient({ fetch: b.profile.fetch, environment: { channel: null } });
  clients.push(outside);
  await outside.ready;
  await outside.auth.login({ login: pendingLimit.email, password: pendingLimit.password });
  outside.stop();
  return { b, plain };
}

describe('a login then a logout over a cookie whose read could not tell', () => {
  it('the logout revokes the login the cookie holds', async () => {
    const { b, plain } = await signedInOutside();
    expect(await b.cookieLogin()).not.toBeNull();
    const off = ref.server.faults.add({ path: '/auth/user-profile', status: 500 });
    const a = b.tab();
    const v = await a.ready;
    expect([v.status, stateOf(a)]).toEqual(['signedOut', '{"restoring":"waiting"}']);
    const held = a.gate.hold({ path: '/auth/login', before: true });
    a.login({ login: plain.email, password: plain.password });
    await held.sent;
    a.logout();
    held.release();
    await until(() => a.view.status === 'signedOut', 'the logout done');
    off();
    const logouts = b.profile.seen.filter((s) => s.url.endsWith('/auth/logout'));
    const reload = await nextLoad(b.profile);
    // The player asked to sign out: no live login is left for the next load.
    expect({ status: a.view.status, logouts: logouts.length, reload: reload.status }).toEqual({
      status: 'signedOut',
      logouts: 1,
      reload: 'signedOut',
    });
  });

  it('a cancel there goes back to reading the session (it is left plain signed out, no retry, over a live login)', async () => {
    const { b, plain } = await signedInOutside();
    const off = ref.server.faults.add({ path: '/auth/user-profile', status: 500 });
    const a = b.tab();
    await a.ready;
    expect(stateOf(a)).toBe('{"restoring":"waiting"}'); // retried with backoff, or at once on a wake-up
    const held = a.gate.hold({ path: '/auth/login', before: true });
    a.login({ login: plain.email, password: plain.password });
    await held.sent;
    a.cancel();
    held.release();
    off(); // the API recovers
    await turns(100);
    expect((await nextLoad(b.profile)).status).toBe('signedIn'); // the cookie's login is live and readable
    // The page still reads the session again (waiting, again or reading): never plain signed out over it.
    expect(stateOf(a)).not.toBe('"signedOut"');
  });
});
