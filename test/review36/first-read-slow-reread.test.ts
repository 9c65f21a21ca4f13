import { describe, expect, it } from 'vitest';
import { firstReadAcrossMidnight } from './flow';

// Review of a25758bc, finding 3: first-read-trusted-in-flight with the read made again answering
// after 20 s (a mobile round trip; the core's request timeout is 15 s before retries). Taken as
// stamped (the new day) and read again, the flow was current and free meanwhile in the São Paulo
// day whose register bars the player. A send the flow cannot date counts from a day before.

describe('review36 (review): the first read answered on the trusted clock, its re-read slow', () => {
  it('is not free to bet in the barred new day while the re-read is in flight', async () => {
    const { tab } = await firstReadAcrossMidnight();
    let free = 0;
    for (let i = 0; i < 20; i++) {
      if (tab.restrictions().canBet) free += 1000;
      await tab.run(1, 1000);
    }
    await tab.deliver();
    tab.flow.stop();
    expect(
      { free, reads: tab.reads() },
      'ms free to bet in the barred new day (from day + 5 s)',
    ).toMatchObject({
      free: 0,
    });
  });
});
