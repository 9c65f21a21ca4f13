import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHttpDate } from '../../src/http/waiting';

// RFC 9110 5.6.7: IMF-fixdate, and the two obsolete forms a recipient reads (RFC 850, asctime).
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A date's parts, written by hand (never by Date): any of them may be out of range. */
interface Parts {
  weekday: number;
  day: number;
  month: number;
  year: number;
  hour: number;
  minute: number;
  second: number;
}
const time = (p: Parts) => `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
const imf = (p: Parts) =>
  `${DAYS[p.weekday]!.slice(0, 3)}, ${pad(p.day)} ${MONTHS[p.month]} ${pad(p.year, 4)} ${time(p)} GMT`;
const rfc850 = (p: Parts) =>
  `${DAYS[p.weekday]}, ${pad(p.day)}-${MONTHS[p.month]}-${pad(p.year % 100)} ${time(p)} GMT`;
const asctime = (p: Parts) =>
  `${DAYS[p.weekday]!.slice(0, 3)} ${MONTHS[p.month]} ${String(p.day).padStart(2, ' ')} ${time(p)} ${pad(p.year, 4)}`;

/** The instant the parts name when they name a real one (the weekday its own), else undefined. */
function truth(p: Parts): number | undefined {
  const date = new Date(0);
  date.setUTCFullYear(p.year, p.month, p.day);
  const at = date.setUTCHours(p.hour, p.minute, p.second);
  const real =
    date.getUTCFullYear() === p.year &&
    date.getUTCMonth() === p.month &&
    date.getUTCDate() === p.day &&
    date.getUTCHours() === p.hour &&
    date.getUTCMinutes() === p.minute &&
    date.getUTCSeconds() === p.second &&
    date.getUTCDay() === p.weekday;
  return real ? at : undefined;
}

const partsOf = (date: Date): Parts => ({
  weekday: date.getUTCDay(),
  day: date.getUTCDate(),
  month: date.getUTCMonth(),
  year: date.getUTCFullYear(),
  hour: date.getUTCHours(),
  minute: date.getUTCMinutes(),
  second: date.getUTCSeconds(),
});

const anyDate = (min: string, max: string) =>
  fc.date({ min: new Date(min), max: new Date(max), noInvalidDate: true }).map(partsOf);

/** Parts near the edges: days 0-39, hours to 29, minutes and seconds to 69, any weekday. */
const anyParts = (minYear: number, maxYear: number) =>
  fc.record({
    weekday: fc.integer({ min: 0, max: 6 }),
    day: fc.integer({ min: 0, max: 39 }),
    month: fc.integer({ min: 0, max: 11 }),
    year: fc.integer({ min: minYear, max: maxYear }),
    hour: fc.integer({ min: 0, max: 29 }),
    minute: fc.integer({ min: 0, max: 69 }),
    second: fc.integer({ min: 0, max: 69 }),
  });

describe('parseHttpDate', () => {
  it('reads every IMF-fixdate of years 0100-9999 as the instant it names', () => {
    fc.assert(
      fc.property(anyDate('0100-01-01T00:00:00Z', '9999-12-31T23:59:59Z'), (p) => {
        expect(parseHttpDate(imf(p))).toBe(truth(p));
        expect(truth(p)).toBeTypeOf('number');
      }),
    );
  });

  it('reads a date of years 0000-0099 as the instant it names, or not at all (never as another century)', () => {
    fc.assert(
      fc.property(anyDate('0000-01-01T00:00:00Z', '0099-12-31T23:59:59Z'), (p) => {
        expect([undefined, truth(p)]).toContain(parseHttpDate(imf(p)));
        expect([undefined, truth(p)]).toContain(parseHttpDate(asctime(p)));
      }),
    );
  });

  it('reads the obsolete forms: RFC 850 (a two-digit year: 00-49 this century, 50-99 the last) and asctime', () => {
    fc.assert(
      fc.property(anyDate('1950-01-01T00:00:00Z', '2049-12-31T23:59:59Z'), (p) => {
        expect(parseHttpDate(rfc850(p))).toBe(truth(p));
        expect(parseHttpDate(asctime(p))).toBe(truth(p));
      }),
    );
    fc.assert(
      fc.property(anyDate('0100-01-01T00:00:00Z', '9999-12-31T23:59:59Z'), (p) => {
        expect(parseHttpDate(asctime(p))).toBe(truth(p));
      }),
    );
  });

  it('gives no reading for a date that is not real: a day past its month, an hour past 23, a wrong weekday', () => {
    // Parts near the edges, checked against the truth: a real date reads exactly, any other not at all.
    fc.assert(
      fc.property(anyParts(100, 9999), (p) => {
        expect(parseHttpDate(imf(p))).toBe(truth(p));
        expect(parseHttpDate(asctime(p))).toBe(truth(p));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(anyParts(1950, 2049), (p) => {
        expect(parseHttpDate(rfc850(p))).toBe(truth(p));
      }),
      { numRuns: 1000 },
    );
  });

  it('reads asctime with its day as two digits too (RFC 9110: date3 = month SP ( 2DIGIT / ( SP DIGIT ) ))', () => {
    const asctime2 = (p: Parts) =>
      `${DAYS[p.weekday]!.slice(0, 3)} ${MONTHS[p.month]} ${pad(p.day)} ${time(p)} ${pad(p.year, 4)}`;
    fc.assert(
      fc.property(anyParts(100, 9999), (p) => {
        expect(parseHttpDate(asctime2(p))).toBe(truth(p));
      }),
      { numRuns: 1000 },
    );
    expect(parseHttpDate('Sat Dec 05 12:00:03 2026')).toBe(Date.UTC(2026, 11, 5, 12, 0, 3));
  });

  it('gives no reading for a year of five digits or more (every form has four)', () => {
    fc.assert(
      fc.property(anyDate('+010000-01-01T00:00:00Z', '+275000-12-31T23:59:59Z'), (p) => {
        expect(parseHttpDate(imf(p))).toBeUndefined();
        expect(parseHttpDate(asctime(p))).toBeUndefined();
      }),
    );
    expect(parseHttpDate('Sat, 01 Jan 10000 00:00:00 GMT')).toBeUndefined();
    expect(parseHttpDate('Fri, 31 Dec 9999 23:59:59 GMT')).toBe(Date.UTC(9999, 11, 31, 23, 59, 59));
  });

  it('reads the cases Date.parse got wrong exactly, or not at all', () => {
    // Date.parse read year 0001 as 2001, rolled 31 Feb into March and ignored the weekday.
    expect([undefined, -62_135_596_800_000]).toContain(parseHttpDate('Mon, 01 Jan 0001 00:00:00 GMT'));
    expect(parseHttpDate('Mon, 01 Jan 2001 00:00:00 GMT')).toBe(Date.UTC(2001, 0, 1));
    expect(parseHttpDate('Tue, 31 Feb 2015 00:00:00 GMT')).toBeUndefined();
    expect(parseHttpDate('Thu, 21 Oct 2015 07:28:00 GMT')).toBeUndefined();
    expect(parseHttpDate('Wed, 21 Oct 2015 24:00:00 GMT')).toBeUndefined();
    expect(parseHttpDate('Wed, 21 Oct 2015 07:28:00 GMT')).toBe(Date.UTC(2015, 9, 21, 7, 28));
  });

  it('gives no reading for what is no HTTP-date form', () => {
    for (const value of [
      null,
      undefined,
      '',
      'Wed, 21 Oct 2015 07:28:00 +0000', // a zone but GMT
      'Wed, 21 Oct 2015 07:28:00 UTC',
      'Wed, 21 Oct 2015 07:28:00', // no zone
      'Wed, 21 Oct 15 07:28:00 GMT', // a two-digit year in IMF-fixdate
      'Wed, 21-Oct-2015 07:28:00 GMT',
      'Wednesday, 21 Oct 2015 07:28:00 GMT',
      'Wed, 21-Oct-15 07:28:00 GMT', // RFC 850 with the short weekday
      'Wedday, 21-Oct-15 07:28:00 GMT',
      'Wed, 1 Oct 2015 07:28:00 GMT',
      'Wed, 21 oct 2015 07:28:00 GMT',
      'wed, 21 Oct 2015 07:28:00 GMT',
      'Wed,  21 Oct 2015 07:28:00 GMT',
      'Wed, 21 Oct 2015 7:28:00 GMT',
      'Wed, 21 Oct 2015 07:28:00.5 GMT',
      'Wed Oct 21 07:28:00 2015 GMT',
      'Wed Oct 21 07:28:00 15',
      '2015-10-21T07:28:00Z',
      '1445412480',
      'Invalid Date', // what Date writes for no date, and the forms as they would be built from it
      'Invalid Date undefined  undefined GMT',
      'Inv undefined undefined undefined ',
    ]) {
      expect(parseHttpDate(value), String(value)).toBeUndefined();
    }
  });

  it('reads a date with spaces around it (a header value as a server wrote it)', () => {
    expect(parseHttpDate('  Wed, 21 Oct 2015 07:28:00 GMT ')).toBe(Date.UTC(2015, 9, 21, 7, 28));
  });

  it('gives undefined or an integer instant for any string', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const at = parseHttpDate(value);
        expect(at === undefined || Number.isInteger(at)).toBe(true);
      }),
    );
  });
});
