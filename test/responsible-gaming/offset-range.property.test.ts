import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseServerTime } from '../../src/index';

// REVIEW-L 6 (eleventh pass): offsets up to ±23:59 were read as given, so an end (`_in`) written
// with `+23:59` read almost a day early. No zone on Earth is beyond UTC−12:00 or UTC+14:00; an
// offset beyond ±14:00 is garbage (null), so the field is unreadable, never early.

const two = (n: number) => String(n).padStart(2, '0');

describe('a UTC offset beyond ±14:00 is garbage', () => {
  it('property: within ±14:00 read as given (two spellings); beyond it, null', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('+', '-'),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom('colon', 'plain'),
        (sign, h, m, spelling) => {
          const offset = spelling === 'colon' ? `${sign}${two(h)}:${two(m)}` : `${sign}${two(h)}${two(m)}`;
          const read = parseServerTime(`2026-11-23T10:00:00${offset}`);
          const minutes = h * 60 + m;
          const expected =
            minutes > 840
              ? null
              : Date.UTC(2026, 10, 23, 10, 0, 0) - (sign === '-' ? -1 : 1) * minutes * 60_000;
          expect(read).toBe(expected);
        },
      ),
    );
  });

  it('the edges: +14:00 and -14:00 read, +14:01 and -23:59 do not', () => {
    expect(parseServerTime('2026-11-23T10:00:00+14:00')).toBe(Date.UTC(2026, 10, 22, 20, 0, 0));
    expect(parseServerTime('2026-11-23T10:00:00-14:00')).toBe(Date.UTC(2026, 10, 24, 0, 0, 0));
    expect(parseServerTime('2026-11-23T10:00:00+14:01')).toBeNull();
    expect(parseServerTime('2026-11-23T10:00:00-23:59')).toBeNull();
    expect(parseServerTime('2026-11-23T10:00:00+15')).toBeNull();
  });
});
