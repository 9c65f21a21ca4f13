import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseServerTime, restrictionsOf } from '../../src/responsible-gaming/index';
import { freeUserInfo } from '../support/free-user-info';

// Issue 26, symptom 7 and its rules: restriction fields as a PHP back end writes them. A value
// outside the spec's set (`user_exclusion` 3, 6, 12, 24, 36, 60 or -1; `user_pause` 1-45 days) or
// an end before its start is UNREADABLE: that restriction is unknown and blocking (fail closed),
// never "no restriction". Before the fix a pause ending '1969-12-31 21:00:00' (PHP's date() of
// timestamp 0 in São Paulo) before its start read as over, and `user_exclusion: "0.5"` as nothing.

const NOW = Date.parse('2026-11-23T15:00:00Z');
const EXCLUSION_MONTHS = [3, 6, 12, 24, 36, 60, -1];
const PHP_EPOCH_0 = '1969-12-31 21:00:00';

describe('restrictionsOf: the reading rules (symptom 7)', () => {
  it("a 7-day pause whose end is PHP's rendering of timestamp 0 (before its start) is unknown and blocks betting", () => {
    const r = restrictionsOf(
      freeUserInfo({ user_pause: 7, user_pause_at: '2026-11-20 10:00:00', user_pause_in: PHP_EPOCH_0 }),
      NOW,
    );
    expect(r).toMatchObject({ canBet: false, known: false, unreadable: ['user_pause_in'] });
    expect(r.accountBlocked).toBe(false); // a pause stops betting, it does not close the account
  });

  it('user_exclusion "0.5" is unknown and blocks the account, never "no restriction"', () => {
    const r = restrictionsOf(
      freeUserInfo({ user_exclusion: '0.5', user_exclusion_at: '2026-11-20 10:00:00' }),
      NOW,
    );
    expect(r).toMatchObject({
      canBet: false,
      known: false,
      accountBlocked: true,
      unreadable: ['user_exclusion'],
    });
  });

  it('an exclusion whose end is before its start is unknown and blocks the account', () => {
    const r = restrictionsOf(
      freeUserInfo({
        user_exclusion: '6.00',
        user_exclusion_at: '2026-11-20 10:00:00',
        user_exclusion_in: PHP_EPOCH_0,
      }),
      NOW,
    );
    expect(r).toMatchObject({
      canBet: false,
      known: false,
      accountBlocked: true,
      unreadable: ['user_exclusion_in'],
    });
  });

  it.each([
    ['user_exclusion', [0.5, '0.5', 1, '2', 7, '12.5', 61, '120', -2, '-1.5', 1e9]],
    ['user_pause', [0.5, '1.5', 46, '46', '100', 365, -1, '-1', 1e9]],
  ] as const)('%s outside the spec set is unreadable: %j', (field, values) => {
    for (const v of values) {
      const r = restrictionsOf(freeUserInfo({ [field]: v, [`${field}_at`]: '2026-11-20 10:00:00' }), NOW);
      expect(r, `${field}: ${JSON.stringify(v)}`).toMatchObject({
        canBet: false,
        known: false,
        unreadable: [field],
      });
      expect(r.accountBlocked).toBe(field === 'user_exclusion');
    }
  });

  it('the values in the set still read, however PHP writes them', () => {
    for (const v of [3, '3', '6.00', ' 12 ', 24, '36.0', 60, -1, '-1', '-1.00']) {
      const r = restrictionsOf(
        freeUserInfo({ user_exclusion: v, user_exclusion_at: '2026-11-20 10:00:00' }),
        NOW,
      );
      expect(
        r.inForce.map((x) => x.kind),
        JSON.stringify(v),
      ).toEqual(['selfExclusion']);
      expect(r).toMatchObject({ known: true, accountBlocked: true, canBet: false });
    }
    for (const v of [1, '7', '45.00', ' 30 ']) {
      const r = restrictionsOf(freeUserInfo({ user_pause: v, user_pause_at: '2026-11-23 10:00:00' }), NOW);
      expect(
        r.inForce.map((x) => x.kind),
        JSON.stringify(v),
      ).toEqual(['pause']);
      expect(r).toMatchObject({ known: true, accountBlocked: false, canBet: false });
    }
    for (const v of [0, '0', '0.00', null]) {
      expect(restrictionsOf(freeUserInfo({ user_exclusion: v, user_pause: v }), NOW)).toMatchObject({
        known: true,
        canBet: true,
      });
    }
  });

  // Review of issues 26/27: an end at epoch 0 with no start, an end equal to its start, or a
  // zero start read as FREE before; each is unknown and blocking now (fail closed).
  it.each([
    [{ user_exclusion: 3, user_exclusion_in: PHP_EPOCH_0 }, 'user_exclusion_in'],
    [{ user_exclusion: 3, user_exclusion_in: '1970-01-01 00:00:00' }, 'user_exclusion_in'],
    [{ user_pause: 7, user_pause_in: PHP_EPOCH_0 }, 'user_pause_in'],
    [{ user_pause: 7, user_pause_in: '1970-01-01 00:00:00' }, 'user_pause_in'],
    [{ user_pause: 7, user_pause_at: '0000-00-00 00:00:00', user_pause_in: PHP_EPOCH_0 }, 'user_pause_at'],
    [{ user_pause: 7, user_pause_at: PHP_EPOCH_0 }, 'user_pause_at'],
    [
      { user_pause: 7, user_pause_at: '2026-11-01 10:00:00', user_pause_in: '2026-11-01 10:00:00' },
      'user_pause_in',
    ],
    [
      {
        user_exclusion: 3,
        user_exclusion_at: '2026-11-01 10:00:00',
        user_exclusion_in: '2026-11-01 10:00:00',
      },
      'user_exclusion_in',
    ],
    [{ user_exclusion: 6, user_exclusion_at: '0000-00-00 00:00:00' }, 'user_exclusion_at'],
  ] as const)('a zero or equal date is unknown and blocking, never free: %j', (info, field) => {
    const r = restrictionsOf(freeUserInfo(info), NOW);
    expect(r).toMatchObject({ canBet: false, known: false, unreadable: [field] });
    expect(r.accountBlocked).toBe('user_exclusion' in info);
  });

  it('an end after its start reads as before: an ended pause is over', () => {
    const over = restrictionsOf(
      freeUserInfo({
        user_pause: 3,
        user_pause_at: '2026-11-01 10:00:00',
        user_pause_in: '2026-11-04 10:00:00',
      }),
      NOW,
    );
    expect(over).toMatchObject({ inForce: [], canBet: true, known: true });
  });
});

