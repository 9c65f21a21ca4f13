import { describe, expect, it } from 'vitest';
import { nextBrazilMidnight } from '../../machines/clock';
import { profileOf } from '../../machines/session/profile';
import { flush, make, open, type Real, S } from '../review33/model';

// Review 34: the new São Paulo day's SPA re-check (REVIEW-Q Q-5: read at midnight + the clock's
// bound, `dawn`) was lost to a reading that had been sent before the server's day began. In `dawn`,
// another tab's reading (sent at 23:59) was taken (`PROFILE_SEEN`, "newer, and it lifts nothing")
// and moved the flow to `idle`, whose midnight timer counts to the NEXT midnight: no read that day.
// One stamped within the bound after midnight (another tab's `serverNow()` ahead of the server's, or
// the flow's own read sent just before midnight and answered after) counted as read in the new day:
// `current`, free to bet, on the register of the day before. The register here bars the player from
// the server's midnight on; every reading sent before it shows them free.

const BOUND = 2 * S;

const canBet = (r: Real) => profileOf(r.flow.getSnapshot()).restrictions.canBet;
const state = (r: Real) => r.flow.getSnapshot().value;
/** Requests made (answered or held) since the server had made `seqFrom`. */
const sentFrom = (r: Real, seqFrom: number) => r.seq - seqFrom;

/**
 * Signed in, read, idle; `lead` ms before the server's next São Paulo midnight, this tab's
 * `serverNow()` `skew` ms off the server's time. From that midnight on, the register bars the
 * player (a reading the server makes before it shows them free).
 */
async function nearMidnight(lead: number, skew = 0) {
  const r = open();
  r.skew = skew;
  const midnight = nextBrazilMidnight(r.clock.now());
  Object.defineProperty(r, 'spa', { get: () => r.clock.now() >= midnight, set: () => {} });
  await flush();
  r.pending.shift()!.resolve();
  await flush();
  expect(state(r)).toBe('idle');
  expect(canBet(r)).toBe(true);
  r.clock.increment(midnight - lead - r.clock.now());
  await flush();
  return { r, midnight };
}

/** To server time `t`, in steps of `step` ms (each step's timers run), checking `canBet` after each. */
async function runTo(r: Real, t: number, free: (now: number) => boolean, step = 100) {
  while (r.clock.now() < t) {
    r.clock.increment(Math.min(step, t - r.clock.now()));
    await flush();
    if (canBet(r)) expect(free(r.clock.now()), `free to bet at ${r.clock.now()}`).toBe(true);
  }
}

/** Every request held is answered, in the order sent. */
async function deliverAll(r: Real) {
  while (r.pending.length > 0) {
    r.pending.shift()!.resolve();
    await flush();
  }
}

describe("review34: the new day's SPA read is never lost to a reading sent before the day began", () => {
  it('another tab reading sent at 23:59 and heard in `dawn` does not cancel the read', async () => {
    const { r, midnight } = await nearMidnight(5 * S);
    // Another tab reads 1 s before midnight (served then: not on the register yet).
    r.clock.increment(4 * S);
    await flush();
    await make.remote(0).run({}, r);
    // The flow's midnight: `dawn`, the read waits the bound.
    r.clock.increment(midnight + 500 - r.clock.now());
    await flush();
    expect(state(r)).toBe('dawn');
    const before = r.seq;
    // The other tab's reading arrives (sent at 23:59:59, free).
    await make.deliver(0).run({}, r);
    await flush();
    expect(canBet(r)).toBe(false);
    await runTo(r, midnight + 3 * BOUND, () => false);
    // The day's read was sent (after the bound) and shows the register.
    expect(sentFrom(r, before), 'reads sent after the reading taken in dawn').toBeGreaterThanOrEqual(1);
    await deliverAll(r);
    await runTo(r, midnight + 10 * S, () => false);
    expect(profileOf(r.flow.getSnapshot()).restrictions).toMatchObject({ canBet: false, status: 'current' });
    r.flow.stop();
  });

  it('another tab reading stamped within the bound after midnight (sent before the server day) is not current', async () => {
    // This tab's `serverNow()` 1.5 s ahead of the server: its midnight (`dawn`) comes at the
    // server's 23:59:58.5.
    const { r, midnight } = await nearMidnight(5 * S, 1500);
    r.clock.increment(3_800);
    await flush();
    expect(state(r)).toBe('dawn');
    // At the server's 23:59:58.8, another tab 1.5 s ahead too: its reading stamped 00:00:00.3.
    await make.remote(1500).run({}, r);
    r.clock.increment(200);
    await flush();
    const before = r.seq;
    await make.deliver(0).run({}, r);
    // Never free on it, nor on a read of the flow's own it starts at once (both served before
    // the server's midnight).
    expect(canBet(r)).toBe(false);
    await deliverAll(r);
    expect(canBet(r)).toBe(false);
    await runTo(r, midnight + 3 * BOUND, () => false);
    await deliverAll(r);
    await runTo(r, midnight + 10 * S, () => false);
    expect(
      r.answered.some((a) => a.spa),
      "the day's read (served after the server's midnight)",
    ).toBe(true);
    expect(sentFrom(r, before)).toBeGreaterThanOrEqual(1);
    expect(profileOf(r.flow.getSnapshot()).restrictions).toMatchObject({ canBet: false, status: 'current' });
    r.flow.stop();
  });

  it("the flow's own read sent just before midnight and answered after it is not the day's read", async () => {
    const { r, midnight } = await nearMidnight(5 * S);
    r.clock.increment(4_800);
    await flush();
    r.flow.send({ type: 'CHECK' });
    await flush();
    expect(r.pending).toHaveLength(1);
    r.clock.increment(midnight + 300 - r.clock.now());
    await flush();
    const before = r.seq;
    // Its answer (served at 23:59:59.8: free) comes after midnight.
    await deliverAll(r);
    expect(canBet(r)).toBe(false);
    await runTo(r, midnight + 3 * BOUND, () => false);
    expect(sentFrom(r, before), "the day's read").toBeGreaterThanOrEqual(1);
    await deliverAll(r);
    await runTo(r, midnight + 10 * S, () => false);
    expect(profileOf(r.flow.getSnapshot()).restrictions).toMatchObject({ canBet: false, status: 'current' });
    r.flow.stop();
  });
});
