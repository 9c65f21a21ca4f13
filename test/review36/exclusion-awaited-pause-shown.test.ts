import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { trusted } from '../../machines/clock';
import { flush, S } from '../review33/model';
import { freeUserInfo } from '../support/free-user-info';
import { pausedFrom, profileOn } from './flow';

// HRW36's other order (test/server-session/http-restriction-writes.property): tab A's exclusion,
// its answer lost (maybe applied: awaited, fail closed; the server refused it), then A's pause,
// accepted; stamped within the clock's bound in the wrong order (the offset re-learned between the
// sends). Tab A awaited the pause (its later word), shown: current. Tab B kept the later-stamped one,
// the exclusion (the accepted store's peek), and was stale for a day. A pause in force that started
// after the exclusion was sent shows it too (and a self-exclusion a pause): both tabs current.
// Fifty-third pass (review 85), by decision: a pause shows no self-exclusion (it leaves the account
// open while the exclusion may be in force); both tabs keep the exclusion of the two (`strongerOf`,
// whatever their stamps) and agree: stale, barred, the account shown blocked until a read shows it.

describe('review36: an exclusion awaited, a pause read in force', () => {
  it('does not show it: stale, barred, the account blocked (tab B, the exclusion kept stamped later)', async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
    let info = freeUserInfo();
    const tab = profileOn(clock, { info: () => info });
    await flush();
    expect(tab.restrictions()).toMatchObject({ status: 'current', canBet: true });
    const t = clock.now();
    info = pausedFrom(t);
    // The exclusion kept for the player, stamped 500 ms after the pause (the clock watch's peek).
    tab.flow.send(trusted({ type: 'ACCEPTED', accepted: { kind: 'selfExclusion', at: t + 500 } }) as never);
    await tab.run(30, S);
    expect(tab.restrictions()).toMatchObject({
      status: 'stale',
      canBet: false,
      accountBlocked: true,
      inForce: expect.arrayContaining([
        expect.objectContaining({ kind: 'selfExclusion' }),
        expect.objectContaining({ kind: 'pause' }),
      ]),
    });
    tab.flow.stop();
  });

  it('a pause that ends within its day does not show it: stale, barred (REVIEW37-1)', async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
    // A 7-day pause that ends in 4 hours (a lagging replica: the exclusion not in it yet).
    const info = pausedFrom(clock.now() - 7 * 86_400_000 + 4 * 3_600_000);
    const tab = profileOn(clock, { info: () => info });
    await flush();
    tab.flow.send({ type: 'CHECK', restricts: 'selfExclusion', at: clock.now() } as never);
    await tab.run(30, S);
    expect(tab.restrictions()).toMatchObject({ status: 'stale', canBet: false });
    tab.flow.stop();
  });
});
