import { createWebStorageTokenStore } from 'pam-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../support/memory-storage';
import { logIn, S, type Tab, useWorld } from '../support/world';

// Review 6 (RECHECK2): an accepted pause or self-exclusion bars betting until a read made after the
// acceptance shows THAT restriction, across a logout and a new login, and across a reload (a new
// page of the same origin: the bar is kept in `localStorage`, keyed by player). A lagging replica
// answers the profile from before; one showing an earlier pause does not show an extension.

const world = useWorld();
const PROFILE = '/auth/user-profile';
const r = (t: Tab) => t.client.view.restrictions!;
const password = () => world.server.seed.plain.password;
const pause = (t: Tab, days = 7) =>
  t.client.user.setTimeoutLimits({ user_pause: days, reason: 1, password_check: password() });

afterEach(() => vi.unstubAllGlobals());

async function open(o: Parameters<typeof world.open>[0] = {}): Promise<Tab> {
  const tab = world.open({ tabId: 'tab-a', ...o });
  await logIn(world, tab);
  await world.advance(2 * S);
  return tab;
}

/** The profile as the server answers it now (what a lagging replica answers after a change). */
async function profileNow(tab: Tab): Promise<unknown> {
  const answer = await fetch(`${world.server.url}${PROFILE}`, {
    headers: { authorization: `Bearer ${await tab.token()}` },
  });
  return answer.json();
}

const lag = (body: unknown, times = 5) =>
  world.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body, times });

describe('an accepted pause outlives the login and the page until a read shows it', () => {
  it('a logout and a new login on a lagging replica stay barred; the read that shows it lifts the bar', async () => {
    const tab = await open();
    expect(r(tab)).toMatchObject({ canBet: true, status: 'current' });
    const before = await profileNow(tab);
    await pause(tab);
    expect(r(tab).canBet).toBe(false);
    lag(before);
    tab.client.logout();
    await world.advance(1 * S);
    expect(tab.state()).toBe('signedOut');
    await logIn(world, tab);
    await world.advance(2 * S);
    expect(tab.state()).toBe('signedIn');
    expect({ canBet: r(tab).canBet, status: r(tab).status }).toEqual({ canBet: false, status: 'stale' });
    // The replica catches up: the next reads (backing off) show the pause.
    await world.advance(120 * S);
    expect(r(tab)).toMatchObject({ canBet: false, status: 'current' });
    expect(r(tab).inForce.map((x) => x.kind)).toContain('pause');
  });

  it('a reload (a new page on the same storage) on a lagging replica stays barred', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    const tokens = () => createWebStorageTokenStore({ storage });
    const tab = await open({ storage: tokens() });
    const before = await profileNow(tab);
    await pause(tab);
    expect(r(tab).canBet).toBe(false);
    lag(before);
    tab.client.stop();
    const again = world.open({ tabId: 'tab-a2', storage: tokens() });
    for (let i = 0; i < 200 && again.state() !== 'signedIn'; i++) await world.settle();
    await world.advance(2 * S);
    expect(again.state()).toBe('signedIn');
    expect({ canBet: r(again).canBet, status: r(again).status }).toEqual({ canBet: false, status: 'stale' });
  });

  it('a reload and a new login stay barred', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    const tab = await open();
    const before = await profileNow(tab);
    await pause(tab);
    lag(before);
    tab.client.stop();
    const again = await open({ tabId: 'tab-a2' });
    expect({ canBet: r(again).canBet, status: r(again).status }).toEqual({ canBet: false, status: 'stale' });
  });

  it('an extended pause: a lagging read showing the earlier pause does not lift the bar', async () => {
    const tab = await open();
    await pause(tab, 7);
    await world.advance(60 * S);
    expect(r(tab)).toMatchObject({ canBet: false, status: 'current' });
    const earlier = await profileNow(tab);
    await pause(tab, 14);
    lag(earlier);
    await world.advance(5 * S);
    expect({ canBet: r(tab).canBet, status: r(tab).status }).toEqual({ canBet: false, status: 'stale' });
    // Caught up: the read showing the extended pause lifts the bar.
    await world.advance(120 * S);
    expect(r(tab)).toMatchObject({ canBet: false, status: 'current' });
  });
});
