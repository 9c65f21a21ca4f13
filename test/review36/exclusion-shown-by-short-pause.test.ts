import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { flush, S } from '../review33/model';
import { freeUserInfo } from '../support/free-user-info';
import { profileOn, sp } from './flow';

// Review 37 (the read-only review of 12325b8d), finding 1: a self-exclusion accepted at t (12:00 in
// São Paulo; the server applied it, 3 months). The player had paused for 1 day a second before;
// the server counts the start's day as one (in UTC: the pause ends 23:59:59Z, 20:59:59 in São
// Paulo), an end the reader accepts (a pause of N days may end N - 1 days after its start). ONE
// read from a lagging replica (the pause, no exclusion yet) "showed" the exclusion awaited: when
// the pause ended (the `change` timer re-derives, no read) the player was free until the midnight
// read, 180 minutes, the exclusion in force all along. Another kind shows one awaited only while
// in force all its day.

describe('review37: an exclusion awaited, "shown" by a pause that ends within the day', () => {
  it('is never free while the exclusion is in force', async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-23T15:00:00.400Z')); // 12:00 in São Paulo
    let info = freeUserInfo();
    const tab = profileOn(clock, { info: () => info });
    await flush();
    expect(tab.restrictions()).toMatchObject({ canBet: true, status: 'current' });
    const t = clock.now();
    const p = t - 1000 - (t % 1000); // the pause, a second before the exclusion
    const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
    const pause = { user_pause: 1, user_pause_at: iso(p), user_pause_in: '2026-11-23T23:59:59Z' };
    // The lagging replica's answer: the pause only.
    info = freeUserInfo(pause);
    tab.flow.send({ type: 'CHECK', restricts: 'selfExclusion', at: t } as never);
    await flush();
    // From now on every read reaches an up-to-date replica: the exclusion in force (3 months).
    info = freeUserInfo({ ...pause, user_exclusion: 3, user_exclusion_at: sp(t - (t % 1000)) });
    let free = 0;
    const midnight = nextBrazilMidnight(t);
    while (clock.now() < midnight + 60 * S) {
      await tab.run(1, 60 * S);
      if (tab.restrictions().canBet) free++;
    }
    const r = tab.restrictions();
    tab.flow.stop();
    expect({ free, canBet: r.canBet }, 'minutes free within the day, the exclusion in force').toEqual({
      free: 0,
      canBet: false,
    });
  });
});
