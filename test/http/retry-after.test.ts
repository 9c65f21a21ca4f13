import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../src/http/waiting';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');

describe('parseRetryAfter', () => {
  it('reads delta-seconds as given', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter('120', NOW)).toBe(120);
    expect(parseRetryAfter(' 7 ', NOW)).toBe(7);
  });

  it('reads the three HTTP-date forms as seconds from now', () => {
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:00:30 GMT', NOW)).toBe(30);
    expect(parseRetryAfter('Saturday, 01-Mar-25 12:01:00 GMT', NOW)).toBe(60);
    expect(parseRetryAfter('Sat Mar  1 12:00:05 2025', NOW)).toBe(5);
  });

  it('rounds a date up, so the client never comes back early', () => {
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:00:10 GMT', NOW + 300)).toBe(10);
  });

  it('never returns a negative wait for a date in the past', () => {
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:00:00 GMT', NOW)).toBe(0);
  });

  it('rejects what is neither', () => {
    for (const value of [null, '', '  ', '-5', '1.5', '1e3', 'soon', 'in 3 seconds', 'Sat, 99 Foo 2025']) {
      expect(parseRetryAfter(value, NOW), String(value)).toBeUndefined();
    }
  });

  it('returns undefined or a finite non-negative number for any string', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const seconds = parseRetryAfter(value, NOW);
        return seconds === undefined || (Number.isFinite(seconds) && seconds >= 0);
      }),
    );
  });

  it('round-trips any non-negative integer', () => {
    fc.assert(fc.property(fc.nat(), (n) => parseRetryAfter(String(n), NOW) === n));
  });
});
