// Review 158: a well-formed stored session the server does not know (a forged token), of another
// player than it names, or with times out of range, ends as the server says: signed out and
// removed when the server does not know it, signed in with the server's player otherwise; a
// signed-out tab never sends another tab's login from a shared store; no token in anything told.
import { createWebStorageTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { H, logIn, S, T0, useWorld } from '../support/world';
import { authed, KEY, MapStorage, record } from './kit';

const world = useWorld();

function restoreFrom(value: Record<string, unknown>) {
  const storage = new MapStorage();
  storage.map.set(KEY, JSON.stringify(value));
  const tab = world.open({ channel: false, storage: createWebStorageTokenStore({ storage }) });
  return { storage, tab, told: record(tab) };
}
const base = { tokenType: 'Bearer', expiresAt: null, savedAt: T0 };

describe('review 158: a stored session the server does not know, or of another player', () => {
  it('a forged token: signed out as expired, removed, never told', async () => {
    const { storage, tab, told } = restoreFrom({ accessToken: 'forged-token-158', ...base, userId: 1 });
    await world.advance(3 * S);
    expect(tab.client.view.status).toBe('signedOut');
    expect(storage.map.has(KEY)).toBe(false);
    expect(told.all()).not.toContain('forged-token-158');
  });

  it("a token of player 1 stored as player 4's: signed out, never showing player 1's data", async () => {
    const token = world.server.issueToken(world.server.seed.plain.id);
    const { storage, tab, told } = restoreFrom({ accessToken: token, ...base, userId: 4, sid: 7, seq: 7 });
    await world.advance(3 * S);
    expect(tab.client.view.status).toBe('signedOut');
    expect(storage.map.has(KEY)).toBe(false);
    expect(told.all()).not.toContain('player@example.com');
    expect(told.all()).not.toContain(token);
  });

  it.each([
    ['an expiry far in the future', { expiresAt: 8.64e15 }],
    [
      'a save far in the future',
      { savedAt: T0 + 10 * 365 * 24 * H, expiresAt: T0 + 10 * 365 * 24 * H + 8 * H },
    ],
    ['an expiry past, the token live', { savedAt: T0 - 9 * H, expiresAt: T0 - H }],
    ['a negative save', { savedAt: -1e15 }],
  ])('%s, a live token: signed in, refreshed within the interval, view expiry finite', async (_n, times) => {
    const token = world.server.issueToken(world.server.seed.plain.id);
    const { tab } = restoreFrom({ accessToken: token, ...base, ...times, userId: 1 });
    await world.advance(3 * S);
    expect(tab.client.view.status).toBe('signedIn');
    const at = tab.client.view.expiresAt;
    expect(at === null || (Number.isFinite(at) && at <= world.now() + 367 * 24 * H)).toBe(true);
    await world.advance(6 * H + 2 * 60 * S, 30 * S);
    expect(world.count('POST', '/users/refresh-token')).toBeGreaterThanOrEqual(1);
    expect(tab.client.view.status).toBe('signedIn');
  });

  it("a signed-out tab on a shared store sends no call with another tab's login", async () => {
    const storage = new MapStorage();
    const b = world.open({
      tabId: 'tab-b',
      channel: false,
      storage: createWebStorageTokenStore({ storage }),
    });
    const a = world.open({
      tabId: 'tab-a',
      channel: false,
      storage: createWebStorageTokenStore({ storage }),
    });
    await world.advance(S);
    await logIn(world, b, 'paused');
    await world.advance(2 * S);
    const before = authed(world).length;
    const call = a.client.http.get('/auth/user-profile').then(
      () => 'answered',
      (e: { code?: string }) => e.code,
    );
    await world.advance(S);
    expect(await call).toBe('unauthorized');
    expect(authed(world).length).toBe(before);
  });
});
