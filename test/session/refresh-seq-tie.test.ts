import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { S, useWorld } from '../support/world';
import { draws, grantsOf, runFor, signIn, signOutAll } from './revoke-support';

// Review rk10 x5: two tabs share one token store and the channel lags. Tab A refreshes T1 -> T2;
// tab B, not yet aware, refreshes the T2 it reads from the store -> T3. B's refresh once stamped
// B's own clock + 1 (a tie with A's T2), so A's late message (T2) won the tie in B, which wrote the
// rotated T2 back over T3: A then sent T2, got a 401, and both tabs signed out. A refresh is
// strictly newer than the token it sent (seq = sent.seq + 1), and no tab writes a session of its
// login over a newer one of the store. Real sockets against the reference server; time simulated.

const world = useWorld();

/** Delivers the first `n` messages the hub holds, keeping the rest held (a channel that lags). */
function deliverFirst(n: number) {
  for (const deliver of world.hub.held?.splice(0, n) ?? []) deliver();
}

describe('a heard session older than the store is never written over it (rk10 x5)', () => {
  it("B hears A's login late, after A refreshed: B takes the stored token, both stay signed in", async () => {
    const g = grantsOf(world);
    const storage = createMemoryTokenStore();
    const a = g.open({ tabId: 'tab-a', storage, environment: { random: draws(0.3) } });
    const b = g.open({ tabId: 'tab-b', storage, environment: { random: draws(0.6) } });
    await world.settle();
    world.hub.hold();
    await signIn(world, a);
    await runFor(world, 2 * S);
    const loginMessages = world.hub.held?.length ?? 0;
    const t1 = await a.token();
    a.client.state.send({ type: 'REFRESH' } as never);
    await runFor(world, 2 * S);
    const t2 = await a.token();
    expect(t2).not.toBe(t1);
    // B hears A's login now, its refresh still later.
    deliverFirst(loginMessages);
    await runFor(world, 5 * S);
    expect((await storage.get())?.accessToken).toBe(t2);
    world.hub.release();
    await runFor(world);
    expect([a.client.view.status, b.client.view.status]).toEqual(['signedIn', 'signedIn']);
    for (const t of [a, b]) await expect(t.client.auth.getUserProfile()).resolves.toBeTruthy();
    await signOutAll(world, [a, b]);
    expect(await g.live()).toEqual([]);
  });
});

describe('a refresh of a token another tab refreshed is newer than it (rk10 x5)', () => {
  it('A refreshes, then B refreshes the stored token, the channel late: both stay signed in', async () => {
    const g = grantsOf(world);
    const storage = createMemoryTokenStore();
    const a = g.open({ tabId: 'tab-a', storage, environment: { random: draws(0.3) } });
    const b = g.open({ tabId: 'tab-b', storage, environment: { random: draws(0.6) } });
    await world.settle();
    await signIn(world, a);
    await runFor(world, 2 * S);
    expect([a.client.view.status, b.client.view.status]).toEqual(['signedIn', 'signedIn']);
    world.hub.hold();
    a.client.state.send({ type: 'REFRESH' } as never);
    await runFor(world, 3 * S);
    const t2 = await a.token();
    const seq2 = (await storage.get())?.seq ?? 0;
    b.client.state.send({ type: 'REFRESH' } as never);
    await runFor(world, 3 * S);
    const t3 = (await storage.get())?.accessToken;
    expect(t3).not.toBe(t2);
    // B's refresh is newer than the token it sent (A's T2): never a tie with it.
    expect((await storage.get())?.seq).toBe(seq2 + 1);
    world.hub.release();
    await runFor(world);
    // The rotated T2 is never written back over T3.
    expect((await storage.get())?.accessToken).not.toBe(t2);
    expect([a.client.view.status, b.client.view.status]).toEqual(['signedIn', 'signedIn']);
    for (const t of [a, b]) await expect(t.client.auth.getUserProfile()).resolves.toBeTruthy();
    await signOutAll(world, [a, b]);
    expect(await g.live()).toEqual([]);
  });
});
