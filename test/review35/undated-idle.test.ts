import { describe, expect, it } from 'vitest';
import { nextBrazilMidnight } from '../../machines/clock';
import { profileOf } from '../../machines/session/profile';
import { flush, H, make, open, S } from '../review33/model';

// Review 35 (the read-only review of 238e36c2, finding 3). Liveness: a read taken on a clock an hour ahead (midday, the same São Paulo day) is undated by the
// first trusted stamp (`advanced`: more than twice the bound ahead). That stamp is the `NOW` raised
// by `CLOCK` (trusted again) in `idle`, whose guards (`newDay`, `dawn`) are judged on the old date
// (the same day): `idle` re-entered, the reading now undated (`unknown`, canBet false), and nothing
// reads again (the `unsure` count reset by the trust, no new day for the clock watch to tell):
// unknown, no betting, until the next São Paulo midnight. Now `newDay` holds for such a date too.

const { deliver, retrust, untrust } = make;

describe('review35: a reading undated in idle', () => {
  it('trusted again at midday after a read on a clock an hour ahead: read again soon, current', async () => {
    const r = open({ timers: true });
    await flush();
    await deliver(0).run({}, r); // 09:00 São Paulo, trusted: current, free
    await untrust(H).run({}, r); // a read starts (re-teaching the clock)
    await deliver(0).run({}, r); // answered on the untrusted clock: dated 10:00
    const before = r.seq;
    await retrust(0).run({}, r); // trusted again at once (idle)
    // Ten minutes, answers delivered as they come.
    for (let i = 0; i < 600; i++) {
      r.clock.increment(S);
      await flush();
      while (r.pending.length) {
        r.pending.shift()!.resolve();
        await flush();
      }
    }
    const { status, canBet } = profileOf(r.flow.getSnapshot()).restrictions;
    expect(r.seq - before, 'a read after trust returned').toBeGreaterThan(0);
    expect({ status, canBet }, 'current again, not unknown until midnight').toEqual({
      status: 'current',
      canBet: true,
    });
    r.flow.stop();
  });
});
