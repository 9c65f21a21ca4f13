import { describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { H, logIn, MIN, openTab, S, type Tab, useWorld } from '../support/world';

// Tabs of one origin sharing a session over a (fake) BroadcastChannel, one scenario per test.

const world = useWorld();
const REFRESH = '/users/refresh-token';

function open(n: number, random: (i: number) => number): Tab[] {
  const opened = Array.from({ length: n }, (_, i) =>
    openTab(world, { random: random(i), tabId: `tab-${i}` }),
  );
  world.tabs.push(...opened);
  return opened;
}

const tokensOf = (list: Tab[]) => Promise.all(list.map((t) => t.token()));

describe('chaos: cross-tab session', () => {
  it('adopts a login made in another tab', async () => {
    const [a, b, c] = open(3, () => 0.5);
    await logIn(world, a!);
    await world.settle();
    expect([a, b, c].map((t) => t!.state())).toEqual(['signedIn', 'signedIn', 'signedIn']);
    const [ta, tb, tc] = await tokensOf([a!, b!, c!]);
    expect(tb).toBe(ta);
    expect(tc).toBe(ta);
    expect(world.count('POST', '/auth/login')).toBe(1);
  });

  it.each([
    ['two tabs, different jitter', 2, (i: number) => [0.1, 0.7][i]!],
    ['five tabs, identical jitter (tie broken by tab id)', 5, () => 0.5],
  ])('%s reaching the 6 h mark together: exactly one refresh, one token for all', async (_, n, random) => {
    const list = open(n, random);
    await logIn(world, list[0]!);
    await world.settle();
    const before = await list[0]!.token();
    await world.advance(6 * H - MIN, 10 * MIN);
    await world.advance(2 * MIN, 50);
    expect(world.count('POST', REFRESH)).toBe(1);
    const tokens = await tokensOf(list);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(before);
    expect(list.map((t) => t.state())).toEqual(Array(n).fill('signedIn'));
    // The shared token is the one the server accepts.
    await list[n - 1]!.client.auth.getUserProfile();
    expect(world.server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${tokens[0]}`);
    // And the next cycle is one refresh again, 6 h later.
    await world.advance(6 * H, 10 * MIN);
    await world.advance(2 * MIN, 50);
    expect(world.count('POST', REFRESH)).toBe(2);
    expect(new Set(await tokensOf(list)).size).toBe(1);
  });

  it('signs every tab out when one logs out', async () => {
    const list = open(3, () => 0.5);
    await logIn(world, list[1]!);
    await world.settle();
    list[1]!.client.logout();
    await world.settle();
    expect(list.map((t) => t.state())).toEqual(['signedOut', 'signedOut', 'signedOut']);
    expect(await tokensOf(list)).toEqual([null, null, null]);
    expect(world.count('POST', '/auth/logout')).toBe(1);
    expect(world.server.requests.at(-1)?.headers.authorization).toMatch(/^Bearer \S+/);
    // Stopping a tab removes every listener it added to the page and the channel.
    const [first] = list;
    first!.client.stop();
    expect(first!.page.listenerCount).toBe(0);
    expect(first!.channel?.listenerCount).toBe(0);
    expect(world.timers).toBe(0);
  });

  it('a tab that lost a refresh race (401) adopts the winner token instead of signing out', async () => {
    const [a, b] = open(2, () => 0.5);
    await logIn(world, a!);
    await world.settle();
    // B does not hear A's refresh (a frozen tab), then refreshes with the rotated-away token.
    world.hub.hold();
    a!.client.state.send({ type: 'REFRESH' });
    await world.advance(S, 50);
    expect(world.count('POST', REFRESH)).toBe(1);
    b!.client.state.send({ type: 'REFRESH' });
    await world.advance(S, 50);
    world.hub.release();
    await world.advance(2 * S, 50);
    expect(world.count('POST', REFRESH)).toBe(2);
    expect(
      world.server.requests.filter((r) => r.path === REFRESH).map((r) => r.headers.authorization),
    ).toHaveLength(2);
    expect(b!.state()).toBe('signedIn');
    expect(b!.events).not.toContain('sessionExpired');
    expect(await b!.token()).toBe(await a!.token());
    await b!.client.auth.getUserProfile();
    expect(a!.state()).toBe('signedIn');
  });

  it('a tab opened later gets the session from the others', async () => {
    const [a] = open(1, () => 0.5);
    await logIn(world, a!);
    const late = openTab(world, { random: 0.5, tabId: 'tab-late' });
    world.tabs.push(late);
    await world.settle();
    expect(late.state()).toBe('signedIn');
    expect(await late.token()).toBe(await a!.token());
  });

  it('ignores foreign and malformed messages on the channel', async () => {
    const [a] = open(1, () => 0.5);
    await world.settle();
    const intruder = world.hub.channel();
    for (const data of [
      null,
      'hello',
      { app: 'pam-client', v: 1, from: 'x', type: 'session', session: { accessToken: 5 }, reason: 'login' },
      { app: 'other', v: 1, from: 'x', type: 'signedOut' },
      { app: 'pam-client', v: 2, from: 'x', type: 'session', session: {}, reason: 'login' },
      { app: 'pam-client', v: 1, type: 'claim' },
    ])
      intruder.postMessage(data);
    await world.settle();
    expect(a!.state()).toBe('signedOut');
    await logIn(world, a!);
    intruder.postMessage({ app: 'other', v: 1, from: 'x', type: 'signedOut' });
    await world.settle();
    expect(a!.state()).toBe('signedIn');
  });
});

describe('chaos: cross-tab session on the real BroadcastChannel (Node)', () => {
  it('shares a login and a logout between two clients', async () => {
    const name = `pam-test-${Math.random()}`;
    const channels = [new BroadcastChannel(name), new BroadcastChannel(name)];
    try {
      const [a, b] = channels.map((channel, i) =>
        openTab(world, { tabId: `real-${i}`, environment: { channel: channel as never } }),
      );
      world.tabs.push(a!, b!);
      await logIn(world, a!);
      await until(() => b!.state() === 'signedIn', 'b follows the login'); // the real channel: event-loop turns
      expect(await b!.token()).toBe(await a!.token());
      b!.client.logout();
      await until(() => a!.state() === 'signedOut', 'a follows the logout');
      expect(await a!.token()).toBeNull();
      await until(() => world.count('POST', '/auth/logout') === 1, 'the logout at the server');
      await world.settle();
      expect(world.count('POST', '/auth/logout')).toBe(1);
    } finally {
      for (const channel of channels) channel.close();
    }
  });
});
