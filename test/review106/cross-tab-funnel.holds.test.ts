// REVIEW106 probes (hold): funnel events across tabs are told once each, and never a sign-in for a
// tab that did not sign in. Tried, over real sockets on simulated time, two tabs on one store and
// one channel: tab A signs in (its run: started, signedIn); tab B opened afterwards restores or
// adopts the session (one `session.restored` or `session.adopted`, no `signIn.*`); A's refresh
// (REFRESH) is told `session.refreshed` once in each tab; A's logout is `session.signedOut` in A
// (remote false) and once in B (remote true). No event in either tab holds the e-mail or the password.
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { funnelTab, typesOf } from '../funnel/record';
import { S, useWorld } from '../support/world';

const world = useWorld();

async function settleUntil(cond: () => boolean) {
  for (let i = 0; i < 200 && !cond(); i++) await world.advance(50, 50);
  expect(cond()).toBe(true);
}

describe('REVIEW106: cross-tab funnel events', () => {
  it('each moment once per tab, no sign-in told in the tab that took the session', async () => {
    const storage = createMemoryTokenStore();
    const a = funnelTab(world, { tabId: 'tab-a', random: 0.3, storage });
    await world.settle();
    const { email, password } = world.server.seed.plain;
    a.client.login({ login: email, password });
    await settleUntil(() => a.client.view.status === 'signedIn');
    await world.advance(2 * S);
    const b = funnelTab(world, { tabId: 'tab-b', random: 0.6, storage });
    await settleUntil(() => b.client.view.status === 'signedIn');
    await world.advance(2 * S);
    a.client.state.send({ type: 'REFRESH' });
    await world.advance(3 * S);
    a.client.logout();
    await settleUntil(() => b.client.view.status === 'signedOut');
    await world.advance(2 * S);
    const bTypes = typesOf(b.funnel);
    expect(bTypes.filter((t) => t.startsWith('signIn.'))).toEqual([]);
    expect(bTypes.filter((t) => t === 'session.restored' || t === 'session.adopted')).toHaveLength(1);
    for (const tab of [a, b]) {
      const types = typesOf(tab.funnel);
      expect(types.filter((t) => t === 'session.refreshed')).toHaveLength(1);
      expect(types.filter((t) => t === 'session.signedOut')).toHaveLength(1);
      const text = JSON.stringify(tab.funnel);
      expect(text).not.toContain(email);
      expect(text).not.toContain(password);
    }
    expect(typesOf(a.funnel).filter((t) => t.startsWith('signIn.'))).toEqual([
      'signIn.started',
      'signIn.signedIn',
    ]);
    expect(b.funnel.find((e) => e.type === 'session.signedOut')).toMatchObject({ remote: true });
    expect(a.funnel.find((e) => e.type === 'session.signedOut')).toMatchObject({ remote: false });
  });
});
