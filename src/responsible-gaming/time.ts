// Brazilian time for the responsible-gaming rules. "A day" is a calendar day in America/Sao_Paulo
// (IN SPA 31/2025: the SPA register is checked at the first login of each day), never the
// browser's zone. The service's naive timestamps are read in that zone too (docs/contract.md assumption).

/** The zone every naive server timestamp and every "day" of the rules is read in. */
export const BRAZIL_TIME_ZONE = 'America/Sao_Paulo';

// Used when the runtime's Intl has no time-zone data (small-icu builds): Brazil has kept -03:00
// all year since daylight saving time was abolished in 2019.
const FALLBACK_OFFSET_MS = -10_800_000; // -3 h (a literal: CONTRIBUTING.md)

/** A wall-clock moment in São Paulo; `weekday` 0 = Sunday. */
export interface BrazilParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

/** Built on first use, never at import (tree-shaking, SSR); null when the zone is unknown. */
let formatter: Intl.DateTimeFormat | null | undefined;

/** São Paulo's offset from UTC at `ms` (e.g. -10 800 000), from Intl or the fixed fallback. */
export function brazilOffsetAt(ms: number): number {
  if (formatter === undefined)
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: BRAZIL_TIME_ZONE,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      formatter = null;
    }
  const f = formatter;
  if (!f || !Number.isFinite(ms)) return FALLBACK_OFFSET_MS;
  try {
    const p: Record<string, number> = {};
    // (The literals land under `literal`, which nothing reads.)
    for (const part of f.formatToParts(ms)) p[part.type] = Number(part.value);
    const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
    const offset = wall - (ms - (((ms % 1000) + 1000) % 1000));
    return Number.isFinite(offset) ? offset : FALLBACK_OFFSET_MS;
  } catch {
    return FALLBACK_OFFSET_MS;
  }
}

/**
 * The calendar date and time in São Paulo at `ms`.
 *
 * @example
 * brazilPartsOf(Date.parse('2026-01-01T02:00:00Z')).day; // 31 (still Dec 31 in Brazil)
 */
export function brazilPartsOf(ms: number): BrazilParts {
  const d = new Date(ms + brazilOffsetAt(ms));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
  };
}

/**
 * Epoch ms of a São Paulo wall-clock time (months may overflow: month 13 = next January).
 * Two passes settle the offset on either side of an old daylight-saving change.
 */
export function brazilTimeToEpoch(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  ms = 0,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const first = wall - brazilOffsetAt(wall - FALLBACK_OFFSET_MS);
  return wall - brazilOffsetAt(first);
}

const numberOrNone = (s: string | undefined) => (s === undefined ? s : Number(s));

const SERVER_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2})(?::?(\d{2}))?)?)?$/i;

/**
 * Reads a timestamp of the service: epoch ms, or `null` for anything else (never throws).
 * - naive `YYYY-MM-DD HH:mm:ss` (or `T`, optional seconds/fraction) and `YYYY-MM-DD`: São Paulo
 *   time (a bare date reads as that day's midnight in Brazil, its earliest; `latestTimeOf`: its latest);
 * - ISO 8601 with `Z` or an offset (`-03:00`, `+0000`, `-03`): as given.
 * Impossible dates (2026-02-30, 24:00) are garbage, not rolled over, and so is a year before
 * 1900 (`0000-01-01`, which `Date.UTC` would read as 1900, is a database's "no date").
 *
 * @example
 * parseServerTime('2026-11-23 10:00:00'); // Date.parse('2026-11-23T13:00:00Z')
 * parseServerTime('2026-11-23T10:00:00Z'); // Date.parse('2026-11-23T10:00:00Z')
 * parseServerTime('soon'); // null
 */
export function parseServerTime(value: unknown): number | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const m = SERVER_TIME.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map(numberOrNone) as number[];
  const fraction = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  // 1900: the first year a server date may have (earlier ones are garbage, `0000-00-00`-style sentinels).
  if (year! < 1900 || month! < 1 || month! > 12 || day! < 1 || hour > 23 || minute > 59 || second > 59)
    return null;
  // An impossible day (31 and less) rolls over into the next month: the month tells it.
  if (new Date(Date.UTC(year!, month! - 1, day!)).getUTCMonth() !== month! - 1) return null;
  const zone = m[8];
  if (zone === undefined) return brazilTimeToEpoch(year!, month!, day!, hour, minute, second, fraction);
  const wall = Date.UTC(year!, month! - 1, day!, hour, minute, second, fraction);
  if (zone.toUpperCase() === 'Z') return wall;
  // An offset: its sign, hours and minutes (none: 0).
  const [offH, offM = 0] = [m[10], m[11]].map(numberOrNone) as number[];
  // No zone is beyond UTC±14:00: a larger offset is garbage, never an end read a day early (REVIEW-L 6).
  if (offM > 59 || offH! * 60 + offM > 840) return null;
  return wall - (m[9] === '-' ? -1 : 1) * (offH! * 60 + offM) * 60_000;
}

/**
 * The zone a timestamp of the service was written in, in minutes east of UTC (`Z`: 0), or null
 * for none (a naive time, a bare date) or anything `parseServerTime` does not read.
 *
 * @example
 * offsetOf('2026-03-01T01:00:00-03:00'); // -180
 */
