// Review 158: a web storage that throws (SecurityError on every call, a full quota) or drops writes
// silently keeps the session coherent and fails closed: signed in, calls carry the token, the
// logout ends it, a later page finds no session to restore, and stop() leaves nothing armed or sent.
import { createWebStorageTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { H, logIn, S, useWorld } from '../support/world';
import { KEY, MapStorage, quotaError, record, securityError } from './kit';

const world = useWorld();

async function session(storage: MapStorage) {
  const tab = world.open({
    tabId: 'tab-a',
    channel: false,
    storage: createWebStorageTokenStore({ storage }),
  });
  const told = record(tab);
  await world.advance(S);
  expect(tab.state()).toBe('signedOut');
  await logIn(world, tab);
  await world.advance(2 * S);
  expect(tab.state()).toBe('signedIn');
  const address = await world.during(
    tab.client.user.getAddress().then(
      () => 'answered',
      (e) => e.code,
    ),
  );
  expect(address).toBe('answered');
  return { tab, told };
}

async function stopAndCheck(tab: { client: { stop(): void } }) {
  tab.client.stop();
  const sent = world.server.requests.length;
  await world.advance(10 * 60 * S, 10 * S);
  expect(world.timers).toBe(0);
  expect(world.server.requests.length).toBe(sent);
}

describe('review 158: a storage that throws or drops writes', () => {
  it.each([
    [
      'SecurityError on every call',
      (s: MapStorage) => (s.fail = { get: securityError(), set: securityError(), remove: securityError() }),
    ],
    ['getItem throwing only', (s: MapStorage) => (s.fail = { get: securityError() })],
    ['a full quota', (s: MapStorage) => (s.fail = { set: quotaError() })],
    ['writes dropped silently', (s: MapStorage) => (s.drop = true)],
  ])(
    '%s: signed in with the token, no token told, logout signs out, nothing after stop',
    async (_n, breakIt) => {
      const storage = new MapStorage();
      breakIt(storage);
      const { tab, told } = await session(storage);
      const token = world.server.requests
        .find((r) => r.headers.authorization)
        ?.headers.authorization?.slice(7);
      expect(token).toBeTruthy();
      expect(told.all()).not.toContain(token!);
      tab.client.logout();
      await world.advance(2 * S);
      expect(tab.state()).toBe('signedOut');
      expect(world.count('POST', '/auth/logout')).toBe(1);
      // A page opened now restores nothing.
      storage.fail = {};
      storage.drop = false;
      const next = world.open({
        tabId: 'tab-n',
        channel: false,
        storage: createWebStorageTokenStore({ storage }),
      });
      await world.advance(2 * S);
      expect(next.state()).toBe('signedOut');
      await stopAndCheck(tab);
    },
  );

  it('a refresh whose write hits the quota: the rotated-away token is not left in storage', async () => {
    const storage = new MapStorage();
    const { tab } = await session(storage);
    const first = JSON.parse(storage.map.get(KEY)!).accessToken as string;
    storage.fail = { set: quotaError() };
    await world.advance(6 * H + 2 * 60 * S, 30 * S);
    expect(world.count('POST', '/users/refresh-token')).toBeGreaterThanOrEqual(1);
    expect(tab.state()).toBe('signedIn');
    expect(storage.map.get(KEY) ?? '').not.toContain(first);
    await stopAndCheck(tab);
  });
});
