// Review 131, DEFECT: a client stopped (`client.stop()`: an SPA tearing down its client, a hot
// reload, a framework unmount) while its timed refresh is on its way loses the refreshed token.
// The reference server rotates at once (the old token stops working when the refresh arrives); the
// answer lands after the stop, the store still holds the login and the exact token it sent, and
// `tookBack` only takes the new token out of the vault "for the cycle's next try", which a stopped
// client never makes. The store is left with the token the server just revoked: the next client on
// that store (the page opened again) restores a dead session and the player is signed out, though
// the server said the refresh was fine.
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { clientsFor } from '../support/server';
import { H, logIn, MIN, S, useWorld } from '../support/world';

const world = useWorld();

describe('review 131: stopped while the refresh answer is on its way', () => {
  it('the store keeps a token the server still accepts', async () => {
    const store = createMemoryTokenStore();
    const a = world.open({ tabId: 'tab-a', channel: false, storage: store, retry: 0 });
    await logIn(world, a);
    const before = await a.token();
    world.delayAnswers({ method: 'POST', path: '/users/refresh-token', ms: 2 * S, times: 1 });
    const refreshes = () => world.count('POST', '/users/refresh-token');
    await world.advance(5 * H + 55 * MIN, 5 * MIN);
    for (let i = 0; i < 400 && refreshes() === 0; i++) await world.advance(5 * S, S);
    expect(refreshes()).toBe(1); // the control: the refresh reached the server (it rotated)
    a.client.stop();
    await world.advance(5 * S, S); // its answer arrives, after the stop
    const stored = (await store.get())?.accessToken ?? null;
    expect(stored).not.toBeNull();
    // The server's word on the stored token: alive, or revoked by the rotation.
    const { auth } = clientsFor(world.server, stored);
    const answer = await auth.getUserProfile().then(
      () => 'live',
      (e: { code?: string }) => e.code,
    );
    expect(stored === before ? 'the rotated-away token' : 'a new token').toBe('a new token');
    expect(answer).toBe('live');
  });

  it('the page opened again on that store stays signed in after its first read', async () => {
    const store = createMemoryTokenStore();
    const a = world.open({ tabId: 'tab-a', channel: false, storage: store, retry: 0 });
    await logIn(world, a);
    world.delayAnswers({ method: 'POST', path: '/users/refresh-token', ms: 2 * S, times: 1 });
    const refreshes = () => world.count('POST', '/users/refresh-token');
    await world.advance(5 * H + 55 * MIN, 5 * MIN);
    for (let i = 0; i < 400 && refreshes() === 0; i++) await world.advance(5 * S, S);
    a.client.stop();
    await world.advance(5 * S, S);
    const b = world.open({ tabId: 'tab-b', channel: false, storage: store, retry: 0 });
    await world.advance(10 * S, S);
    await b.client.user.getAddress().catch(() => undefined); // a read with the restored token
    await world.advance(10 * S, S);
    expect(b.events).not.toContain('sessionExpired');
    expect(b.state()).toBe('signedIn');
  });
});
