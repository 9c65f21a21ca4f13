// The app's own login through `client.auth` (`login`, `registerSimplified`) on a server-session
// client (forty-first pass). The cookie it sets is the page's session: before, the page went on
// showing what it showed (signed out, or the previous player) while the cookie held the new login,
// and the next load showed another state. Now the page follows it as another tab's login (reads
// the session; the other tabs are told), and a logout asked while a login of the page is on its
// way over a cookie it has not read revokes what the cookie holds.

import { afterEach, describe, expect, it } from 'vitest';
import type { ServerSessionClientBase } from '../../machines/index';
import { runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';
import { browserAt, gated, loginIdOf } from './support';

const clock = runningClock();
const { ref, fx } = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

/** One page (and another tab) of one browser; the page's logins held once `holdNext()` is called. */
function page() {
  const browser = browserAt(fx.served.url, clients);
  const gate = gated(browser.profile.fetch, '/auth/login');
  return {
    client: browser.tab(gate.fetch),
    other: browser.tab(),
    profile: browser.profile,
    nextLoad: browser.nextLoad,
    holdNext: () => gate.hold(1),
    held: gate.held,
    release: gate.release,
  };
}

describe("the app's own login through client.auth", () => {
  it('signed out: the page and the other tabs show the player it signed in', async () => {
    const { client, other, nextLoad } = page();
    await Promise.all([client.ready, other.ready]);
    const { plain } = ref.server.seed;
    const answer = await client.auth.login({ login: plain.email, password: plain.password });
    await until(() => client.view.status === 'signedIn', 'the page follows the login');
    await until(() => other.view.status === 'signedIn', 'the other tab follows it');
    const loginId = (answer as unknown as { server_session: { login_id: string } }).server_session.login_id;
    expect([loginIdOf(client), loginIdOf(other), client.view.user?.id]).toEqual([loginId, loginId, plain.id]);
    expect(await nextLoad()).toBe('signedIn');
  });

  it('signed in as one player: the page shows the player the app signed in since', async () => {
    const { client, other } = page();
    await Promise.all([client.ready, other.ready]);
    const { plain, pendingLimit } = ref.server.seed;
    client.login({ login: plain.email, password: plain.password });
    await until(() => client.view.status === 'signedIn', 'signed in');
    await client.auth.login({ login: pendingLimit.email, password: pendingLimit.password });
    await until(() => client.view.user?.id === pendingLimit.id, 'the page follows the new login');
    await until(() => other.view.user?.id === pendingLimit.id, 'the other tab too');
    expect(client.view.status).toBe('signedIn');
  });

  it('a two-factor challenge signs no one in: nothing followed', async () => {
    const { client, other } = page();
    await Promise.all([client.ready, other.ready]);
    const { twoFactor } = ref.server.seed;
    await client.auth.login({ login: twoFactor.email, password: twoFactor.password });
    await turns(50);
    expect([client.view.status, other.view.status]).toEqual(['signedOut', 'signedOut']);
  });

  it("a logout while the page's own login is on its way over the app's login revokes the cookie's login", async () => {
    const { client, other, nextLoad, holdNext, held, release } = page();
    await Promise.all([client.ready, other.ready]);
    const { plain } = ref.server.seed;
    holdNext();
    client.login({ login: plain.email, password: 'wrong-password' });
    await until(() => held() === 1, "the page's login on its way");
    await client.auth.login({ login: plain.email, password: plain.password });
    await until(() => other.view.status === 'signedIn', 'the other tab follows the app login');
    client.logout();
    release();
    await until(() => client.view.status === 'signedOut', 'signed out');
    expect(await nextLoad()).toBe('signedOut');
    // (A logout that names no login tells no tab which one ended: the other tab learns it at its
    // next call, the proxy's 401, as after any logout it was not told of.)
    await other.http.get('/bff/users/address-by-user').catch(() => {});
    await until(() => other.view.status === 'signedOut', 'the other tab signed out at its call');
  });
});

describe("another tab's login heard while this tab signs out", () => {
  it('the logout done, the session is read: the login made since is shown, not signed out over it', async () => {
    const browser = browserAt(fx.served.url, clients);
    // Tab 0's logout answer held after it reached the browser (its cookie cleared), before the page.
    const gate = gated(browser.profile.fetch, '/auth/logout', true);
    gate.hold();
    const a = browser.tab(gate.fetch);
    const b = browser.tab();
    await Promise.all([a.ready, b.ready]);
    const { plain, pendingLimit } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(() => b.view.status === 'signedIn', 'both tabs signed in');
    a.logout();
    await until(() => gate.held() === 1, 'the logout answered, the cookie cleared');
    await b.auth.login({ login: pendingLimit.email, password: pendingLimit.password });
    // (Tab 1's word of it on the channel, heard by tab 0 while it signs out.)
    await until(
      () => browser.hub.sent.filter((m) => (m as { type: string }).type === 'signedIn').length === 2,
      'the new login told',
    );
    await turns(50);
    expect(a.view.status).toBe('signingOut');
    gate.release();
    await until(() => a.view.status === 'signedIn' || a.view.status === 'signedOut', 'the logout done');
    await until(() => a.view.status === 'signedIn', 'tab 0 read the session');
    // (Tab 1, told of the logout while it followed its login, reads once more: settled first.)
    await until(() => b.view.status === 'signedIn' && b.view.user?.id === pendingLimit.id, 'tab 1 settled');
    expect([a.view.user?.id, b.view.user?.id]).toEqual([pendingLimit.id, pendingLimit.id]);
    expect(await browser.nextLoad()).toBe('signedIn');
  });
});
