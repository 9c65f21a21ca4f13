import { describe, expect, it } from 'vitest';
import type { ServerSessionClientBase } from '../../machines/index';
import { turns, until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { forged, twoFreeTabs, useClients } from './forged-support';
import { browserProfile, runningClock, usePam } from './support';

// REVIEW-26B B-1's second item: a `signedOut` message naming the login held signed the tab out at
// once, so any script on the channel could sign every tab out (fail-closed, but a denial of
// service). The tab now asks the server (`GET <prefix>/session`), shown `stale` (no betting)
// meanwhile, and signs out only when the server says so; a flood of words costs one read at a time
// (one more queued after it). A real sign-out in another tab still signs it out, told as `remote`.
// Real sockets: the reference server behind `pam-client/server`; tab A's session reads can be
// held before they leave.

const clock = runningClock();
const pam = usePam(clock);

describe('server-session: a signedOut word is asked of the server', () => {
  const clients = useClients();
  async function twoTabs() {
    const { plain } = pam.ref.server.seed;
    const hub = new FakeChannelHub();
    const profile = browserProfile(pam.fx.served.url);
    let reads = 0;
    let inFlight = 0;
    let most = 0;
    let hold: Promise<void> | null = null;
    const fetchA = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(typeof input === 'string' || input instanceof URL ? input : input.url);
      if (!/\/session$/.test(url) || (init?.method ?? 'GET') !== 'GET') return profile.fetch(input, init);
      reads++;
      most = Math.max(most, ++inFlight);
      try {
        await hold;
        return await profile.fetch(input, init);
      } finally {
        inFlight--;
      }
    }) as typeof fetch;
    const [a, b] = await twoFreeTabs(clients, hub, fetchA, profile.fetch, plain);
    const loginId = (a.session.getSnapshot().context as { loginId: string }).loginId;
    const views: ServerSessionClientBase['view'][] = [];
    a.subscribe((v) => views.push(v));
    const signedOut: string[] = [];
    a.on('signedOut', (e) => signedOut.push(`${e.reason}:${e.remote}`));
    const held = () => {
      let release = () => {};
      hold = new Promise((r) => (release = r));
      return () => {
        hold = null;
        release();
      };
    };
    return { a, b, hub, loginId, views, signedOut, held, reads: () => reads, most: () => most, profile };
  }

  it('a flood of forged signedOut words: one read at a time, stale meanwhile, still signed in', async () => {
    const t = await twoTabs();
    const before = t.reads();
    const release = t.held();
    const script = t.hub.channel();
    for (let i = 0; i < 50; i++)
      script.postMessage(forged({ type: 'signedOut', loginId: t.loginId, reason: 'logout' }));
    await until(() => t.reads() > before, 'tab A asks the server');
    await turns(20);
    for (let i = 0; i < 50; i++)
      script.postMessage(forged({ type: 'signedOut', loginId: t.loginId, reason: 'expired' }));
    await turns(20);
    // While the server is asked: signed in, not free to bet.
    expect(t.a.view.status).toBe('signedIn');
    expect(t.a.view.restrictions?.canBet).toBe(false);
    release();
    await until(() => t.a.view.restrictions?.canBet === true, 'free again once the server said signed in');
    expect(t.views.filter((v) => v.status !== 'signedIn')).toEqual([]);
    expect(t.signedOut).toEqual([]);
    // One read, and one more for the words heard during it.
    expect(t.reads() - before).toBe(2);
    expect(t.most()).toBe(1);
  });

  it('a real sign-out in the other tab, during a read for forged words: tab A signs out, told remote', async () => {
    const t = await twoTabs();
    const release = t.held();
    const script = t.hub.channel();
    script.postMessage(forged({ type: 'signedOut', loginId: t.loginId, reason: 'logout' }));
    await turns(20);
    // The read for the forged word is on its way (held); tab B signs out for real.
    t.b.logout();
    await until(() => t.b.view.status === 'signedOut', 'tab B signed out');
    await turns(20);
    release();
    await until(() => t.a.view.status === 'signedOut', 'tab A signed out');
    expect(t.a.view.signedOutReason).toBe('remote');
    expect(t.signedOut).toEqual(['logout:true']);
    expect(t.views.filter((v) => v.restrictions?.canBet === true)).toEqual([]);
  });

  it('a real sign-out in the other tab: tab A signs out promptly (one read)', async () => {
    const t = await twoTabs();
    const before = t.reads();
    t.b.logout();
    await until(() => t.a.view.status === 'signedOut', 'tab A signed out');
    expect(t.a.view.signedOutReason).toBe('remote');
    expect(t.signedOut).toEqual(['logout:true']);
    expect(t.reads() - before).toBeLessThanOrEqual(1);
  });
});
