// (c) The store keeps the heard record B's `shown` now remembers (heard: any pause in force shows
// it), where ec5ba272's B remembered it strict (`datedBy`: dated by the new pause's start, not heard).
// 23:00 (São Paulo): the player, paused until 23:30 tomorrow (client end of an old pause: naive
// end 13:30 + 10 h), pauses again for 7 days in tab A (the server replaces the old pause). Tab B
// hears it (keepHeard: heard, B's time) and reads it (the new pause). At 00:05 a new page C opens;
// its first read reaches a replica lagging an hour (the old pause only): the heard record is
// "shown" by the old pause. C reads next at its midnight (00:00 the day after). The old pause ends
// at 23:30, past the record's day (23:00): C is free 30 min, the new pause in force.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { flush } from '../review33/model';
import { pausedFrom, profileOn, sp } from '../review36/flow';
import { M, pausedUntilNaive } from './h';

describe('review38: a later page on a heard record, its first read lagging', () => {
  it('is never free while the new pause is in force', async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-24T02:00:00.400Z')); // 23:00 São Paulo, Nov 23
    const writtenEnd = Date.parse('2026-11-24T16:30:00Z'); // 13:30 Nov 24 (client end 23:30)
    const old = pausedUntilNaive(writtenEnd);
    let info = old;
    const accepted = acceptedStoreOf({}, { learned: () => true });
    const a = profileOn(clock, { info: () => info, accepted });
    const b = profileOn(clock, { info: () => info, accepted });
    await flush();
    expect(a.restrictions().canBet).toBe(false);
    const t = clock.now();
    info = pausedFrom(t);
    a.flow.send({ type: 'CHECK', restricts: 'pause', at: t } as never);
    await flush();
    clock.increment(200);
    accepted.remember(1, { kind: 'pause', at: clock.now(), heard: true }); // B's keepHeard
    b.flow.send({ type: 'CHECK', restricts: 'pause', remote: true } as never);
    await flush();
    while (clock.now() < t + 65 * M) {
      clock.increment(M);
      await flush();
    }
    const record = accepted.recall(1, clock.now(), true);
    a.flow.stop();
    b.flow.stop();
    info = old; // C's first read lags an hour
    const c = profileOn(clock, { info: () => info, accepted });
    await flush();
    info = pausedFrom(t);
    const midnight = nextBrazilMidnight(clock.now());
    let free = 0;
    let firstFree = 0;
    while (clock.now() < midnight + M) {
      clock.increment(M);
      await flush();
      if (c.restrictions().canBet) {
        free++;
        firstFree ||= clock.now();
      }
    }
    const r = {
      free,
      firstFreeSP: firstFree && sp(firstFree),
      record: record && { ...record, at: record.at - t },
      cReads: c.reads(),
    };
    c.flow.stop();
    expect(free, JSON.stringify(r)).toBe(0);
  });
});