// PHP-style values: numbers, numeric strings with decimals and spaces, booleans, '', and dates as
// PHP's date() renders them (timestamp 0 included, and MySQL's zero date).
const phpNumber = fc.oneof(
  fc.integer({ min: -3, max: 100 }),
  fc.double({ min: -5, max: 100, noNaN: true }),
  fc.constantFrom(...EXCLUSION_MONTHS, 0, 0.5, 45, 46),
);
const phpValue = fc.oneof(
  phpNumber,
  phpNumber.map(String),
  phpNumber.map((n) => n.toFixed(2)),
  phpNumber.map((n) => ` ${n} `),
  fc.constantFrom(null, undefined, '', true, false, '1', 'abc'),
);
const phpDate = fc.oneof(
  fc.constantFrom(
    null,
    undefined,
    PHP_EPOCH_0,
    '1970-01-01 00:00:00',
    '1970-01-02 00:00:00',
    '0000-00-00 00:00:00',
    '',
    '2026-11-23 12:00:00',
  ),
  fc
    .integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2028-01-01T00:00:00Z') })
    .map((ms) => new Date(ms - 10_800_000).toISOString().slice(0, 19).replace('T', ' ')),
);
/** How much later a naive date may mean than it reads (REVIEW-K 4, `lateBy`: 9 hours, and an hour). */
const LATE = 36_000_000;
/** PHP's zero dates fall at or before 1970-01-02: never a real start or end. */
const ZERO_FLOOR = 86_400_000;
const dateSent = (v: unknown) => v !== undefined && v !== null && v !== '';
/** A date sent that cannot be trusted: unreadable, or one of PHP's zero renderings. */
const badDate = (v: unknown) => {
  const t = parseServerTime(v);
  return dateSent(v) && (t === null || t <= ZERO_FLOOR);
};

