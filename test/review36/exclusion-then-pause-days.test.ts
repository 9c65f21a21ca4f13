import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { profileOf } from '../../machines/session/profile';
import { flush, S } from '../review33/model';
import { freeUserInfo } from '../support/free-user-info';
import { pausedFrom, profileOn } from './flow';

// Review of a25758bc, finding 2: a self-exclusion maybe applied (answer lost) that the server did
// NOT apply; 12 h later a pause, accepted. a25758bc's `rankOf` kept the exclusion above it: the
// pause was neither awaited, remembered nor shown; all lapsed at the exclusion's day, 12 h before
// the pause's. Kept restrictions are ordered by their stamps (each bars until its own day ends).
// Fifty-third pass (review 85): one slot keeps the self-exclusion of the two (a pause read in force
// left the account shown open), its day counted to the pause's (`strongerOf`: `from`), so the
// pause's day is barred all the same, and the account shown blocked.

const H = 3_600_000;

describe('review36 (review): an exclusion maybe applied, then a pause accepted', () => {
  it("the accepted store keeps them for the pause's day (the exclusion, its day to the pause's)", () => {
    const store = acceptedStoreOf({}, { learned: () => true });
    const x = Date.parse('2026-11-23T15:00:00Z');
    store.remember(1, { kind: 'selfExclusion', at: x });
    store.remember(1, { kind: 'pause', at: x + 12 * H });
    // 25 hours after the exclusion, 13 after the pause: the pause is within its day.
    expect(store.recall(1, x + 25 * H)).toMatchObject({ kind: 'selfExclusion', at: x, from: x + 12 * H });
    // And lapses at the end of the pause's day.
    expect(store.recall(1, x + 36 * H + 1)).toBeNull();
  });

  it("a lagging read within the pause's day does not free the player", async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
    let info = freeUserInfo();
    const accepted = acceptedStoreOf({}, { learned: () => true });
    const tab = profileOn(clock, { info: () => info, accepted });
    const { flow } = tab;
    await flush();
    const x = clock.now();
    flow.send({ type: 'CHECK', restricts: 'selfExclusion', at: x } as never);
    await flush();
    clock.increment(12 * H);
    await flush();
    const p = clock.now();
    info = pausedFrom(p);
    flow.send({ type: 'CHECK', restricts: 'pause', at: p } as never);
    await flush();
    let free = 0;
    while (clock.now() < x + 25 * H) {
      clock.increment(60 * S);
      await flush();
      if (profileOf(flow.getSnapshot()).restrictions.canBet) free++;
    }
    expect(free, 'minutes free while the replicas agree').toBe(0);
    info = freeUserInfo(); // a lagging replica
    flow.send({ type: 'CHECK' } as never);
    for (let i = 0; i < 5; i++) {
      clock.increment(S);
      await flush();
    }
    const r = profileOf(flow.getSnapshot()).restrictions;
    const ctx = flow.getSnapshot().context;
    flow.stop();
    expect(
      { canBet: r.canBet, status: r.status, expect: ctx.expect, shown: ctx.shown },
      'a pause accepted 13 h ago',
    ).toMatchObject({ canBet: false, expect: { kind: 'selfExclusion', from: p } });
    expect(r.accountBlocked).toBe(true);
  });
});
