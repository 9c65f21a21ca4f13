// Review 42 (d): a logout made here ends every session of its login, even one another tab refreshed
// meanwhile (docs/session.md "Order"). Tabs A and B share one store and hold L1; B's channel is cut
// both ways. B's refresh of L1 reaches the server (T2 granted) and its answer is slow; A logs out
// (its logout actor clears the store at once; its revoke answer takes 3 s). B's answer lands and B
// stores L1 at counter 2 (T2). A's sign-out then runs `clearTokensUnlessNewer(…, 'logout')`: the
// store's session is of our own login and counted above ours (`isNewerSession`), so it is kept.
// B closes before it hears the logout. A tab opened later restores L1 on T2, which the server
// still takes: the player is signed in again after logging out. (Fixed: a logout made here clears
// its own login's session from the store whatever its counter, and revokes a token of it this
// client never gave up.)
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { GateHub, look } from '../review41/support';
import { draws, grantsOf, runFor } from '../session/revoke-support';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();

describe("review42: another tab's refresh of the logged-out login, left in the shared store", () => {
  it('is not restored by a tab opened after every tab closed', async () => {
    const hub = new GateHub();
    world.hub = hub;
    const g = grantsOf(world);
    const storage = createMemoryTokenStore();
    const a = g.open({ tabId: 'tab-a', storage, environment: { random: draws(0.3) } });
    const b = g.open({ tabId: 'tab-b', storage, environment: { random: draws(0.6) } });
    await world.settle();
    await logIn(world, a);
    await runFor(world, 2 * S);
    const l1 = look(a).sid;
    expect(look(b)).toMatchObject({ status: 'signedIn', sid: l1, seq: 1 });
    hub.isolate(1);
    g.hold('/users/refresh-token', 1 * S);
    b.client.state.send({ type: 'REFRESH' } as never);
    // B's refresh reached the server (T2 granted, T1 rotated away); its answer is on its way.
    for (let i = 0; i < 40 && g.issued.length < 2; i++) await world.advance(20, 20);
    expect(g.issued.length).toBe(2);
    g.hold('/auth/logout', 3 * S);
    a.client.logout();
    await world.settle();
    expect(await storage.get()).toBeNull();
    await runFor(world, 5 * S);
    expect(a.client.view.status).toBe('signedOut');
    const left = await storage.get();
    world.closeAll();
    const d = g.open({ tabId: 'tab-d', storage, environment: { random: draws(0.1) } });
    await runFor(world, 5 * S);
    const live = left ? (await g.live()).includes(left.accessToken) : false;
    expect(
      { status: d.client.view.status, left: left && { sid: left.sid, seq: left.seq, live } },
      'the new tab restored the login A logged out of',
    ).toMatchObject({ status: 'signedOut' });
    // And B's refreshed token, which A's sign-out found in the store, was revoked: none is live.
    expect(await g.live()).toEqual([]);
  }, 60_000);
});
