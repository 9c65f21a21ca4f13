import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restrictionsOf } from '../../src/responsible-gaming/restrictions';
import { freeUserInfo } from '../support/free-user-info';

// REVIEW-L 1 (HIGH, eleventh pass): a pause or self-exclusion whose end (`_in`) contradicts its own
// length was believed. A 7-day pause asked for a minute ago, answered with `_in` = `_at` + 1 s,
// read as over: `canBet: true`. An end is plausible only from its start plus its length less the
// slack of how a server may count it (a pause of N days: from N - 1 days, the start's day counted
// as one; N months: from N x 28 days, the shortest month). An end short of it is unreadable: never
// "over" (fail closed), even on or after its earliest lift (`_min`): one bug writing the same wrong
// instant into `_in` and `_min` vouched for itself (REVIEW-O 18).

const H = 3_600_000;
const D = 86_400_000;
const BASE = Date.parse('2026-03-01T12:00:00Z');
const naive = (ms: number) => new Date(ms - 3 * H).toISOString().slice(0, 19).replace('T', ' ');
const PAUSE_DAYS = fc.integer({ min: 1, max: 45 });
const MONTHS = fc.constantFrom(3, 6, 12, 24, 36, 60);
/** Every other field answered with none (the profile carries every flag and limit). */
const flags = freeUserInfo();

const pause = (days: number, since: number, until: number, min?: number) => ({
  ...flags,
  user_exclusion: 0,
  user_pause: days,
  user_pause_at: naive(since),
  user_pause_in: naive(until),
  user_pause_min: min === undefined ? null : naive(min),
});
const exclusion = (months: number, since: number, until: number, min?: number) => ({
  ...flags,
  user_pause: 0,
  user_exclusion: months,
  user_exclusion_at: naive(since),
  user_exclusion_in: naive(until),
  user_exclusion_min: min === undefined ? null : naive(min),
});

/** The shortest plausible length, as the rule above states it. */
const shortest = { pause: (days: number) => (days - 1) * D, exclusion: (months: number) => months * 28 * D };

describe('an end that contradicts its length is unreadable, never over', () => {
  it('the reviewed cases: a 6-month exclusion and a 7-day pause that "ended" 1 s after they began', () => {
    const now = BASE;
    const x = restrictionsOf(exclusion(6, now - D, now - D + 1000), now);
    expect([x.canBet, x.accountBlocked, x.known]).toEqual([false, true, false]);
    const p = restrictionsOf(pause(7, now - 2 * D, now - 2 * D + 1000), now);
    expect([p.canBet, p.known]).toEqual([false, false]);
    // The live case: asked for 5 s ago, answered with an end 5 s after its start, read 7 s on.
    const live = restrictionsOf(pause(7, now - 7000, now - 2000), now);
    expect([live.canBet, live.known]).toEqual([false, false]);
  });

  it('property: a pause whose end (past, no earliest lift) is short of N - 1 days never lets the player bet', () => {
    fc.assert(
      fc.property(
        PAUSE_DAYS.filter((d) => d >= 2),
        fc.integer({ min: 1, max: 45 * D }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (days, back, share) => {
          const since = BASE - back;
          const until = since + 1000 + Math.floor((share * (shortest.pause(days) - 2000)) / 1000) * 1000;
          fc.pre(until < BASE);
          const r = restrictionsOf(pause(days, since, until), BASE);
          expect(r.canBet).toBe(false);
          expect(r.known).toBe(false);
          expect(r.unreadable).toContain('user_pause_in');
        },
      ),
    );
  });

  it('property: a self-exclusion whose end (past, no earliest lift) is short of N x 28 days is unknown and blocks the account', () => {
    fc.assert(
      fc.property(
        MONTHS,
        fc.integer({ min: 1, max: 2000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (months, days, share) => {
          const since = BASE - days * D;
          const until =
            since + 1000 + Math.floor((share * (shortest.exclusion(months) - 2000)) / 1000) * 1000;
          fc.pre(until < BASE);
          const r = restrictionsOf(exclusion(months, since, until), BASE);
          expect([r.canBet, r.accountBlocked, r.known]).toEqual([false, true, false]);
          expect(r.unreadable).toContain('user_exclusion_in');
        },
      ),
    );
  });

  it('property: an end at or past the shortest plausible length is read as given (in force until the latest it may mean, over after it)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          PAUSE_DAYS.map((n) => ['pause', n] as const),
          MONTHS.map((n) => ['exclusion', n] as const),
        ),
        fc.integer({ min: 0, max: 40 * D }),
        fc.integer({ min: -60 * D, max: 60 * D }),
        ([kind, n], extra, offset) => {
          const since = BASE - 400 * D;
          const until = since + Math.max(shortest[kind](n), 1000) + Math.floor(extra / 1000) * 1000;
          const now = Math.max(until + offset, since); // from its start (a start ahead is another rule)
          const r = restrictionsOf(
            kind === 'pause' ? pause(n, since, until) : exclusion(n, since, until),
            now,
          );
          expect(r.known).toBe(true);
          // Naive: it holds until the latest instant it may mean, 10 h after it reads (REVIEW-K 4).
          expect(r.canBet).toBe(now >= until + 10 * H);
        },
      ),
    );
  });

  it('property: an early end on or after its earliest lift (`_min`) is unknown too (REVIEW-O 18)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          PAUSE_DAYS.map((n) => ['pause', n] as const),
          MONTHS.map((n) => ['exclusion', n] as const),
        ),
        fc.integer({ min: 1, max: 30 * D }),
        fc.integer({ min: 0, max: 10 * D }),
        ([kind, n], toMin, afterMin) => {
          const since = BASE - 400 * D;
          const min = since + Math.floor(toMin / 1000) * 1000 + 1000;
          const until = min + Math.floor(afterMin / 1000) * 1000;
          const now = until + D;
          fc.pre(until < since + (kind === 'pause' ? n - 1 : n * 28) * D);
          const fields = kind === 'pause' ? pause(n, since, until, min) : exclusion(n, since, until, min);
          const r = restrictionsOf(fields, now);
          expect(r.known).toBe(false);
          expect(r.canBet).toBe(false);
          expect(r.unreadable).toContain(kind === 'pause' ? 'user_pause_in' : 'user_exclusion_in');
        },
      ),
    );
  });
});
