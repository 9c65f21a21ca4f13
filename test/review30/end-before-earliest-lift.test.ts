// REVIEW30 R30-5 (LOW): a pause or self-exclusion whose end (`_in`) has passed but whose earliest
// lift (`_min`) is still ahead contradicts itself (it cannot end before it may be lifted), like the
// contradictions `selfOf` already reads as unknown (an end before its start, an end short of its
// length: review 7 H1, REVIEW-L 1, REVIEW-O 18). One of the two dates is wrong and the client
// cannot tell which, yet it reads the restriction as over: `canBet` true, `known` true. Fail
// closed: unknown (`user_pause_in` / `user_exclusion_in` unreadable), never "over".
// Root cause: src/responsible-gaming/restriction-fields.ts `selfOf` (the `wrong` checks compare
// `_in` with `_at` and the length, never with `_min`).

import { restrictionsOf } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { userInfo } from './user-info';

const NOW = Date.parse('2026-12-10T15:00:00Z');

describe('R30-5: an end before the earliest lift is never read as over', () => {
  it('control: the same pause with its earliest lift behind it is over', () => {
    const r = restrictionsOf(
      userInfo({
        user_pause: 7,
        user_pause_in: '2026-12-09T00:00:00Z',
        user_pause_min: '2026-12-05T00:00:00Z',
      }),
      NOW,
    );
    expect(r.canBet).toBe(true);
  });

  it('a pause that "ended" yesterday but may be lifted only from the day after tomorrow', () => {
    const r = restrictionsOf(
      userInfo({
        user_pause: 7,
        user_pause_in: '2026-12-09T00:00:00Z',
        user_pause_min: '2026-12-12T00:00:00Z',
      }),
      NOW,
    );
    expect(r.canBet).toBe(false);
  });

  it('a 3-month self-exclusion that "ended" yesterday but may be revoked only from the day after tomorrow', () => {
    const r = restrictionsOf(
      userInfo({
        user_exclusion: 3,
        user_exclusion_in: '2026-12-09T00:00:00Z',
        user_exclusion_min: '2026-12-12T00:00:00Z',
      }),
      NOW,
    );
    expect(r.canBet).toBe(false);
    expect(r.accountBlocked).toBe(true);
  });
});
