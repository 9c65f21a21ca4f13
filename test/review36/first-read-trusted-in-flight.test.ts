import { describe, expect, it } from 'vitest';
import { BOUND } from '../review33/model';
import { firstReadAcrossMidnight } from './flow';

// The case REVIEW35 left open (first-read-unconfirmed's twin): the page opens 1 ms before midnight
// on a clock 1.5 bounds ahead that is not trusted (a jump before the flow had any trusted time, so
// `since` is 0), its first read sent then; the clock is trusted again (the offset re-learned) while
// that read is in flight, and its answer comes 5 s into the new day on the trusted clock. The read
// was made the day before; counted from its send stamp (new day, unproven) it was current and free
// to bet all the new day, whose register bars the player. A send the flow cannot date (untrusted,
// no trusted time before it) now counts from a day before its answer: stale, and read again at once.

describe('review36: the first read in flight while the clock is trusted again, across midnight', () => {
  it('is never free to bet in the barred new day', async () => {
    const { tab, day } = await firstReadAcrossMidnight();
    let free = 0;
    while (tab.now() < day + 3_600_000) {
      if (tab.now() >= day + BOUND && tab.restrictions().canBet) free += 1000;
      await tab.run(1, 1000);
      await tab.deliver();
    }
    expect({ free, reads: tab.reads() }, 'ms free to bet in the barred new day').toMatchObject({ free: 0 });
    expect(tab.restrictions().canBet).toBe(false);
    tab.flow.stop();
  });
});
