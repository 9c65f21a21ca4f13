// Another tab's login heard while this tab's own login failed, or while that login was on its way
// and then failed (forty-first pass; review 46's finding 3 in general). The cookie is shared: once
// this tab's login has failed, the cookie holds the other tab's login, so the page must read the
// session (as it does while signed out) rather than show a failure while the next load shows a
// player signed in. Before: `failed` and `signingIn` took no REMOTE_LOGIN, the word was dropped.

import { afterEach, describe, expect, it } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { browserProfile, runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';

const clock = runningClock();
const { ref, fx } = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

/** Two tabs of one browser (one cookie jar, one channel); tab b's logins held until `release()`. */
function twoTabs() {
  const hub = new FakeChannelHub();
  const profile = browserProfile(fx.served.url);
  let release = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let held = 0;
  let holding = false;
  const bFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (holding && url.endsWith('/auth/login')) {
      held++;
      await gate;
    }
    return profile.fetch(input, init);
  }) as typeof fetch;
  const a = createServerSessionClient({ fetch: profile.fetch, environment: { channel: hub.channel() } });
  const b = createServerSessionClient({ fetch: bFetch, environment: { channel: hub.channel() } });
  clients.push(a, b);
  return {
    a,
    b,
    profile,
    hold: () => {
      holding = true;
    },
    held: () => held,
    release,
  };
}

/** A word of another tab's login heard while this tab's login is on its way, kept for after it. */
const queued = (client: ServerSessionClientBase) =>
  (sessionActorOf(client).getSnapshot().context as unknown as { queued: boolean }).queued;

/** What the next load of the page shows (a new client on the same cookie jar). */
async function nextLoad(profile: ReturnType<typeof browserProfile>) {
  const reload = createServerSessionClient({ fetch: profile.fetch, environment: { channel: null } });
  clients.push(reload);
  return (await reload.ready).status;
}

describe('another tab signs in while this tab shows a failed login', () => {
  it('a wrong password shown, then the other tab signs in: this tab reads the session and shows the player', async () => {
    const { a, b, profile } = twoTabs();
    await Promise.all([a.ready, b.ready]);
    const { plain } = ref.server.seed;
    b.login({ login: plain.email, password: 'wrong-password' });
    await until(() => b.view.status === 'failed', 'the wrong password refused');
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.status === 'signedIn', 'the other tab signed in');
    await until(() => b.view.status === 'signedIn', 'this tab read the session');
    expect(b.view.user?.id).toBe(plain.id);
    expect(b.view.error).toBeNull();
    expect(await nextLoad(profile)).toBe('signedIn');
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
    const { a, b, profile, hold, held, release } = twoTabs();
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
    expect(await nextLoad(profile)).toBe('signedIn');
  });

  it("the other tab signs in while this tab's login is on its way, then this tab cancels: read, signed in as the other tab", async () => {
    const { a, b, profile, hold, held, release } = twoTabs();
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
    expect(await nextLoad(profile)).toBe('signedIn');
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
    const reads = profile.seen.filter((s) => s.url.endsWith('/session')).length;
    b.login({ login: plain.email, password: 'wrong-password' });
    await until(() => b.view.status === 'failed', 'refused');
    await turns(50);
    expect(b.view.status).toBe('failed');
    expect(profile.seen.filter((s) => s.url.endsWith('/session')).length).toBe(reads);
  });
});
