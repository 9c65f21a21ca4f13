// Another tab's login heard while this tab's own login failed, or while that login was on its way
// and then failed (forty-first pass; review 46's finding 3 in general). The cookie is shared: once
// this tab's login has failed, the cookie holds the other tab's login, so the page must read the
// session (as it does while signed out) rather than show a failure while the next load shows a
// player signed in. Before: `failed` and `signingIn` took no REMOTE_LOGIN, the word was dropped.

import { afterEach, describe, expect, it } from 'vitest';
import type { ServerSessionClientBase } from '../../machines/index';
import { runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';
import { browserAt, gated, queued } from './support';

const clock = runningClock();
const { ref, fx } = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

/** Two tabs of one browser (one cookie jar, one channel); tab b's logins held once `hold()` is called. */
function twoTabs() {
  const browser = browserAt(fx.served.url, clients);
  const gate = gated(browser.profile.fetch, '/auth/login');
  const a = browser.tab();
  const b = browser.tab(gate.fetch);
  return { a, b, profile: browser.profile, nextLoad: browser.nextLoad, ...gate };
}

describe('another tab signs in while this tab shows a failed login', () => {
  it('a wrong password shown, then the other tab signs in: this tab reads the session and shows the player', async () => {
    const { a, b, nextLoad } = twoTabs();
    await Promise.all([a.ready, b.ready]);
    const { plain } = ref.server.seed;
    b.login({ login: plain.email, password: 'wrong-password' });
    await until(() => b.view.status === 'failed', 'the wrong password refused');
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.status === 'signedIn', 'the other tab signed in');
    await until(() => b.view.status === 'signedIn', 'this tab read the session');
    expect(b.view.user?.id).toBe(plain.id);
    expect(b.view.error).toBeNull();
    expect(await nextLoad()).toBe('signedIn');
  });

  it('a cancelled account shown, then the other tab signs in: likewise', async () => {
    const { a, b } = twoTabs();
    await Promise.all([a.ready, b.ready]);
    const { plain, cancelled } = ref.server.seed;
    b.login({ login: cancelled.email, password: cancelled.password });
    await until(() => b.view.status === 'cancelledAccount', 'the cancelled account told');
    a.login({ login: plain.email, password: plain.password });
    await until(() => b.view.status === 'signedIn', 'this tab read the session');
    expect(b.view.user?.id).toBe(plain.id);
  });

  it("the other tab signs in while this tab's login is on its way and then fails: read once it has failed", async () => {
    const { a, b, nextLoad, hold, held, release } = twoTabs();
    await Promise.all([a.ready, b.ready]);
    const { plain } = ref.server.seed;
    hold();
    b.login({ login: plain.email, password: 'wrong-password' });
    await until(() => held() === 1, "this tab's login on its way");
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.status === 'signedIn', 'the other tab signed in');
    await until(() => queued(b), "the other tab's word heard while this tab's login waits");
    release();
    await until(() => b.view.status === 'signedIn' || b.view.status === 'failed', 'its answer in');
    await until(() => b.view.status === 'signedIn', 'this tab read the session');
    expect(b.view.user?.id).toBe(plain.id);
    expect(await nextLoad()).toBe('signedIn');
  });

  it("the other tab signs in while this tab's login is on its way, then this tab cancels: read, signed in as the other tab", async () => {
    const { a, b, nextLoad, hold, held, release } = twoTabs();
    await Promise.all([a.ready, b.ready]);
    const { plain } = ref.server.seed;
    hold();
    b.login({ login: plain.email, password: 'wrong-password' });
    await until(() => held() === 1, "this tab's login on its way");
    a.login({ login: plain.email, password: plain.password });
    await until(() => queued(b), "the other tab's word heard while this tab's login waits");
    b.cancel();
    release();
    await until(() => b.view.status === 'signedIn', 'this tab read the session');
    expect(b.view.user?.id).toBe(plain.id);
    expect(await nextLoad()).toBe('signedIn');
  });

  it("the other tab signs in while this tab's login is on its way and succeeds: no read after (its own login replaced the cookie)", async () => {
    const { a, b, profile, hold, held, release } = twoTabs();
    await Promise.all([a.ready, b.ready]);
    const { plain } = ref.server.seed;
    hold();
    b.login({ login: plain.email, password: plain.password });
    await until(() => held() === 1, "this tab's login on its way");
    a.login({ login: plain.email, password: plain.password });
    await until(() => queued(b), "the other tab's word heard while this tab's login waits");
    release();
    await until(() => b.view.status === 'signedIn', 'this tab signed in');
    expect(b.view.user?.id).toBe(plain.id);
    // A later failed login of this tab reads nothing on account of the word heard before.
    b.logout();
    await until(() => b.view.status === 'signedOut', 'signed out');
    // (The other tab, told of the logout, reads the session too: settled before the count.)
    await until(() => a.view.status === 'signedOut', 'the other tab signed out');
    await turns(50);
    const reads = profile.seen.filter((s) => s.url.endsWith('/session')).length;
    b.login({ login: plain.email, password: 'wrong-password' });
    await until(() => b.view.status === 'failed', 'refused');
    await turns(50);
    expect(b.view.status).toBe('failed');
    expect(profile.seen.filter((s) => s.url.endsWith('/session')).length).toBe(reads);
  });
});
