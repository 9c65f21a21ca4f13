// A logout naming no login (the page did not know what the cookie held: another tab signed in while
// its own login was on its way) ends whatever login the cookie holds. The other tabs were not told
// (no login id to tell): a tab signed in with that login kept showing the player signed in, and
// betting open, until its next call. They are told now that a login ended here, unnamed, and each
// asks the server (never the message: a tab signed in since stays so).
import { describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';
import { browser, cleanup, clients, loginIdOf } from '../review48/support';
import { runningClock, usePam } from '../server-session/support';
import { until } from '../support/event-loop';

/** A request timeout no step of a test reaches (the default 15 s is real time: a loaded machine met it). */
const NO_TIMEOUT = 600_000;

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

/**
 * Tab `a` sends a login (held before it is sent, and its answer before the page reads it with
 * `after`) and tab `other` signs in meanwhile (`ended`, its login): `a` has heard of a login it has
 * not read, so its logout names none.
 */
async function unsureTab(after = false, options: { timeout?: number } = {}) {
  const { plain, pendingLimit } = ref.server.seed;
  const b = browser(fx.served.url);
  const a = b.tab(options);
  const other = b.tab(options);
  await Promise.all([a.ready, other.ready]);
  const held = a.gate.hold({ path: '/auth/login', before: true, after });
  a.login({ login: plain.email, password: plain.password });
  await held.sent;
  other.login({ login: pendingLimit.email, password: pendingLimit.password });
  await until(() => other.view.status === 'signedIn', 'the other tab signed in');
  return { b, a, other, held, ended: loginIdOf(other) };
}

describe('a logout naming no login, told to the other tabs', () => {
  it('a tab signed in with the login it ended reads the session and signs out', async () => {
    const { b, a, other, held, ended } = await unsureTab();
    expect(await b.cookieLogin()).toBe(ended);
    // Heard here while this tab's own login waits: the cookie holds a login this page has not read.
    a.logout();
    held.release();
    await until(() => a.view.status === 'signedOut', 'this tab signed out');
    expect(await b.cookieLogin()).toBeNull();
    await until(
      () => other.view.status === 'signedOut',
      () => `the other tab shows ${other.view.status}`,
    );
    expect(loginIdOf(other)).toBeNull();
  });

  it('a login made since the logout is what the other tabs show (the server is asked, not the message)', async () => {
    // (`a`'s login answer held too: read before the outside login, its refusal (`signed_out`) had
    // the other tab read the session before that login, and it never heard of it.)
    // (No request timeout within the test: the logout's answer is held across the outside page's
    // start and login, which a loaded CI machine once stretched past the default 15 s; the logout's
    // second try, naming none, then ended that login (the next test): CI's `signedOut (another)`.)
    const { b, a, other, held, ended } = await unsureTab(true, { timeout: NO_TIMEOUT });
    const logout = a.gate.hold({ path: '/auth/logout', after: true });
    a.logout();
    held.release();
    await logout.inJar;
    // The login ended; a page outside the channel signs in before this tab reads the logout's answer.
    const outside = createServerSessionClient({ fetch: b.profile.fetch, environment: { channel: null } });
    clients.push(outside);
    await outside.ready;
    const { plain } = ref.server.seed;
    await outside.auth.login({ login: plain.email, password: plain.password });
    const since = await b.cookieLogin();
    expect(since).not.toBe(ended);
    held.releaseAfter();
    logout.releaseAfter();
    await until(() => a.view.status !== 'signingOut', 'the logout done');
    await until(
      () => other.view.status === 'signedIn' && loginIdOf(other) === since,
      () =>
        `the other tab shows ${other.view.status} (${loginIdOf(other) === ended ? 'the ended login' : 'another'})`,
    );
    expect(await b.cookieLogin()).toBe(since);
  });

  it('a logout whose answer the tab never gets is sent again, naming none: it ends the login made since, and every tab shows signed out', async () => {
    // The order CI met under load: the logout's first try answered (the login ended, the cookie
    // cleared), its answer not read by the page (there: past the tab's 15 s timeout; here, without a
    // timer, a network failure after the answer reached the jar: the same rule, the try sent again);
    // a page outside the channel signs in meanwhile; the second try (no login to name,
    // `X-Pam-Logout` .2) carries that login's cookie and ends it. The server and the tabs agree.
    const { b, a, other, held, ended } = await unsureTab(true, { timeout: NO_TIMEOUT });
    const logout = a.gate.hold({ path: '/auth/logout', after: true, fail: true });
    a.logout();
    held.release();
    await logout.inJar;
    expect(await b.cookieLogin()).toBeNull();
    const outside = createServerSessionClient({ fetch: b.profile.fetch, environment: { channel: null } });
    clients.push(outside);
    await outside.ready;
    const { plain } = ref.server.seed;
    await outside.auth.login({ login: plain.email, password: plain.password });
    const since = await b.cookieLogin();
    expect(since).not.toBeNull();
    expect(since).not.toBe(ended);
    logout.releaseAfter(); // the first try's answer lost: the second goes out now
    await until(() => a.view.status === 'signedOut', 'the logout done by its second try');
    const tries = b.profile.seen.filter((s) => s.url.endsWith('/auth/logout'));
    expect(tries.map((s) => s.status)).toEqual([204, 204]);
    expect(await b.cookieLogin()).toBeNull();
    await until(
      () => other.view.status === 'signedOut',
      () => `the other tab shows ${other.view.status}`,
    );
    expect(loginIdOf(other)).toBeNull();
    held.releaseAfter();
  });

  it('a logout heard while a read of the session is on its way is read again (the read may hold the ended login)', async () => {
    const { plain } = ref.server.seed;
    const b = browser(fx.served.url);
    const a = b.tab();
    await a.ready;
    await a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.status === 'signedIn', 'signed in');
    const opened = b.tab();
    const read = opened.gate.hold({ path: '/session', after: true });
    await read.inJar; // the server answered: signed in, that login
    a.logout();
    await until(() => a.view.status === 'signedOut', 'logged out');
    read.releaseAfter();
    await opened.ready;
    await until(
      () => opened.view.status === 'signedOut',
      () => `the opened tab shows ${opened.view.status}`,
    );
    expect(loginIdOf(opened)).toBeNull();
  });

  it("a tab reading another tab's login hears that login end during the read: read again, signed out", async () => {
    const { plain, pendingLimit } = ref.server.seed;
    const b = browser(fx.served.url);
    const a = b.tab();
    const other = b.tab();
    await Promise.all([a.ready, other.ready]);
    await a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.status === 'signedIn' && other.view.status === 'signedIn', 'both signed in');
    const held = loginIdOf(a);
    const read = a.gate.hold({ path: '/session', after: true });
    // The app's own login in the other tab: told to this one, which asks the server.
    await other.auth.login({ login: pendingLimit.email, password: pendingLimit.password });
    await read.inJar; // the server answered: that new login
    const since = await b.cookieLogin();
    expect(since).not.toBe(held);
    await until(
      () => other.view.status === 'signedIn' && loginIdOf(other) === since,
      'the other tab follows it',
    );
    other.logout();
    await until(() => other.view.status === 'signedOut', 'logged out there');
    expect(await b.cookieLogin()).toBeNull();
    read.releaseAfter();
    await until(
      () => a.view.status === 'signedOut',
      () => `this tab shows ${a.view.status} (${loginIdOf(a) === since ? 'the ended login' : loginIdOf(a)})`,
    );
  });
});
