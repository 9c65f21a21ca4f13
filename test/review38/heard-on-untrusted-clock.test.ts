// The clock loses its trust at 21:30 (São Paulo; the flow's time stops there, N0). At 00:30 tab A
// pauses for 7 days; tab B hears it. B's read (untrusted stamp) shows it (a start within 18 h of
// N0 is in force): `shown` is dated N0 (the flow's time), 3 hours before the pause began. Trust
// comes back at 01:00; B's reads show the pause. Its day ends at N0 + 1 day = 21:30; the next
// midnight's read reaches a lagging replica (no pause): free while the pause is in force, 30 min
// before its day (from 00:30) ends.
// (ec5ba272: `datedBy` dated it by the pause's start, 00:30: kept past that midnight.)
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { flush } from '../review33/model';
import { pausedFrom, profileOn } from '../review36/flow';
import { freeUserInfo } from '../support/free-user-info';
import { H, M } from './h';

async function run(withStore: boolean) {
  const clock = new SimulatedClock();
  clock.set(Date.parse('2026-11-24T00:30:00.400Z')); // 21:30 São Paulo
  let info = freeUserInfo();
  const accepted = withStore ? acceptedStoreOf({}, { learned: () => true }) : undefined;
  const tab = profileOn(clock, { info: () => info, ...(accepted && { accepted }) });
  await flush();
  expect(tab.restrictions().canBet).toBe(true);
  tab.setTrusted(false);
  await flush();
  await tab.run(3 * 60, M); // 00:30
  const t = clock.now();
  info = pausedFrom(t);
  accepted?.remember(1, { kind: 'pause', at: t, heard: true });
  tab.flow.send({ type: 'CHECK', restricts: 'pause', remote: true } as never);
  await tab.run(30, M); // 01:00
  tab.setTrusted(true);
  await flush();
  const shownAt = tab.flow.getSnapshot().context.shown?.at;
  const midnight = nextBrazilMidnight(clock.now());
  while (clock.now() < midnight - 10 * M) await tab.run(1, M);
  info = freeUserInfo(); // the replica the reads reach from here lags
  let free = 0;
  // (Until the pause's day ends: after it the server's word is taken, ACCEPTED_MS.)
  while (clock.now() < t + 24 * H - M) {
    await tab.run(1, M);
    if (tab.restrictions().canBet) free++;
  }
  tab.flow.stop();
  return { free, shownHoursBeforePause: shownAt === undefined ? null : (t - shownAt) / H };
}

describe('review38: a pause heard while the clock is untrusted', () => {
  for (const store of [false, true])
    it(`store ${store}: never free while the pause is in force`, async () => {
      const r = await run(store);
      expect(r.free, JSON.stringify(r)).toBe(0);
    });
});
