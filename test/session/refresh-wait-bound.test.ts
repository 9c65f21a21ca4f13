import { describe, expect, it } from 'vitest';
import { logIn, openTab, useWorld } from '../support/world';

// A refresh's waits on the other tabs are bounded by `refreshWait` (at most 4 min, within the
// refresh's own 10-min flight bound), whatever the adapter's timeout. With `timeout: Infinity` a
// claim lived ~24.8 days: a tab that vanished holding one (no release: a crash) made every other
// tab give way at each try, each cut by the flight bound as a timeout, so no tab ever refreshed;
// and two tabs whose 401s came in a partition waited on each other's claim until that bound, whose
// timeout kept the revoked login signed in (LOGIDGAPS, test/session/login-id-gaps.property).

const world = useWorld({ tokenTtlSeconds: 8 * 3600 });
const S = 1000;
const MIN = 60 * S;

describe('a refresh waits on the other tabs for a bounded time, whatever the timeout', () => {
  it('a claim of a tab that vanished holds no longer than the bound: the tab refreshes after it', async () => {
    const tab = openTab(world, { tabId: 'tab-b', timeout: Number.POSITIVE_INFINITY, retry: 0 });
    world.tabs.push(tab);
    await logIn(world, tab);
    // A tab that claimed the refresh and vanished (its page crashed: nothing released).
    const rival = world.hub.channel();
    rival.postMessage({ app: 'pam-client', v: 1, type: 'claim', from: 'tab-a' });
    await world.settle();
    const before = await tab.token();
    tab.client.state.send({ type: 'REFRESH' } as never);
    await world.advance(30 * MIN, 1000);
    expect(world.count('POST', '/users/refresh-token')).toBeGreaterThan(0);
    expect(tab.state()).toBe('signedIn');
    expect(await tab.token()).not.toBe(before);
  }, 120_000);

  it('a 401 heard while another tab’s claim stays live is final within the bound: signed out', async () => {
    const tab = openTab(world, { tabId: 'tab-b', timeout: Number.POSITIVE_INFINITY, retry: 0 });
    world.tabs.push(tab);
    await logIn(world, tab);
    const token = (await tab.token())!;
    // The login revoked elsewhere (a client with no channel), and a rival's claim heard that never
    // ends (its answer, held, never told).
    await fetch(`${world.server.url}/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const rival = world.hub.channel();
    rival.postMessage({ app: 'pam-client', v: 1, type: 'claim', from: 'tab-a' });
    await world.settle();
    tab.client.state.send({ type: 'REFRESH' } as never);
    // Past the bound (4 min and the claim's settling), well before the 10-min flight bound.
    await world.advance(5 * MIN, 1000);
    expect(tab.state()).toBe('signedOut');
  }, 120_000);
});
