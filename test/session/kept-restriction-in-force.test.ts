import { describe, expect, it } from 'vitest';
import { profileNow, restrictionChanges } from '../support/restriction-changes';
import { logIn, S, type Tab, useWorld } from '../support/world';

// Fail closed, the view: a pause or self-exclusion the player made, accepted by the server but not
// yet read back (the profile flow's `expect`, kept by the accepted store), is a restriction the
// client knows of. `view.restrictions` showed `inForce: []` (with `canBet` false) meanwhile; the
// funnel alone added it to its events. Now the view lists it in `inForce` (unread: `since` and
// `until` null, the status `stale`), in the tab that made it and in a tab that joined after (the
// sync answer's `restricted`).

const world = useWorld();
const PROFILE = '/auth/user-profile';

const CHANGES = restrictionChanges(world);

const r = (t: Tab) => t.client.view.restrictions!;

describe.each(Object.entries(CHANGES))('a %s accepted, not yet read back', (kind, change) => {
  it('is in force in the view of its tab and of a tab that joined, betting off', async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3 });
    await logIn(world, a);
    await world.advance(2 * S);
    expect(r(a)).toMatchObject({ status: 'current', canBet: true, inForce: [] });
    // Every read from now on is a lagging replica's (the profile from before the change).
    const before = await profileNow(world, a);
    world.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body: before, times: 1000 });
    await world.during(change(a));
    const b = world.open({ tabId: 'tab-b', random: 0.6 });
    for (const at of ['accepted', 'lagging reads'] as const) {
      await world.advance(at === 'accepted' ? 100 : 10 * S, 100);
      for (const t of at === 'accepted' ? [a] : [a, b]) {
        expect(t.state()).toBe('signedIn');
        expect({ at, tab: t === a ? 'a' : 'b', inForce: r(t).inForce.map((x) => x.kind) }).toEqual({
          at,
          tab: t === a ? 'a' : 'b',
          inForce: [kind],
        });
        expect(r(t)).toMatchObject({ canBet: false, accountBlocked: kind !== 'pause' });
        expect(r(t).status).not.toBe('current');
        expect(r(t).inForce[0]).toMatchObject({ kind, imposedBy: 'self', since: null, until: null });
      }
    }
    expect(world.count('GET', PROFILE)).toBeGreaterThan(3);
  });
});

describe.each(Object.entries(CHANGES))(
  'a %s accepted before the login\u2019s first read answers',
  (kind, change) => {
    it.each([false, true])(
      'is in force in the view from its acceptance (the read failing: %s)',
      async (fails) => {
        const a = world.open({ tabId: 'tab-a', random: 0.3 });
        // The login's first read answers 700 ms after it is sent (unreadable when `fails`), then every
        // read 3 s after: none shows the restriction before the checks.
        if (fails) world.server.faults.add({ path: PROFILE, status: 200, body: { user: null }, times: 1 });
        world.delayAnswers({ method: 'GET', path: PROFILE, ms: 3 * S });
        world.delayAnswers({ method: 'GET', path: PROFILE, ms: 700, times: 1 });
        await logIn(world, a);
        await world.during(change(a));
        for (const ms of [100, 1000]) {
          await world.advance(ms, 100);
          expect(r(a).status).not.toBe('current');
          expect(r(a).inForce.map((x) => x.kind)).toEqual([kind]);
          // (Nothing read: an account not known open is blocked anyway, fail closed.)
          expect(r(a)).toMatchObject({ canBet: false, ...(kind !== 'pause' && { accountBlocked: true }) });
        }
      },
    );
  },
);
