import { sessionActorOf } from 'pam-client/devtools';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileNow, restrictionChanges } from '../support/restriction-changes';
import { H, logIn, MIN, S, type Tab, twoFreeTabs, useWorld } from '../support/world';

// A pause or self-exclusion accepted in one tab bars the other tabs of the login (they hear
// `restricted`). A tab that heard it remembers it as the accepting tab does (its accepted memory,
// a day at most): a later read of its own answered by a lagging replica (the profile from before the
// change) does not free the player there, even with no `localStorage` shared between the tabs
// (the test runs in node: there is none).

const world = useWorld();
afterEach(() => vi.unstubAllGlobals());
const PROFILE = '/auth/user-profile';

const restrictions = (t: Tab) => t.client.view.restrictions!;
const kinds = (t: Tab) => restrictions(t).inForce.map((r) => r.kind);

const CHANGES = restrictionChanges(world);

describe.each(Object.entries(CHANGES))('a %s heard from another tab', (kind, change) => {
  it('is remembered there: a later read from a lagging replica does not free the player', async () => {
    const [a, b] = await twoFreeTabs(world);
    const before = await profileNow(world, b);
    await change(a);
    await world.advance(5 * S);
    // B heard it, read, and its read shows it.
    expect(restrictions(b)).toMatchObject({ status: 'current', canBet: false });
    expect(kinds(b)).toContain(kind);
    // The accepting tab goes away (it can tell B nothing more), and every read from now on is
    // answered by a replica that lags (the profile from before the change).
    a.client.stop();
    world.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body: before, times: 1000 });
    const breaches: number[] = [];
    b.client.subscribe((v) => {
      if (v.restrictions?.canBet !== false) breaches.push(world.now());
    });
    const reads = world.count('GET', PROFILE);
    // Past the São Paulo midnight (03:00 UTC): B reads again, and the replica lags.
    await world.advance(4 * H, MIN);
    expect(world.count('GET', PROFILE)).toBeGreaterThan(reads);
    expect(restrictions(b).canBet).toBe(false);
    expect(breaches).toEqual([]);
  });
});

describe('a pause heard from another tab, kept past the login', () => {
  it('a logout and a new login of that tab on a lagging replica stay barred', async () => {
    const [a, b] = await twoFreeTabs(world);
    const before = await profileNow(world, b);
    await CHANGES.pause(a);
    await world.advance(5 * S);
    expect(restrictions(b)).toMatchObject({ status: 'current', canBet: false });
    a.client.stop();
    world.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body: before, times: 5 });
    b.client.logout();
    await world.advance(1 * S);
    expect(b.state()).toBe('signedOut');
    await logIn(world, b);
    await world.advance(2 * S);
    expect(b.state()).toBe('signedIn');
    expect(restrictions(b)).toMatchObject({ canBet: false, status: 'stale' });
    // The replica catches up: the reads (backing off) show the pause.
    await world.advance(120 * S);
    expect(restrictions(b)).toMatchObject({ canBet: false, status: 'current' });
    expect(kinds(b)).toContain('pause');
  });

  it('with a `localStorage` that cannot be written (shared by the tabs), the tab that heard it stays barred', async () => {
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    });
    const [a, b] = await twoFreeTabs(world);
    const before = await profileNow(world, b);
    await CHANGES.pause(a);
    await world.advance(5 * S);
    expect(restrictions(b)).toMatchObject({ status: 'current', canBet: false });
    a.client.stop();
    world.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body: before, times: 1000 });
    await world.advance(4 * H, MIN);
    expect(restrictions(b).canBet).toBe(false);
  });
});

describe('a malformed word', () => {
  it('is ignored: nothing barred, nothing read, nothing thrown', async () => {
    const [a, b] = await twoFreeTabs(world);
    const { userId, sid } = sessionActorOf(b.client).getSnapshot().context as { userId: number; sid: number };
    const reads = world.count('GET', PROFILE);
    const channel = world.hub.channel();
    const base = { app: 'pam-client', v: 1, from: 'tab-x', type: 'restricted', kind: 'pause', userId, sid };
    for (const bad of [
      null,
      'restricted',
      { ...base, kind: undefined },
      { ...base, kind: ['pause'] },
      { ...base, userId: Number.NaN },
      { ...base, userId: 2 ** 60 },
      { ...base, sid: 1.5 },
      { ...base, sid: null },
      { ...base, from: '' },
      { ...base, from: 'x'.repeat(200) },
      { ...base, v: 2 },
      { ...base, app: 'other' },
    ])
      expect(() => channel.postMessage(bad)).not.toThrow();
    await world.advance(2 * S);
    for (const t of [a, b])
      expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    expect(world.count('GET', PROFILE)).toBe(reads);
  });
});

describe('a pause heard before a read of the tab showed it, or while it held no login', () => {
  it('a new login of the tab that heard it, before any read of its own showed it, stays barred on a lagging replica', async () => {
    const [a, b] = await twoFreeTabs(world);
    const before = await profileNow(world, b);
    // Every read lags from now on, until the replica catches up.
    world.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body: before, times: 12 });
    await CHANGES.pause(a);
    await world.advance(2 * S);
    expect(restrictions(b)).toMatchObject({ canBet: false, status: 'stale' });
    a.client.stop();
    b.client.logout();
    await world.advance(1 * S);
    expect(b.state()).toBe('signedOut');
    await logIn(world, b);
    await world.advance(2 * S);
    expect(b.state()).toBe('signedIn');
    expect(restrictions(b)).toMatchObject({ canBet: false, status: 'stale' });
    await world.advance(10 * MIN, 10 * S);
    expect(restrictions(b)).toMatchObject({ canBet: false, status: 'current' });
    expect(kinds(b)).toContain('pause');
  });

  it('a tab that held no login when it heard it starts its next login of that player barred', async () => {
    // The pause is set elsewhere (a tab with no channel), and its word reaches a signed-out tab.
    const x = world.open({ tabId: 'tab-x', channel: false });
    await logIn(world, x);
    await world.advance(2 * S);
    const { userId, sid } = sessionActorOf(x.client).getSnapshot().context as { userId: number; sid: number };
    const before = await profileNow(world, x);
    await CHANGES.pause(x);
    x.client.stop();
    const c = world.open({ tabId: 'tab-c' });
    await world.advance(1 * S);
    expect(c.state()).toBe('signedOut');
    world.hub.channel().postMessage({
      app: 'pam-client',
      v: 1,
      from: 'tab-x',
      type: 'restricted',
      kind: 'pause',
      userId,
      sid,
    });
    await world.advance(1 * S);
    world.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body: before, times: 3 });
    await logIn(world, c);
    await world.advance(2 * S);
    expect(c.state()).toBe('signedIn');
    expect(restrictions(c)).toMatchObject({ canBet: false, status: 'stale' });
    await world.advance(2 * MIN, 10 * S);
    expect(restrictions(c)).toMatchObject({ canBet: false, status: 'current' });
    expect(kinds(c)).toContain('pause');
  });
});
