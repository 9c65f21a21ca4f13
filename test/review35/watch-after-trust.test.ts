import { describe, expect, it } from 'vitest';
import { nextBrazilMidnight } from '../../machines/clock';
import { profileOf } from '../../machines/session/profile';
import { BOUND, flush, make, open, S } from '../review33/model';

// Review 35: test/review34/midnight-readings.model, 2000 runs (seed 1270761816, shrunk). The device
// clock jumps an hour back (untrusted); its read, dated an hour back, is the one held; trusted
// again just past a São Paulo midnight with stamps a little behind, a read hanging. The flow's clock
// watch had planned its next look on the untrusted stamps: up to 5 s on. Until then the flow's time
// stood before midnight and the day before's reading stayed current: free to bet into the new day,
// whose SPA register it had not read. Each trust change plans the watch again from the new stamp.

const { deliver, midnight, retrust, untrust } = make;

describe('review35: the clock watch after a trust change', () => {
  for (const [behind, past] of [
    [599, 598],
    [1, 0],
    [BOUND, BOUND - 1],
  ] as const)
    it(`sees the new day at once, trusted again ${past} ms past midnight with stamps ${behind} ms behind`, async () => {
      const r = open({ timers: true });
      await flush();
      await untrust(-3_600_000).run({}, r);
      await deliver(0).run({}, r);
      const day = nextBrazilMidnight(r.clock.now());
      await midnight(past).run({}, r);
      await retrust(-behind).run({}, r);
      // (The read made meanwhile hangs: nothing but the flow's clock moves its time.) Its stamps are
      // `behind` ms behind: the new day is seen from `day + behind` on.
      r.clock.increment(Math.max(0, day + behind - r.clock.now()));
      await flush();
      let looked = 0;
      for (; r.clock.now() < day + BOUND + S; looked++) {
        const { canBet } = profileOf(r.flow.getSnapshot()).restrictions;
        expect(canBet, `${r.clock.now() - day} ms into the day`).toBe(false);
        r.clock.increment(50);
        await flush();
      }
      expect(looked).toBeGreaterThanOrEqual(20);
      expect(r.pending.length, 'a read hanging').toBeGreaterThan(0);
      r.flow.stop();
    });
});
