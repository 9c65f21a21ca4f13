import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restrictionsOf } from '../../src/responsible-gaming/restrictions';
import { freeUserInfo } from '../support/free-user-info';

// REVIEW-J: a pause's or self-exclusion's earliest lift (`user_pause_min`, `user_exclusion_min`)
// sent but unreadable was dropped as if absent: `known` stayed true (a status `current`). The rule,
// as for its siblings `_at` and `_in`: a date of a restriction that is set, sent (not null, absent
// or `''`) but not a readable time after 1970-01-02 makes the restriction unknown (`known` false,
// the field in `unreadable`, no betting; an exclusion blocks the account), never read as absent nor
// as a restriction without it.

const D = 86_400_000;
const NOW = Date.UTC(2026, 5, 10, 15);
/** Not a readable date (nor one at or before 1970-01-02: PHP's zero dates, its date() of 0). */
const garbage = fc.oneof(
  fc.constantFrom<unknown>(
    'garbage',
    'soon',
    '30/12/2099',
    ' ',
    '2026-02-30 10:00:00',
    '0000-00-00 00:00:00',
    '1969-12-31 21:00:00',
    '2026-06-10T10:00:00+23:00',
    1781100000000,
    true,
    [1],
    { at: 1 },
  ),
  fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !/^\d{4}-\d\d-\d\d/.test(s.trim())),
);
const set = fc.oneof(
  fc.integer({ min: 1, max: 45 }).map((n) => ({ field: 'user_pause' as const, n })),
  fc.constantFrom(3, 6, 12, 24, 36, 60, -1).map((n) => ({ field: 'user_exclusion' as const, n })),
);

describe('an unreadable earliest lift (`_min`) makes the restriction unknown, never absent', () => {
  it('property: known false, the field named, no betting; an exclusion blocks the account', () => {
    fc.assert(
      fc.property(set, garbage, fc.integer({ min: 0, max: 40 }), ({ field, n }, v, ago) => {
        const info = {
          spa_exclusion: 0,
          operator_exclusion: 0,
          user_pause: 0,
          user_exclusion: 0,
          [field]: n,
          [`${field}_at`]: new Date(NOW - ago * D).toISOString(),
          [`${field}_min`]: v,
        };
        const r = restrictionsOf(info, NOW);
        expect(r.known).toBe(false);
        expect(r.unreadable).toContain(`${field}_min`);
        expect(r.canBet).toBe(false);
        expect(r.accountBlocked).toBe(field === 'user_exclusion');
      }),
    );
  });

  it('a readable one, null, absent or empty is read as before (known)', () => {
    for (const v of [null, undefined, '', '2026-06-12 10:00:00', '2026-06-12T13:00:00Z']) {
      const r = restrictionsOf(
        freeUserInfo({
          spa_exclusion: 0,
          operator_exclusion: 0,
          user_exclusion: 0,
          user_pause: 7,
          user_pause_at: '2026-06-09T10:00:00Z',
          user_pause_min: v,
        }),
        NOW,
      );
      expect([r.known, r.canBet], String(v)).toEqual([true, false]);
    }
  });
});
