// REVIEW37-2 variant: the old pause ends while a read of the flow's own is in flight (sent to the
// lagging replica before the end, answered 10 min after it).
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { flush, S } from '../review33/model';
import { pausedFrom, profileOn } from '../review36/flow';
import { pausedSinceNaive } from './h';

const H = 3_600_000;
const D = 24 * H;

describe('review38: a read held across the old pause end', () => {
  it('is never free while the new pause is in force', async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
    const t0 = clock.now() - 7 * D + H - 400;
    const old = pausedSinceNaive(t0);
    let info = old;
    const accepted = acceptedStoreOf({}, { learned: () => true });
    const tab = profileOn(clock, { info: () => info, accepted, hold: true });
    await flush();
    await tab.deliver();
    const t = clock.now();
    accepted.remember(1, { kind: 'pause', at: t, heard: true });
    tab.flow.send({ type: 'CHECK', restricts: 'pause', remote: true } as never);
    await flush();
    await tab.deliver();
    await tab.run(10, S);
    await tab.deliver();
    info = pausedFrom(t);
    const endOld = t0 - (t0 % 1000) + 7 * D + 10 * H;
    while (clock.now() < endOld - 10 * 60 * S) {
      await tab.run(1, 60 * S);
      await tab.deliver();
    }
    info = old;
    tab.flow.send({ type: 'CHECK' } as never); // a read sent now reaches the lagging replica
    await flush();
    info = pausedFrom(t);
    let free = 0;
    const midnight = nextBrazilMidnight(t);
    while (clock.now() < midnight + 60 * S) {
      await tab.run(1, 60 * S);
      if (clock.now() > endOld + 10 * 60 * S) await tab.deliver();
      if (tab.restrictions().canBet) free++;
    }
    tab.flow.stop();
    expect(free).toBe(0);
  });
});
