import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LimitKind, restrictionsOf } from '../../src/responsible-gaming/restrictions';
import { latestTimeOf } from '../../src/responsible-gaming/time';
import { freeUserInfo } from '../support/free-user-info';

// REVIEW-R R-4: a looser limit change (`user_limit_<kind>_change`) waits for its `effective_at`,
// the end of the stricter limit it replaces. Written naive (no zone) it is read as São Paulo's, but
// an API in a zone west of it (Manaus, Acre: UTC−04:00, −05:00; to UTC−12:00) means up to 9 hours
// later: read as São Paulo's, the looser limit applied while the server still enforced the stricter
// one. The rule of docs/responsible-gaming.md for every naive end: it holds until the latest instant
// it may mean (`latestTimeOf`: the wall time read in UTC−12:00, plus an hour), a zoned one exactly.

const H = 3_600_000;
const BASE = Date.UTC(2026, 0, 1);
/** `ms` as a wall clock `zone` minutes off UTC, naive (`YYYY-MM-DD HH:mm:ss`). */
const naiveIn = (ms: number, zone: number) =>
  new Date(ms + zone * 60_000).toISOString().slice(0, 19).replace('T', ' ');
/** `ms` with the offset of `zone` minutes (`+05:30`, `-12:00`): the exact instant. */
const zonedIn = (ms: number, zone: number) => {
  const a = Math.abs(zone);
  const off = `${zone < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
  return `${naiveIn(ms, zone).replace(' ', 'T')}${off}`;
};
/** The latest instant a written time may mean: naive, its wall time in UTC−12:00 plus an hour. */
const latest = (written: string) =>
  written.length === 19 ? Date.parse(`${written.replace(' ', 'T')}-12:00`) + H : Date.parse(written);

/** A true instant (whole seconds in 2026), written in a zone from UTC−12:00 to UTC+14:00, naive or not. */
const written = fc
  .record({
    at: fc.integer({ min: 0, max: 365 * 86_400 }).map((s) => BASE + s * 1000),
    zone: fc.integer({ min: -720, max: 840 }),
    naive: fc.boolean(),
  })
  .map((g) => ({ ...g, text: g.naive ? naiveIn(g.at, g.zone) : zonedIn(g.at, g.zone) }));

describe('a naive time holds until the latest instant it may mean (latestTimeOf)', () => {
  it('property: never before the instant meant, whatever zone wrote it; exact with a zone', () => {
    fc.assert(
      fc.property(written, (w) => {
        const held = latestTimeOf(w.text);
        expect(held).toBe(latest(w.text));
        expect(held! >= w.at).toBe(true);
        expect(held! - w.at).toBeLessThanOrEqual(w.naive ? 27 * H : 0); // UTC+14:00 read in UTC−12:00 (26 h), + 1 h
      }),
      { numRuns: 3000 },
    );
  });

  it('is null for what parseServerTime cannot read', () => {
    for (const v of ['soon', '', null, 12, '2026-02-30 10:00:00', '2026-01-01T10:00:00+15:00'])
      expect(latestTimeOf(v)).toBeNull();
  });
});

/** A looser change of one limit (100 -> 600 daily), due at a written instant, and a time near it. */
const change = fc
  .record({
    kind: fc.constantFrom<LimitKind>('deposit', 'bet', 'loss', 'time'),
    w: written,
    s: fc.oneof(
      fc.integer({ min: -28 * 3600, max: 28 * 3600 }),
      fc.integer({ min: -3 * 86_400, max: 3 * 86_400 }),
    ),
  })
  .map((g) => ({ ...g, now: g.w.at + g.s * 1000 }));

describe('a looser limit change waits until the latest instant its effective_at may mean (REVIEW-R R-4)', () => {
  it('property: never applied before its true time, whatever zone wrote it; due exactly at latestTimeOf', () => {
    fc.assert(
      // (A bare timestamp, values unknown, may tighten: due at its earliest reading, REVIEW29A-5:
      // test/responsible-gaming/limit-change-timing.property.test.ts.)
      fc.property(change, ({ kind, w, now }) => {
        const key = `user_limit_${kind}`;
        const info = freeUserInfo({
          [key]: 100,
          [`${key}_active`]: 1,
          [`${key}_period`]: 'daily',
          [`${key}_change`]: JSON.stringify({
            amount: 600,
            period: 'daily',
            active: 1,
            effective_at: w.text,
          }),
        });
        const limit = restrictionsOf(info, now).limits[kind];
        const held = latest(w.text);
        // Before its true time the stricter limit holds (the looser one never applies early).
        expect(now < w.at && limit.pendingChange === null).toBe(false);
        // Pending exactly until the latest instant it may mean, and shown due then.
        expect(limit.pendingChange?.effectiveAt ?? null).toBe(now < held ? held : null);
        expect(limit.amount).toBe(now < held ? 100 : 600);
      }),
      { numRuns: 3000 },
    );
  });

  it('the reviewed case: a raise written naive at 11:00 in Acre (UTC−05:00) is pending at 15:00Z', () => {
    const info = freeUserInfo({
      user_limit_time: 1,
      user_limit_time_active: 1,
      user_limit_time_period: 'daily',
      user_limit_time_change:
        '{"amount":600,"period":"daily","active":1,"effective_at":"2026-11-30 11:00:00"}',
    });
    const time = restrictionsOf(info, Date.parse('2026-11-30T15:00:00Z')).limits.time;
    expect([time.amount, time.pendingChange?.effectiveAt]).toEqual([1, Date.parse('2026-12-01T00:00:00Z')]);
  });
});
