import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { flush, S } from '../review33/model';
import { freeUserInfo } from '../support/free-user-info';
import { pausedFrom, profileOn, sp } from './flow';

// Review 37 (the read-only review of 12325b8d), finding 2 (also on 43da9173): a 7-day pause that
// ends in an hour; the player, in tab A, pauses again for 7 days (accepted at t: the server holds
// the new pause). Tab B hears it (undated: `heard`, where any of its kind in force showed it). B's
// read reaches a lagging replica: the OLD pause, in force an hour more, "showed" the new one, and
// `datedBy` dated it by the old pause's start (a week ago): `shown` was never kept. The old pause
// ended: B re-derived (no read) and was free 60 minutes until its midnight read, the new pause in
// force all along. Now each derivation checks the one shown: when the reading held showed it and
// no longer does (the old pause ended), the flow awaits it again and reads, whatever its age
// (fails on ec5ba272: free 60 minutes). (Not by showing a heard one only by a pause started since:
// a one-day pause heard seconds late was then never shown, kept-restriction-lost-message.property;
// nor by keeping it heard, 4831d6b1: test/review38.)

const H = 3_600_000;
const D = 24 * H;

describe('review37: a heard pause shown by an older pause about to end', () => {
  it('is never free while the new pause is in force', async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-23T15:00:00.400Z')); // 12:00 in São Paulo
    const t0 = clock.now() - 7 * D + H - 400; // the old pause: ends at 13:00
    let info = freeUserInfo({ user_pause: 7, user_pause_at: sp(t0), user_pause_in: null });
    const accepted = acceptedStoreOf({}, { learned: () => true });
    const tab = profileOn(clock, { info: () => info, accepted });
    await flush();
    expect(tab.restrictions()).toMatchObject({ canBet: false, status: 'current' });
    const t = clock.now();
    // Tab A's word, as the tabs flow keeps it (`keepHeard`: heard, at A's stamp) and tells it.
    accepted.remember(1, { kind: 'pause', at: t, heard: true });
    tab.flow.send({ type: 'CHECK', restricts: 'pause', remote: true } as never);
    // The reads of the next 10 s reach the lagging replica (the old pause); then the new pause.
    await tab.run(10, S);
    info = pausedFrom(t);
    let free = 0;
    const midnight = nextBrazilMidnight(t);
    while (clock.now() < midnight + 60 * S) {
      await tab.run(1, 60 * S);
      if (tab.restrictions().canBet) free++;
    }
    tab.flow.stop();
    expect(free, 'minutes free, the new pause in force').toBe(0);
  });
});
