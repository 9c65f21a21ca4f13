// Review 140: review 134's fix (a 401 waits for a stopped client's refresh of the same token on the
// same store) under StrictMode-like remounts: A stops with its refresh in flight, B opens on the
// same store and stops before the answer lands, C opens. C stays signed in on the rotated token,
// the store ends live; and a sign-out in the middle (A's flight aborted by its logout, another
// player signed in on the store before the answer) never hands that player's store to the old login.
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { clientsFor } from '../support/server';
import { H, logIn, MIN, S, useWorld } from '../support/world';

const world = useWorld();

const live = async (token: string | null) =>
  clientsFor(world.server, token)
    .auth.getUserProfile()
    .then(
      () => 'live',
      (e: { code?: string }) => e.code,
    );

async function toRefreshSent(delayS: number) {
  world.delayAnswers({ method: 'POST', path: '/users/refresh-token', ms: delayS * S, times: 1 });
  await world.advance(5 * H + 55 * MIN, 5 * MIN);
  for (let i = 0; i < 400 && world.count('POST', '/users/refresh-token') === 0; i++)
    await world.advance(S, S);
  expect(world.count('POST', '/users/refresh-token')).toBe(1);
}

describe('review 140: remounts in a row around a stopped refresh', () => {
  it('A stopped, B opened and stopped, C opened: C stays signed in, the store live', async () => {
    const store = createMemoryTokenStore();
    const a = world.open({ tabId: 'tab-a', channel: false, storage: store, retry: 0 });
    await logIn(world, a);
    await toRefreshSent(6);
    a.client.stop();
    const b = world.open({ tabId: 'tab-a', channel: false, storage: store, retry: 0 });
    await world
      .during(
        b.client.user.getAddress().catch(() => undefined),
        200,
      )
      .catch(() => undefined);
    b.client.stop();
    const c = world.open({ tabId: 'tab-a', channel: false, storage: store, retry: 0 });
    await world.during(
      c.client.user.getAddress().catch(() => undefined),
      S,
    );
    await world.advance(15 * S, S);
    await world.during(
      c.client.user.getAddress().catch(() => undefined),
      S,
    );
    expect(c.events).not.toContain('sessionExpired');
    expect(c.state()).toBe('signedIn');
    expect(await live((await store.get())?.accessToken ?? null)).toBe('live');
    expect(world.timers).toBeLessThan(50); // (no pile of waits left)
  });

  it('A signs out mid-refresh and another player signs in on the store: B (the old login) takes nothing', async () => {
    const store = createMemoryTokenStore();
    const a = world.open({ tabId: 'tab-a', channel: false, storage: store, retry: 0 });
    await logIn(world, a);
    const b = world.open({ tabId: 'tab-b', channel: false, storage: store, retry: 0 });
    await world.advance(2 * S, 100);
    expect(b.state()).toBe('signedIn');
    await toRefreshSent(6);
    a.client.logout(); // A's flight aborted by a sign-out, not a stop
    await world.advance(S, 100);
    const other = world.open({ tabId: 'tab-c', channel: false, storage: store, retry: 0 });
    await logIn(world, other, 'timeLimit');
    const otherToken = (await store.get())?.accessToken;
    void b.client.user.getAddress().catch(() => undefined);
    await world.advance(20 * S, S);
    expect(b.state()).not.toBe('signedIn');
    expect(b.client.view.user).toBeNull();
    // The other player's login kept, untouched; B holds none of it.
    expect((await store.get())?.accessToken).toBe(otherToken);
    expect(other.state()).toBe('signedIn');
    expect(await live(otherToken ?? null)).toBe('live');
  });
});
