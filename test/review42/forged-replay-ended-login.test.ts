// Review 42 (e): a forged channel message replaying a login that a logout ended (its token, seen on
// the channel, revoked), re-counted above the logout (`reason: 'login'`, seq = floor + 1). The ended
// login is remembered (`isEnded`), but a login word counted past its end is taken as a new login of
// that id (a seeded random drawing the id again), so the tabs took the revoked token. (Fixed: a
// word carrying a token this client wrote and gave up is never taken, store.ts `isSpent`.)
import { describe, expect, it } from 'vitest';
import { forge, GateHub, look } from '../review41/support';
import { draws, grantsOf, runFor } from '../session/revoke-support';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();

describe('review42: a forged replay of an ended login, counted past its logout', () => {
  it('is not taken (its token is revoked)', async () => {
    const hub = new GateHub();
    world.hub = hub;
    const g = grantsOf(world);
    const a = g.open({ tabId: 'tab-a', environment: { random: draws(0.3) } });
    const b = g.open({ tabId: 'tab-b', environment: { random: draws(0.6) } });
    await world.settle();
    await logIn(world, a);
    await runFor(world, 2 * S);
    const l1 = (await a.client.tokens.get())!;
    expect(look(b)).toMatchObject({ status: 'signedIn', sid: l1.sid });
    a.client.logout();
    await runFor(world, 3 * S);
    expect([a, b].map((t) => t.client.view.status)).toEqual(['signedOut', 'signedOut']);
    expect(await g.live()).not.toContain(l1.accessToken);
    forge(hub, { type: 'session', reason: 'login', session: { ...l1, seq: (l1.seq ?? 0) + 1 } });
    await world.settle();
    expect(
      [a, b].map((t) => ({ status: t.client.view.status, sid: look(t).sid })),
      'a tab took the revoked login',
    ).toEqual([
      { status: 'signedOut', sid: null },
      { status: 'signedOut', sid: null },
    ]);
  }, 60_000);
});
