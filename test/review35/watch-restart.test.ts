import { describe, expect, it } from 'vitest';
import { nextBrazilMidnight } from '../../machines/clock';
import { profileOf } from '../../machines/session/profile';
import { BOUND, flush, H, make, open, S } from '../review33/model';

// Review 35 (the read-only review of 238e36c2, finding 2; the first case also on 5707c286), fixed:
// the watch's first look (at the flow's entry, each re-entry, each trust change) tells the flow its
// time, so a midnight passed meanwhile is seen.
// The clock watch starts again on each re-entry of the flow (`CHECK`, `OWNER`, a reading from
// elsewhere that sends it to `reading`), and since 03e1d9d5 on each clock notification too: it sets
// `day` to the midnight after its first stamp without telling `NOW` (`if (day)`), so a São Paulo
// midnight between the flow's time and that stamp is never told. With the read it starts hanging
// (nothing else moves the flow's time in `reading`), the day before's reading stays `current`: free
// to bet in the new day, whose register bars the player, until that read answers (here: a day).
// REVIEW34_RUNS=1000 REVIEW34_SEED=22 found the first (shrunk: tonight, deliver(0), midnight(-1),
// skew(1), check, advance(1), midnight(-2)); seed 11 the second (midnight(-1), deliver(0),
// limitAccepted(50), retrust(1), midnight(2000)).

const { check, deliver, limitAccepted, midnight, retrust, skew } = make;

async function freeFor(r: ReturnType<typeof open>, day: number, until: number) {
  let free = 0;
  while (r.clock.now() < until) {
    r.clock.increment(250);
    await flush();
    if (r.clock.now() >= day + BOUND && profileOf(r.flow.getSnapshot()).restrictions.canBet) free += 250;
  }
  return free;
}

describe('review35: the clock watch loses a midnight when it starts (again) past it', () => {
  it('a CHECK within the trusted skew before midnight (stamps 1.5 s ahead), its read hanging', async () => {
    const r = open({ timers: true });
    await flush();
    await deliver(0).run({}, r); // 09:00, current, free
    await midnight(-1000).run({}, r);
    const day = nextBrazilMidnight(r.clock.now());
    await skew(1500).run({}, r); // a trusted offset re-learned, within the bound: stamps at day + 500
    await check().run({}, r); // the flow re-entered: its clock watch starts again, its read hangs
    r.clock.increment(1000);
    r.spa = true; // the register bars the player from the new day on
    await flush();
    const free = await freeFor(r, day, day + H);
    const x = profileOf(r.flow.getSnapshot()).restrictions;
    expect({ free, canBet: x.canBet, status: x.status }, 'ms free to bet in the barred new day').toEqual({
      free: 0,
      canBet: false,
      status: 'stale',
    });
    r.flow.stop();
  });

  it('a clock notification without a trust change (model: retrust while trusted) just before midnight', async () => {
    const r = open({ timers: true });
    await flush();
    await midnight(-1).run({}, r);
    await deliver(0).run({}, r);
    const day = nextBrazilMidnight(r.clock.now());
    await limitAccepted(50).run({}, r); // a read starts and hangs
    await retrust(1).run({}, r); // stamps at the midnight itself: the watch re-plans, day = 0
    r.spa = true;
    const free = await freeFor(r, day, day + H);
    expect(free, 'ms free to bet in the barred new day').toBe(0);
    r.flow.stop();
  });
});
