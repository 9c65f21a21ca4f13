import { describe, expect, it } from 'vitest';
import { nextBrazilMidnight } from '../../machines/clock';
import { profileOf } from '../../machines/session/profile';
import { BOUND, flush, make, open, S } from '../review33/model';

// Review 35: CI's run of 5707c286 (test/review34/midnight-readings.model, seed 791305265, shrunk:
// [midnight(-1), untrust(3600000), check, deliver(3), limitAccepted(50), tonight]). A read taken
// while the device clock is untrusted (an hour ahead) was dated by that clock: `checkedAt` an hour
// in the future, in the São Paulo day after. Trusted again, the flow took that date as its reading's
// day: it armed the midnight re-check on the day after, and each read of its own kept the later
// date (`max`). Barred meanwhile (stale, fail closed), but the new day's SPA read never came: no
// read after midnight, stale for a whole day. A time taken while the clock is untrusted dates
// nothing once a trusted time proves it wrong (more than twice the bound ahead): undated, read again.

const { check, deliver, midnight, retrust, untrust } = make;

describe('review35: a read taken on an untrusted clock', () => {
  it('is never dated ahead of the server, and the new day is still read after midnight', async () => {
    const r = open();
    await flush();
    await deliver(0).run({}, r);
    await midnight(-1).run({}, r);
    const day = nextBrazilMidnight(r.clock.now());
    await untrust(3_600_000).run({}, r);
    await check().run({}, r);
    while (r.pending.length > 0) await deliver(r.pending.length - 1).run({}, r);
    // Untrusted: never current (its date may be anything).
    expect(profileOf(r.flow.getSnapshot()).restrictions.status).not.toBe('current');
    await retrust(0).run({}, r);
    // Trusted again: that date is proven wrong (an hour ahead of a trusted time), never kept.
    const held = profileOf(r.flow.getSnapshot()).restrictions;
    expect(held.checkedAt ?? 0, 'dated by the untrusted clock').toBeLessThanOrEqual(
      r.clock.now() + 2 * BOUND,
    );
    await deliver(0).run({}, r);
    // The register bars the player from the new day on.
    r.spa = true;
    const before = r.seq;
    while (r.clock.now() < day + 30 * S) {
      r.clock.increment(250);
      await flush();
      while (r.pending.length > 0) {
        r.pending.shift()!.resolve();
        await flush();
      }
    }
    expect(r.seq, "the new day's read").toBeGreaterThan(before);
    const { canBet, status, checkedAt } = profileOf(r.flow.getSnapshot()).restrictions;
    expect({ canBet, status }).toEqual({ canBet: false, status: 'current' });
    expect(checkedAt).toBeGreaterThanOrEqual(day);
    r.flow.stop();
  });

  it('sent before midnight on a clock an hour ahead, answered after it on a trusted one: of the day before', async () => {
    const r = open();
    await flush();
    await deliver(0).run({}, r);
    await untrust(3_600_000).run({}, r);
    await midnight(-1).run({}, r);
    const day = nextBrazilMidnight(r.clock.now());
    await check().run({}, r);
    // The register bars the player from the new day on; the read on its way was made before it.
    r.clock.increment(2001);
    r.spa = true;
    await retrust(0).run({}, r);
    // (Its send stamped an hour after its answer: that stamp is proven wrong.)
    while (r.pending.length > 0) await deliver(r.pending.length - 1).run({}, r);
    expect(r.clock.now()).toBeGreaterThanOrEqual(day + BOUND);
    const { canBet } = profileOf(r.flow.getSnapshot()).restrictions;
    expect(canBet, 'free in the new day on a read of the day before').toBe(false);
    r.flow.stop();
  });
});
