// A 1-day pause accepted in tab A at t (exact, zoned dates: it ends at t + 1 day). Tab B hears it
// (remote CHECK) while its reads fail (server 503) for 6 hours; its first reading taken after it
// is at ~t + 6 h. 4831d6b1 dates `shown` (heard) by that reading: B stays barred until ~t + 30 h,
// 6 hours after the pause ended (ec5ba272: `datedBy`, the pause's start: free at its end).
// Also: the store keeps B's later date, so a later page of the player is barred as long.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { flush } from '../review33/model';
import { profileOn } from '../review36/flow';
import { freeUserInfo } from '../support/free-user-info';
import { D, H, M, pausedZ } from './h';

async function run(withStore: boolean, page: boolean) {
  const clock = new SimulatedClock();
  clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
  let info = freeUserInfo();
  let fail = false;
  const accepted = withStore ? acceptedStoreOf({}, { learned: () => true }) : undefined;
  const o = {
    info: () => {
      if (fail) throw new Error('503');
      return info;
    },
    ...(accepted && { accepted }),
  };
  let tab = profileOn(clock, o);
  await flush();
  const t = clock.now();
  info = pausedZ(t, 1);
  fail = true;
  // The tabs flow keeps A's word (`keepHeard`: heard, at A's time) and tells the profile flow.
  accepted?.remember(1, { kind: 'pause', at: t, heard: true });
  // (With the time the session heard it, on its trusted reading: `heardAt`, as checkProfile tells it.)
  tab.flow.send({ type: 'CHECK', restricts: 'pause', remote: true, heardAt: t } as never);
  await flush();
  while (clock.now() < t + 6 * H) await tab.run(1, M);
  fail = false;
  const end = t - (t % 1000) + D; // the pause's end at the server
  while (clock.now() < end - M) await tab.run(1, M);
  if (page) {
    tab.flow.stop();
    tab = profileOn(clock, o); // a later page of the player (same store)
    await flush();
  }
  const reads0 = tab.reads();
  let barredAfterEnd = 0;
  let lastBarred = 0;
  while (clock.now() < end + 12 * H) {
    await tab.run(1, M);
    if (clock.now() > end && !tab.restrictions().canBet) {
      barredAfterEnd++;
      lastBarred = clock.now();
    }
  }
  const ctx = tab.flow.getSnapshot().context;
  const r = {
    barredMinAfterEnd: barredAfterEnd,
    lastBarredHoursAfterEnd: lastBarred ? +((lastBarred - end) / H).toFixed(2) : 0,
    readsAfterEnd: tab.reads() - reads0,
    shown: ctx.shown && { ...ctx.shown, at: (ctx.shown.at - t) / H },
    stored: accepted?.recall(1, t, true),
  };
  tab.flow.stop();
  return r;
}

describe('review38: a heard pause dated by a reading taken hours late', () => {
  for (const [store, page] of [
    [false, false],
    [true, false],
    [true, true],
  ] as const)
    it(`store ${store}, later page ${page}: free within minutes of the pause's end`, async () => {
      const r = await run(store, page);
      expect(r.barredMinAfterEnd, JSON.stringify(r)).toBeLessThan(5);
    });
});
