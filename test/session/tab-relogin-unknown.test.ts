import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { openTab, type Tab, useWorld } from '../support/world';

const world = useWorld();

async function signIn(tab: Tab, who: 'plain' | 'pendingLimit' = 'plain') {
  const { email, password } = world.server.seed[who];
  tab.client.login({ login: email, password });
  for (let i = 0; i < 200 && tab.state() !== 'signedIn'; i++) await world.settle();
  await world.advance(2000, 50);
}

describe('tabs: the next login after a remote sign-out', () => {
  it.each([
    ['b', 'b'],
    ['b', 'a'],
    ['a', 'b'],
    ['a', 'a'],
  ] as const)('%s signs out, %s signs in again: both tabs current', async (outBy, inBy) => {
    const a = openTab(world, { tabId: 'tab-a', random: 0.3 });
    const b = openTab(world, { tabId: 'tab-b', random: 0.6 });
    world.tabs.push(a, b);
    await signIn(a);
    const t = { a, b };
    expect([a, b].map((x) => x.client.view.restrictions?.status)).toEqual(['current', 'current']);
    t[outBy].client.logout();
    await world.advance(1000, 50);
    expect([a.state(), b.state()]).toEqual(['signedOut', 'signedOut']);
    await signIn(t[inBy]);
    expect([a.state(), b.state()]).toEqual(['signedIn', 'signedIn']);
    expect([a, b].map((x) => x.client.view.restrictions?.status)).toEqual(['current', 'current']);
  });

  it('after an expiry the other tab followed, the next login: both tabs current', async () => {
    const a = openTab(world, { tabId: 'tab-a', random: 0.3 });
    const b = openTab(world, { tabId: 'tab-b', random: 0.6 });
    world.tabs.push(a, b);
    await signIn(a);
    // A's refresh answers 401 while B sleeps (B would answer A's lost-race sync): A expires, then
    // B hears it and follows.
    world.server.expireTokens();
    world.hub.hold();
    sessionActorOf(a.client).send({ type: 'REFRESH' });
    await world.advance(3000, 50);
    world.hub.release();
    await world.advance(500, 50);
    expect([a.state(), b.state()]).toEqual(['signedOut', 'signedOut']);
    expect(a.client.view.signedOutReason).toBe('expired');
    await signIn(a);
    expect([a.state(), b.state()]).toEqual(['signedIn', 'signedIn']);
    expect([a, b].map((x) => x.client.view.restrictions?.status)).toEqual(['current', 'current']);
  });
});
