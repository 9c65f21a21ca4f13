// REVIEW-O 10: `restrictionsOf(userInfo, now)` with a `now` no clock of this century gives
// (seconds for ms, 0, negative, past the Date range) showed a paused or self-excluded player free
// to bet (the pause "pending in 1970", or "over after year 275760"). Such a `now` judges nothing:
// `known` false, `canBet` false, `unreadable` names `now`. A `now` from 2000 on reads as before.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restrictionsOf } from '../../src/responsible-gaming/restrictions';
import { freeUserInfo } from '../support/free-user-info';

const NOW = Date.parse('2026-11-30T15:00:00Z');
const naive = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const paused = {
  ...freeUserInfo(),
  user_pause: 7,
  user_pause_at: naive(NOW - 86_400_000),
  user_pause_in: naive(NOW + 6 * 86_400_000),
  user_pause_min: null,
};

describe('restrictionsOf with an implausible now', () => {
  it('seconds, 0, negative or out-of-range instants are unknown, never free to bet', () => {
    const bad = fc.oneof(
      fc.integer({ min: -1e15, max: 946_684_799_999 }),
      fc.double({ min: 8.64e15, max: 1e300, noNaN: true, minExcluded: true }),
      fc.constantFrom(Math.floor(NOW / 1000), 0, -0, -1e20, 1e20),
    );
    fc.assert(
      fc.property(bad, fc.constantFrom(paused, freeUserInfo()), (now, info) => {
        const r = restrictionsOf(info, now);
        expect(r.canBet).toBe(false);
        expect(r.known).toBe(false);
        expect(r.unreadable).toContain('now');
      }),
    );
  });

  it('a now from 2000 on reads as before', () => {
    expect(restrictionsOf(freeUserInfo(), NOW).canBet).toBe(true);
    expect(restrictionsOf(paused, NOW).canBet).toBe(false);
    expect(restrictionsOf(paused, NOW).known).toBe(true);
    expect(restrictionsOf(freeUserInfo(), 946_684_800_000).unreadable).not.toContain('now');
  });
});
