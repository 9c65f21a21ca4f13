// Review 41 (a): a sign-out kept at the logout's own (lower) counter loses the floor of a logout
// heard before. Tab B holds L1 refreshed to counter 3 (A and C never heard its refreshes: B's
// outgoing links lag). Tab C logs L1 out at counter 1 and logs in L2 at 2 (B's link from C lags);
// tab A takes L2 and logs it out at 2: B hears that logout (floor 2: L2 and everything counted at
// or below 2 is over). Then C's link to B delivers: L1's logout at 1 (B signs out) and C's login
// L2 at 2, a login B heard logged out. Before fa2b9f8c B kept its sign-out at 3 and refused L2; now
// `forgotten` keeps it at 1, and `heardOf` (its `o.seq <= seq`) lowers the floor it kept (`logout`:
// 2) to 1 as well, so `canAdopt` takes L2 at 2: B signs in on a login the player logged out of
// (its token revoked: B alone shows signed in until its next call answers 401).
import { describe, expect, it } from 'vitest';
import { draws, grantsOf, runFor } from '../session/revoke-support';
import { logIn, S, useWorld } from '../support/world';
import { GateHub, look } from './support';

const world = useWorld();

describe('review41: a logout heard at a lower counter after another logout', () => {
  it('does not make the tab take a login the earlier logout ended', async () => {
    const hub = new GateHub();
    world.hub = hub;
    const g = grantsOf(world);
    const a = g.open({ tabId: 'tab-a', environment: { random: draws(0.3) } });
    const b = g.open({ tabId: 'tab-b', environment: { random: draws(0.6) } });
    const c = g.open({ tabId: 'tab-c', environment: { random: draws(0.9) } });
    await world.settle();
    await logIn(world, a);
    await runFor(world, 2 * S);
    expect([a, b, c].map((t) => look(t).seq)).toEqual([1, 1, 1]);
    const l1 = look(a).sid;
    // B's refreshes reach no tab.
    hub.cut([1, 0], [1, 2]);
    for (let i = 0; i < 2; i++) {
      b.client.state.send({ type: 'REFRESH' } as never);
      await runFor(world, 3 * S);
    }
    expect(look(b)).toMatchObject({ status: 'signedIn', sid: l1, seq: 3 });
    // C's words to B lag: C logs L1 out (at 1) and logs in L2 (at 2); A takes L2.
    hub.cut([2, 1]);
    c.client.logout();
    await runFor(world, 1 * S);
    await logIn(world, c);
    await runFor(world, 2 * S);
    const l2 = look(c).sid;
    expect(look(a)).toMatchObject({ status: 'signedIn', sid: l2, seq: 2 });
    // A logs L2 out (at 2): B hears it (its floor: 2), C too.
    a.client.logout();
    await runFor(world, 2 * S);
    expect(look(b)).toMatchObject({ status: 'signedIn', sid: l1, seq: 3 });
    expect(look(b).signedOut).toMatchObject({ seq: 2, logout: 2 });
    // C's link to B delivers: L1's logout at 1, then C's login of L2 at 2.
    hub.heal([2, 1]);
    await world.settle();
    // (Looked at once: on fa2b9f8c B takes L2 on that message, and signs out again only when a call
    // with L2's revoked token answers 401, a second or so later. A and C are signed out meanwhile.)
    expect([a, c].map((t) => t.client.view.status)).toEqual(['signedOut', 'signedOut']);
    const bLook = look(b);
    expect(bLook.status, JSON.stringify(bLook)).toBe('signedOut');
    expect(bLook.sid).not.toBe(l2);
    await runFor(world, 2 * S);
    expect(b.client.view.status).toBe('signedOut');
  }, 60_000);
});
