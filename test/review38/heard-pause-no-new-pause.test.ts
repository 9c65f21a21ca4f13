// REVIEW37-2's setting, but the server holds no new pause (A's pause request was accepted as a
// no-op: the old pause goes on to its end). When the old pause ends (client time 23:00, naive +10 h)
// 4831d6b1 awaits the heard pause again and reads, backing off, until a day after B dated it
// (12:00 next day): barred ~13 h after every restriction ended, and the reads that costs.
// ec5ba272: free at the old pause's end. (Within the ACCEPTED_MS rule; measured, not asserted.)
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { flush, S } from '../review33/model';
import { profileOn } from '../review36/flow';
import { D, H, M, pausedSinceNaive } from './h';

describe('review38: heard pause, the old one ends, no new one', () => {
  it('measures minutes barred and reads after every restriction ended', async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
    const t0 = clock.now() - 7 * D + H - 400;
    const old = pausedSinceNaive(t0);
    const accepted = acceptedStoreOf({}, { learned: () => true });
    const tab = profileOn(clock, { info: () => old, accepted });
    await flush();
    const t = clock.now();
    accepted.remember(1, { kind: 'pause', at: t, heard: true });
    tab.flow.send({ type: 'CHECK', restricts: 'pause', remote: true } as never);
    await tab.run(10, S);
    const endOld = t0 - (t0 % 1000) + 7 * D + 10 * H;
    while (clock.now() < endOld) await tab.run(1, M);
    const reads0 = tab.reads();
    let barred = 0;
    while (clock.now() < t + 2 * D) {
      await tab.run(1, M);
      if (!tab.restrictions().canBet) barred++;
    }
    const r = { barredMin: barred, reads: tab.reads() - reads0 };
    tab.flow.stop();
    expect(r.barredMin).toBeLessThan(24 * 60);
  });
});