/** What the spec's set allows: the count, or null when the value is outside it or absent. */
function inSet(field: 'user_pause' | 'user_exclusion', v: unknown): number | null {
  if (v === undefined) return null; // the profile always carries it: absent is unreadable
  if (v === null) return 0;
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : Number.NaN;
  if (n === 0) return 0;
  if (field === 'user_exclusion') return EXCLUSION_MONTHS.includes(n) ? n : null;
  return Number.isInteger(n) && n >= 1 && n <= 45 ? n : null;
}

describe('restrictionsOf over generated PHP-style values (property)', () => {
  it('a value outside the set, a zero or unreadable date, or an end at or before its start, is never read as "can bet"', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.constantFrom('user_pause' as const, 'user_exclusion' as const),
        phpValue,
        phpDate,
        phpDate,
        fc.boolean(),
        (field, value, at, later, same) => {
          // Half the time the end repeats the start: an end AT its start is no end either.
          const end = same ? at : later;
          const info = { [field]: value, [`${field}_at`]: at, [`${field}_in`]: end };
          const r = restrictionsOf(freeUserInfo(info), NOW);
          const count = inSet(field, value);
          const start = parseServerTime(at);
          const stop = parseServerTime(end);
          if (count === null) {
            seen.add('outside the set');
            expect(r.known).toBe(false);
            expect(r.unreadable).toContain(field);
          } else if (count > 0 && badDate(at)) {
            seen.add('zero or unreadable start');
            expect(r.known).toBe(false);
            expect(r.unreadable).toContain(`${field}_at`);
          } else if (
            count > 0 &&
            (badDate(end) ||
              (start !== null &&
                stop !== null &&
                // At or before its start, or short of its length (REVIEW-L 1: N - 1 days, N x 28 days).
                stop < start + Math.max((field === 'user_pause' ? count - 1 : count * 28) * 86_400_000, 1)))
          ) {
            seen.add(
              stop !== null && start !== null && stop <= start
                ? 'end at or before start'
                : badDate(end)
                  ? 'zero end'
                  : 'end short of its length',
            );
            expect(r.known).toBe(false);
            expect(r.unreadable).toContain(`${field}_in`);
          } else if (count === 0 && [start, stop].some((t) => t !== null && t + LATE > NOW)) {
            // None, while a date says in force or pending: a contradiction, unknown (review 7, H1).
            // (Every date here is naive: it may mean a time up to `LATE` after it reads.)
            seen.add('none with a date ahead');
            expect(r.known).toBe(false);
            expect(r.unreadable).toContain(field);
          } else {
            // A permanent exclusion (-1) has no end to misread: in force whatever `_in` says.
            seen.add('readable');
            expect(r.known).toBe(true);
          }
          // Fail closed: what is unknown never lets the player bet; an unknown exclusion blocks.
          if (!r.known) seen.add('unknown');
          expect(r.canBet && !r.known).toBe(false);
          expect(r.accountBlocked).toBe(
            r.inForce.some((x) => x.blocksAccount) || (field === 'user_exclusion' && !r.known),
          );
        },
      ),
      { numRuns: 2000, seed: 26_07 },
    );
    expect([...seen].sort()).toEqual([
      'end at or before start',
      'end short of its length',
      'none with a date ahead',
      'outside the set',
      'readable',
      'unknown',
      'zero end',
      'zero or unreadable start',
    ]);
  });
});
