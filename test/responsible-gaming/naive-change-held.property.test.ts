import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latestTimeOf } from '../../src/responsible-gaming/time';

// REVIEW-R R-4 (the helper; its use for a pending limit change is restrictions.ts'): a looser limit
// change (`user_limit_<kind>_change`) waits for its `effective_at`, the end of the stricter limit
// it replaces. Written naive (no zone) it is read as São Paulo's, but
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
