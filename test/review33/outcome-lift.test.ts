import { describe, it } from 'vitest';
import { make, runCmds } from './model';

// Review 33, finding 1: this tab's outcome re-read lifts a bar when its stamp is more than the
// clock's bound after the order key held (profile-guards.ts `lifts`). Two stamps each within ±bound
// of the server's time are ordered only more than 2x the bound apart; and the order key of the
// flow's own read never goes back (profile-take.ts `sentAt: max(...)`), so a read sent on a clock
// whose stamp is behind (the offset re-learned downwards, an untrusted clock) leaves the key at
// the reading before it. Each case: an outcome re-read sent BEFORE a read that shows the SPA
// exclusion arrives after it, is taken, and shows the player free to bet (the invariant fails).
const { deliver, advance, skew, changeFails, spa, check, untrust, retrust, remote } = make;

describe('review33: an outcome re-read sent before a barring reading lifts it', () => {
  // The offset re-learned downwards between the two sends (+1500 -> -1000: each within the bound).
  it('this tab re-learned its offset between the re-read and the read (skew within ±bound)', async () => {
    await runCmds(
      [
        deliver(0),
        advance(3000),
        skew(1500),
        changeFails(), // O: sent now, stamped t+1500, the server free
        spa(true),
        skew(-1000),
        check(), // H: sent after O, stamped t-1000, the server's SPA exclusion
        deliver(1), // H taken: barred
        skew(0),
        deliver(0), // O (sent before H) taken: free to bet
      ],
      { noSettle: true },
    );
  });

  // The flow's read sent on an untrusted clock behind the truth: its order key stays the older one.
  it('a read sent while the clock was untrusted (behind) keeps the older order key', async () => {
    await runCmds(
      [
        deliver(0),
        advance(5000),
        changeFails(), // O: stamped t, the server free
        spa(true),
        untrust(-3_600_000), // idle: lost trust, a read H starts (stamped an hour behind)
        deliver(1), // H taken (barred; untrusted): sentAt stays the first read's
        retrust(0),
        deliver(0), // O, stamped after that key + bound: taken, free to bet
      ],
      { noSettle: true },
    );
  });

  // The key held is another tab's (its clock 2 s behind), this tab's 2 s ahead: both within the bound.
  it("another tab's barring reading, then this tab's re-read sent before it", async () => {
    await runCmds(
      [
        deliver(0),
        advance(5000),
        skew(2000),
        changeFails(), // O: stamped t+2000, the server free
        spa(true),
        remote(-2000), // R: sent after O, stamped t-2000, the SPA exclusion
        deliver(1), // R taken (it tightens): barred
        deliver(0), // O: stamped more than the bound after R's: taken, free to bet
      ],
      { noSettle: true },
    );
  });
});
