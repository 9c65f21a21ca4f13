// Another login of the player (sid 2, another tab) reads a pause the server holds (imposed from
// elsewhere: another device, the operator) and tells it. This tab (sid 1) is barred until its own
// read, which follows at once and reaches a replica lagging `lag` (no pause yet): taken, free until
// the next midnight's read, the pause in force and told. Same login (sid 1): the datum is taken.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { internal } from '../../machines/session/events';
import { flush } from '../review33/model';
import { profileOn } from '../review36/flow';
import { M, pausedZ, S } from '../review38/h';
import { freeUserInfo } from '../support/free-user-info';

async function run(sid: number, lag: number) {
  const clock = new SimulatedClock();
  clock.set(Date.parse('2026-11-23T15:00:00.400Z')); // 12:00 São Paulo
  let pausedAt = Infinity;
  const tab = profileOn(clock, {
    info: () => (clock.now() >= pausedAt + lag ? pausedZ(pausedAt) : freeUserInfo()),
  });
  await flush();
  await tab.run(5, S);
  expect(tab.restrictions().canBet).toBe(true);
  pausedAt = clock.now();
  clock.increment(300); // the other tab's read, answered
  tab.flow.send(
    internal({
      type: 'PROFILE',
      owner: { userId: 1, sid },
      user: null,
      userInfo: pausedZ(pausedAt),
      at: pausedAt + 100,
      source: 'remote',
    }) as never,
  );
  await flush();
  let free = 0;
  const reads0 = tab.reads();
  const midnight = nextBrazilMidnight(pausedAt);
  while (clock.now() < midnight + M) {
    await tab.run(1, M);
    if (tab.restrictions().canBet) free++;
  }
  const r = { freeMin: free, reads: tab.reads() - reads0 };
  tab.flow.stop();
  return r;
}

describe('review39: a tighter reading of another login, then a lagging own read', () => {
  for (const sid of [2, 1])
    it(`sid ${sid}: never free while the pause told is in force`, async () => {
      const r = await run(sid, 10 * S);
      expect(r.freeMin, JSON.stringify(r)).toBe(0);
    });
});
