// REVIEW29B: on a clock that never learned the server's time (`unlearned`: the device's), the
// birth date counts when the 18th birthday is within `UNLEARNED_SKEW_MS` (48 h) of that clock: the
// read is stale then (no betting). Over birthdays near the true time and device clocks up to 48 h
// off either way: betting is allowed only to a player 18 by the true (server) time, and a player
// 18 for longer than the skew by the device clock is never made stale by it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionRestrictionsOf, UNLEARNED_SKEW_MS } from '../../machines/session/profile-rules';
import { brazilPartsOf, isAtLeastYearsOld } from '../../src/responsible-gaming/time';
import { freeUserInfo } from '../support/free-user-info';

const H = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');
const birthDateFor = (eighteenthAround: number) => {
  const b = brazilPartsOf(eighteenthAround);
  return `${b.year - 18}-${pad(b.month)}-${pad(b.day)}`;
};

describe('a birth date on an unlearned clock (property, REVIEW29B)', () => {
  it('canBet only for a player 18 by the true time; adults 18 for over 48 h by the device stay current', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 10), max: Date.UTC(2026, 11, 20) }),
        fc.integer({ min: -5 * 24, max: 5 * 24 }),
        fc.integer({ min: -48 * 3600, max: 48 * 3600 - 1 }),
        (trueNow, birthdayH, skewS) => {
          const device = trueNow + skewS * 1000;
          const birthDate = birthDateFor(trueNow + birthdayH * H);
          const r = sessionRestrictionsOf(freeUserInfo(), {
            readAt: device,
            now: device,
            failed: false,
            unlearned: true,
            user: { id: 7, cancelled_account: false, birth_date: birthDate },
          });
          const adultTruly = isAtLeastYearsOld(birthDate, 18, trueNow);
          const adultLongByDevice = isAtLeastYearsOld(birthDate, 18, device - UNLEARNED_SKEW_MS);
          seen.add(`${adultTruly}:${r.canBet}`);
          // Never free to bet while under 18 by the server's time.
          expect(r.canBet && !adultTruly).toBe(false);
          // An adult for longer than the skew: judged as read, current and free to bet.
          expect(!adultLongByDevice || (r.status === 'current' && r.canBet)).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
    expect([...seen].sort()).toEqual(['false:false', 'true:false', 'true:true']);
  });
});
