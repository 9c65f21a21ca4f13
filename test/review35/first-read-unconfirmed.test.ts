import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { BOUND, flush, S } from '../review33/model';
import { profileOn } from '../review36/flow';
import { freeUserInfo } from '../support/free-user-info';

// Review 35 (the read-only review of 238e36c2, finding 1's third case; also on 5707c286): the page
// opens 1 ms before midnight on a clock 3 s ahead that is not trusted yet (its first read: no
// trusted time, its send stamp kept as it is), trusted at the midnight once that read answered:
// current and free to bet all the new day, whose register bars the player. Trusted again with a
// reading taken on the untrusted clock, the flow now reads again at once.

describe('review35: the first read on a clock not trusted yet, across midnight', () => {
  it('free to bet in the barred new day', async () => {
    const clock = new SimulatedClock();
    const day = nextBrazilMidnight(Date.parse('2026-11-23T12:00:00Z'));
    clock.set(day - 1);
    let skew = 3 * S;
    // The register bars the player from `day` on (the server reads it as the request comes).
    const tab = profileOn(clock, {
      info: () => freeUserInfo({ spa_exclusion: clock.now() >= day ? 1 : 0 }),
      hold: true,
      serverNow: () => clock.now() + skew,
      trusted: false,
    });
    await flush();
    clock.increment(1); // the midnight: the read was made the day before
    tab.held.shift()!();
    await flush();
    skew = 0;
    tab.setTrusted(true);
    await flush();
    let free = 0;
    while (clock.now() < day + 3_600_000) {
      await tab.run(1, 1000);
      await tab.deliver();
      if (clock.now() >= day + BOUND && tab.restrictions().canBet) free += 1000;
    }
    expect({ free, reads: tab.reads() }, 'ms free to bet in the barred new day').toMatchObject({ free: 0 });
    tab.flow.stop();
  });
});