export function offsetOf(value: unknown): number | null {
  if (typeof value !== 'string' || parseServerTime(value) === null) return null;
  const m = SERVER_TIME.exec(value.trim())!;
  if (m[8] === undefined) return null;
  return m[9] ? (m[9] === '-' ? -1 : 1) * (+m[10]! * 60 + +(m[11] ?? 0)) : 0;
}

/**
 * The latest instant a timestamp of the service may mean: when what it ends (a pause, the stricter
 * limit a looser change replaces) is surely over, whatever zone wrote it. A naive one (no zone) is
 * read as São Paulo's, but written in a zone west of it (to UTC-12) it means up to 9 hours later,
 * and an hour more allows for clock error (as a start's 17 + 1: `START_SLACK_MS`): 10 hours on. A
 * bare date (`YYYY-MM-DD`, a DATE column) says only "some time that day": it may mean up to the
 * day's end, the next São Paulo midnight, and the 10 hours on (REVIEW30 R30-1). One with a zone is
 * exact. `null` for anything `parseServerTime` cannot read. 10 hours, a literal: CONTRIBUTING.md.
 *
 * @example
 * latestTimeOf('2026-11-30 11:00:00'); // Date.parse('2026-11-30T14:00:00Z') + 10 h
 * latestTimeOf('2026-11-30'); // Date.parse('2026-12-01T03:00:00Z') + 10 h
 * latestTimeOf('2026-11-30T11:00:00-05:00'); // Date.parse('2026-11-30T16:00:00Z'): exact
 */
export const latestTimeOf = (value: unknown): number | null => {
  const at = parseServerTime(value);
  if (at === null) return null;
  const m = SERVER_TIME.exec((value as string).trim())!;
  return m[8] ? at : (m[4] ? at : brazilTimeToEpoch(+m[1]!, +m[2]!, +m[3]! + 1)) + 36_000_000;
};

/**
 * The earliest instant a timestamp of the service may mean: a naive one read as São Paulo's, but
 * written in a zone east of it (to UTC+14) it means up to 17 hours earlier, and an hour more for
 * clock error (`START_SLACK_MS`, a restriction's start: 18 hours); a bare date, from its day's
 * start so read (the earliest time of that day); one with a zone is exact. When
 * a change proven to tighten a limit may already hold (REVIEW29A-5, REVIEW29B). `null` for anything
 * `parseServerTime` cannot read.
 *
 * @example
 * earliestTimeOf('2026-11-30 11:00:00'); // Date.parse('2026-11-30T14:00:00Z') - 18 h
 */
export const earliestTimeOf = (value: unknown): number | null => {
  const at = parseServerTime(value);
  return at === null ? null : at - (latestTimeOf(value) === at ? 0 : 64_800_000);
};

/**
 * Whether someone born on `birthDate` (`YYYY-MM-DD` and nothing more: a time, white space or any
 * other suffix is unreadable, REVIEW-L 2, REVIEW-M LOW-3: the payload is sent as given) is at least `years` old on today's date in São Paulo. `false` for an
 * unreadable date.
 *
 * @example
 * isAtLeastYearsOld('2008-11-23', 18, Date.parse('2026-11-23T12:00:00Z')); // true
 */
export function isAtLeastYearsOld(birthDate: unknown, years: number, now = Date.now()): boolean {
  if (typeof birthDate !== 'string') return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!m || parseServerTime(m[0]) === null) return false;
  const today = brazilPartsOf(now);
  const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
  const age = today.year - y - (today.month < mo || (today.month === mo && today.day < d) ? 1 : 0);
  return age >= years;
}

// The periods a limit counts over, in São Paulo time (the play-time clock's, and the day the
// profile flow re-checks the SPA register on).

/** The period a limit counts over (spec section 8). */
export type LimitPeriodName = 'daily' | 'weekly' | 'monthly';

/** One period of a limit in São Paulo time: `[start, end)` in epoch ms, and a stable key. */
export interface PlayPeriod {
  /** e.g. `daily:2026-11-23`, `weekly:2026-11-23` (its Monday), `monthly:2026-11`. */
  key: string;
  start: number;
  end: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The limit period that holds `now`, in America/Sao_Paulo: a calendar day, a week from Monday
 * 00:00 (ISO weeks; the spec does not say, see docs/responsible-gaming.md), or a calendar month.
 *
 * @example
 * playPeriodOf('daily', Date.parse('2026-11-23T02:00:00Z')).key; // 'daily:2026-11-22'
 */
export function playPeriodOf(period: LimitPeriodName, now: number): PlayPeriod {
  const p = brazilPartsOf(now);
  if (period === 'monthly') {
    return {
      key: `monthly:${p.year}-${pad(p.month)}`,
      start: brazilTimeToEpoch(p.year, p.month, 1),
      end: brazilTimeToEpoch(p.year, p.month + 1, 1),
    };
  }
  // Days before today that still belong to the period (Monday = 0 for a week).
  const back = period === 'weekly' ? (p.weekday + 6) % 7 : 0;
  const first = new Date(Date.UTC(p.year, p.month - 1, p.day - back));
  const [y, m, d] = [first.getUTCFullYear(), first.getUTCMonth() + 1, first.getUTCDate()];
  return {
    key: `${period}:${y}-${pad(m)}-${pad(d)}`,
    start: brazilTimeToEpoch(y, m, d),
    end: brazilTimeToEpoch(y, m, d + (period === 'weekly' ? 7 : 1)),
  };
}
