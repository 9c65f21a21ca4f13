import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseServerTime } from '../../src/index';

describe('parseServerTime (property)', () => {
  it('never throws and answers a finite number or null for any input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue(), fc.double()), (value) => {
        const t = parseServerTime(value);
        expect(t === null || Number.isFinite(t)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back every ISO instant it is given with Z, and the same wall time naive at -03:00 (since 2019)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2019-03-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const iso = d.toISOString();
          expect(parseServerTime(iso)).toBe(d.getTime());
          const naive = iso.slice(0, 19).replace('T', ' ');
          expect(parseServerTime(naive)).toBe(Date.parse(`${iso.slice(0, 19)}-03:00`));
        },
      ),
    );
  });
});

describe('parseServerTime without time-zone data', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('falls back to a fixed -03:00 when Intl does not know America/Sao_Paulo', async () => {
    const RealDTF = Intl.DateTimeFormat;
    vi.stubGlobal('Intl', {
      ...Intl,
      DateTimeFormat: function DateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions) {
        if (options?.timeZone) throw new RangeError('Invalid time zone specified');
        return new RealDTF(locale, options);
      },
    });
    vi.resetModules();
    const time = await import('../../src/responsible-gaming/time');
    // 2018-12-01 was summer time (-02:00) in Brazil; without zone data it reads as -03:00.
    expect(time.parseServerTime('2018-12-01 10:00:00')).toBe(Date.parse('2018-12-01T13:00:00Z'));
    expect(time.parseServerTime('2026-11-23 10:00:00')).toBe(Date.parse('2026-11-23T13:00:00Z'));
    expect(time.brazilPartsOf(Date.parse('2026-01-01T02:00:00Z'))).toMatchObject({ year: 2025, day: 31 });
  });
});
