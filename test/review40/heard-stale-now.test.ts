// F1: a heard restriction's day counts from `context.now` at the CHECK, which in `idle` is the
// flow's LAST stamp (its last read or timer: here the midnight read, ~24 h before), not the time
// it was heard. Tab B idle since its 00:00 read; at 23:55 tab A pauses for 7 days; B hears it, its
// read reaches a replica lagging `lag` (the old pause P1 only, ending 00:05 next day): shown by
// P1, `from` = 00:00:30 (stale). P1 ends at 00:05: lift read (still lagging): the day counted from
// 00:00:30 is over: taken, free until the next midnight while P2 (7 days) is in force.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { flush } from '../review33/model';
import { profileOn } from '../review36/flow';
import { D, M, pausedZ } from '../review38/h';

async function run(store: boolean, lag: number, heardBeforeMidnight = 5 * M, endAfter = 5 * M) {
  const clock = new SimulatedClock();
  const day1 = nextBrazilMidnight(Date.parse('2026-11-23T12:00:00Z')); // 00:00 SP Nov 24
  clock.set(day1 + 30_400);
  const day2 = day1 + D;
  const E = day2 + endAfter;
  const p1 = pausedZ(E - 7 * D);
  const H = day2 - heardBeforeMidnight;
  const p2 = pausedZ(H);
  let heard = false;
  const accepted = store ? acceptedStoreOf({}, { learned: () => true }) : undefined;
  const tab = profileOn(clock, {
    info: () => (heard && clock.now() >= H + lag ? p2 : p1),
    ...(accepted && { accepted }),
  });
  await flush();
  const readsAfterFirst = tab.reads();
  while (clock.now() + M <= H) await tab.run(1, M);
  clock.set(H);
  await flush();
  const staleNow = tab.flow.getSnapshot().context.now;
  heard = true;
  accepted?.remember(1, { kind: 'pause', at: H, heard: true });
  tab.flow.send({ type: 'CHECK', restricts: 'pause', remote: true } as never);
  await flush();
  const shown0 = tab.flow.getSnapshot().context.shown;
  let free = 0;
  let firstFree = -1;
  while (clock.now() < H + D - M) {
    await tab.run(1, M);
    if (tab.restrictions().canBet) {
      free++;
      if (firstFree < 0) firstFree = (clock.now() - H) / M;
    }
  }
  const r = {
    free,
    firstFree,
    staleNowHoursBeforeHeard: (H - staleNow) / 3_600_000,
    shown0,
    reads: tab.reads() - readsAfterFirst,
  };
  tab.flow.stop();
  return r;
}

describe("review40 F1: heard dated by the flow's last stamp, not the CHECK's time", () => {
  for (const store of [false, true])
    it(`store ${store}: never free within the heard pause's day`, async () => {
      const r = await run(store, 11 * M);
      expect(r.free, JSON.stringify(r)).toBe(0);
    });
});
