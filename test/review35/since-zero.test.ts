import { describe, expect, it } from 'vitest';
import { nextBrazilMidnight } from '../../machines/clock';
import { profileFlow, profileOf } from '../../machines/session/profile';
import { BOUND, flush, make, open, S } from '../review33/model';

// Review 35 (the read-only review of 238e36c2, finding 1; also on 5707c286), fixed: the clock watch's
// first look tells the flow its time (a trusted stamp), so `since` is set before the read. Before:
// a read sent on an untrusted clock before the flow ever had a trusted time (`since` 0: its first
// read not answered yet) keeps its untrusted send stamp (`since ? since : s0.at`, profile-read.ts).
// Sent 1 ms before midnight on a clock ahead, it is dated in the new day; once the truth is within
// twice the bound of that date (3 s ahead: at once; an hour ahead: an hour later) a trusted stamp
// does not undate it: `current` and free in the new day, whose register bars the player.

const { check, midnight, retrust, untrust } = make;

describe('review35: a read sent on an untrusted clock with `since` 0', () => {
  it('3 s ahead: free to bet in the barred new day, for the whole day (no read)', async () => {
    const r = open({ timers: true });
    await flush();
    // (The first read, sent at T0, hangs: the flow has no trusted time yet, `now` 0.)
    await midnight(-1).run({}, r);
    const day = nextBrazilMidnight(r.clock.now());
    await untrust(3 * S).run({}, r);
    await check().run({}, r); // made at day - 1 ms: the register does not bar yet
    r.clock.increment(1);
    await flush();
    r.spa = true; // from the new day on, the register bars the player
    r.pending.pop()!.resolve(); // its answer, at the midnight itself
    await flush();
    await retrust(0).run({}, r);
    let free = 0;
    while (r.clock.now() < day + 3_600_000) {
      r.clock.increment(1000);
      await flush();
      while (r.pending.length) {
        r.pending.shift()!.resolve();
        await flush();
      }
      const { canBet } = profileOf(r.flow.getSnapshot()).restrictions;
      if (canBet && r.clock.now() >= day + BOUND) free++;
    }
    const x = profileOf(r.flow.getSnapshot()).restrictions;
    expect(
      { free, canBet: x.canBet, status: x.status, reads: r.seq, checkedAt: x.checkedAt! - day },
      'free to bet for an hour into the barred day, no read made',
    ).toMatchObject({ free: 0, canBet: false });
    r.flow.stop();
  });

  it('an hour ahead, trusted again an hour into the new day: free while the read on its way hangs', async () => {
    const r = open({ timers: true });
    await flush();
    await midnight(-1).run({}, r);
    const day = nextBrazilMidnight(r.clock.now());
    await untrust(3_600_000).run({}, r);
    await check().run({}, r); // made at day - 1 ms
    r.pending.pop()!.resolve(); // answered at once (stamped an hour ahead)
    await flush();
    r.spa = true;
    // An hour on, on the untrusted clock (its reads, backing off, hang: a slow network).
    r.clock.increment(3_600_000 + 1);
    await flush();
    await retrust(0)
      .run({}, r)
      .catch(() => {});
    const x = profileOf(r.flow.getSnapshot()).restrictions;
    expect(
      { canBet: x.canBet, into: r.clock.now() - day, checkedAt: x.checkedAt! - day },
      'free an hour into the barred day on a read made before it',
    ).toEqual({ canBet: false, into: 3_600_000, checkedAt: -1 });
    r.flow.stop();
  });
});
