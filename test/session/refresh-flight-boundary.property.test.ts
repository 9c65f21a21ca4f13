// REVIEW-Y Y-5: API.md "Refresh cycle": "A refresh in flight for OVER 60 s counts as lost".
// Exactly 60 s in flight is not lost yet; one ms more is. `nextRefreshAt` names the first whole
// ms at which `shouldRefreshToken` says yes.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  markRefreshCompleted,
  markRefreshStarted,
  markTokenSaved,
  nextRefreshAt,
  REFRESH_INTERVAL_MS,
  shouldRefreshToken,
} from '../../src/session/token';

const T0 = 1_700_000_000_000;
const due = T0 + REFRESH_INTERVAL_MS;

describe('a refresh in flight counts as lost only after over 60 s', () => {
  it('t + 60_000 is not lost, t + 60_001 is', () => {
    const s = markRefreshStarted(markTokenSaved(T0), due);
    expect(shouldRefreshToken(s, due + 60_000)).toBe(false);
    expect(shouldRefreshToken(s, due + 60_001)).toBe(true);
    expect(nextRefreshAt(s)).toBe(due + 60_001);
  });

  it('around the boundary: lost exactly when in flight over 60 s; nextRefreshAt is its first ms', () => {
    fc.assert(
      fc.property(
        // when the flight starts, after the due time (and after some failures, whose backoff has passed)
        fc.integer({ min: 0, max: 48 * 3_600_000 }),
        fc.nat(3),
        // how long it has been in flight: near the boundary, whole or fractional ms
        fc.oneof(
          fc.integer({ min: 59_990, max: 60_010 }),
          fc.double({ min: 59_999, max: 60_001, noNaN: true }),
        ),
        (offset, failures, inFlight) => {
          let s = markTokenSaved(T0);
          for (let i = 0; i < failures; i += 1)
            s = markRefreshCompleted(markRefreshStarted(s, due), false, due);
          const start = due + 1_000_000 + offset;
          s = markRefreshStarted(s, start);
          // (Judged at the instant as a double holds it: 60,000.00000000001 ms after a start near
          // 1.7e12 is the same double as 60,000 ms after it; CI seed -324553879.)
          const now = start + inFlight;
          expect(shouldRefreshToken(s, now)).toBe(now > start + 60_000);
          const at = nextRefreshAt(s) as number;
          expect(shouldRefreshToken(s, at)).toBe(true);
          expect(shouldRefreshToken(s, at - 1)).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
