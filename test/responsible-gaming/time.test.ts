import { describe, expect, it } from 'vitest';
import { parseServerTime } from '../../src/index';
import { playPeriodOf } from '../../src/responsible-gaming/index';
import { brazilPartsOf, isAtLeastYearsOld } from '../../src/responsible-gaming/time';

const utc = (s: string) => Date.parse(s);

describe('parseServerTime', () => {
  it('reads naive timestamps as São Paulo time (-03:00 today)', () => {
    expect(parseServerTime('2026-11-23 10:00:00')).toBe(utc('2026-11-23T13:00:00Z'));
    expect(parseServerTime('2026-11-23T10:00')).toBe(utc('2026-11-23T13:00:00Z'));
    expect(parseServerTime('2026-11-23')).toBe(utc('2026-11-23T03:00:00Z'));
    expect(parseServerTime('2026-11-23 10:00:00.250')).toBe(utc('2026-11-23T13:00:00.250Z'));
  });

  it('applies the daylight-saving time Brazil had before 2019 (Intl zone data)', () => {
    // 2018-12-01 was in Brazilian summer time (-02:00).
    expect(parseServerTime('2018-12-01 10:00:00')).toBe(utc('2018-12-01T12:00:00Z'));
  });

  it('reads ISO strings with Z or an offset as given', () => {
    expect(parseServerTime('2026-11-23T10:00:00Z')).toBe(utc('2026-11-23T10:00:00Z'));
    expect(parseServerTime('2026-11-23T10:00:00+01:00')).toBe(utc('2026-11-23T09:00:00Z'));
    expect(parseServerTime('2026-11-23T10:00:00-0300')).toBe(utc('2026-11-23T13:00:00Z'));
    expect(parseServerTime('2026-11-23 10:00:00-03')).toBe(utc('2026-11-23T13:00:00Z'));
  });

  it('answers null for garbage, impossible dates and non-strings', () => {
    for (const bad of [
      '',
      'soon',
      '2026-02-30',
      '2026-13-01',
      '2026-11-23 24:00:00',
      '23/11/2026',
      '2026-11-23T10:00:00+25:00',
      null,
      0,
      -1,
      {},
      [],
      undefined,
      1e12,
    ]) {
      expect(parseServerTime(bad)).toBeNull();
    }
  });
});

describe('brazilPartsOf and playPeriodOf', () => {
  it('gives the Brazilian calendar day, not the UTC one', () => {
    const t = utc('2026-01-01T02:00:00Z');
    expect(brazilPartsOf(t)).toMatchObject({ year: 2025, month: 12, day: 31, hour: 23 });
    expect(playPeriodOf('daily', t)).toEqual({
      key: 'daily:2025-12-31',
      start: utc('2025-12-31T03:00:00Z'),
      end: utc('2026-01-01T03:00:00Z'),
    });
  });

  it('starts weeks on Monday and months on the 1st, at São Paulo midnight', () => {
    const sunday = utc('2026-11-29T20:00:00Z'); // Sunday 17:00 in Brazil
    expect(playPeriodOf('weekly', sunday)).toEqual({
      key: 'weekly:2026-11-23',
      start: utc('2026-11-23T03:00:00Z'),
      end: utc('2026-11-30T03:00:00Z'),
    });
    expect(playPeriodOf('monthly', utc('2026-12-01T02:59:59Z'))).toEqual({
      key: 'monthly:2026-11',
      start: utc('2026-11-01T03:00:00Z'),
      end: utc('2026-12-01T03:00:00Z'),
    });
    expect(playPeriodOf('monthly', utc('2026-12-31T12:00:00Z')).end).toBe(utc('2027-01-01T03:00:00Z'));
  });
});

describe('isAtLeastYearsOld', () => {
  const now = utc('2026-11-23T12:00:00Z');
  it('counts birthdays on the Brazilian date', () => {
    expect(isAtLeastYearsOld('2008-11-23', 18, now)).toBe(true);
    expect(isAtLeastYearsOld('2008-11-24', 18, now)).toBe(false);
    // 01:00 UTC on the 24th is still the 23rd in São Paulo.
    expect(isAtLeastYearsOld('2008-11-24', 18, utc('2026-11-24T01:00:00Z'))).toBe(false);
    expect(isAtLeastYearsOld('2008-11-24', 18, utc('2026-11-24T03:00:00Z'))).toBe(true);
  });
  it('is false for unreadable dates', () => {
    expect(isAtLeastYearsOld('1990-02-30', 18, now)).toBe(false);
    expect(isAtLeastYearsOld('yesterday', 18, now)).toBe(false);
    expect(isAtLeastYearsOld(19900101, 18, now)).toBe(false);
  });
});
