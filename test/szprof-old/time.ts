// The SZPROF oracles of src/responsible-gaming/time.ts (issue 33, eleventh pass): the readers as
// they stood before the cut (cc4abd6, with the eleventh pass's REVIEW-L fixes 2 and 6 applied: a
// birth date with a suffix, an offset beyond ±14:00; and REVIEW-K 4 / REVIEW-J: a naive date holds
// until the latest it may mean, 10 h on; REVIEW30 R30-1: a bare date, 10 h after its day), copied with their comments stripped. One copy, read by
// test/responsible-gaming/szprof-equivalence.property.test.ts and szprof-old/restrictions.ts.
import { BRAZIL_TIME_ZONE, type BrazilParts, brazilTimeToEpoch } from '../../src/responsible-gaming/time';

const MIN_YEAR = 1900;

export const SERVER_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2})(?::?(\d{2}))?)?)?$/i;

export function oldParseServerTime(value: unknown): number | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const m = SERVER_TIME.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m
    .slice(1, 7)
    .map((s) => (s === undefined ? s : Number(s))) as number[];
  const fraction = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  if (year! < MIN_YEAR || month! < 1 || month! > 12 || day! < 1 || hour > 23 || minute > 59 || second > 59)
    return null;
  const probe = new Date(Date.UTC(year!, month! - 1, day!));
  if (probe.getUTCDate() !== day || probe.getUTCMonth() !== month! - 1) return null;
  const zone = m[8];
  if (zone === undefined) return brazilTimeToEpoch(year!, month!, day!, hour, minute, second, fraction);
  const wall = Date.UTC(year!, month! - 1, day!, hour, minute, second, fraction);
  if (zone.toUpperCase() === 'Z') return wall;
  const [offH, offM = 0] = [m[10], m[11]].map((s) => (s === undefined ? s : Number(s))) as number[];
  if (offM > 59 || offH! * 60 + offM > 840) return null;
  return wall - (m[9] === '-' ? -1 : 1) * (offH! * 60 + offM) * 60_000;
}

/**
 * REVIEW-K 4: a naive date (no zone) may mean up to 10 h after it reads; a zoned one is exact.
 * REVIEW30 R30-1: a bare date (`YYYY-MM-DD`) may mean any time that day: the rest of its São Paulo
 * day, and the 10 h.
 */
export const late = (v: unknown) => {
  const m = SERVER_TIME.exec(String(v).trim());
  if (m?.[8]) return 0;
  if (!m || m[4] !== undefined) return 36_000_000;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return brazilTimeToEpoch(y, mo, d + 1) - brazilTimeToEpoch(y, mo, d) + 36_000_000;
};

let formatter: Intl.DateTimeFormat | null | undefined;
const FALLBACK_OFFSET_MS = -10_800_000;
function oldZoneFormatter(): Intl.DateTimeFormat | null {
  if (formatter !== undefined) return formatter;
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
  return formatter;
}
export function oldBrazilOffsetAt(ms: number): number {
  const f = oldZoneFormatter();
  if (!f || !Number.isFinite(ms)) return FALLBACK_OFFSET_MS;
  try {
    const p: Record<string, number> = {};
    for (const part of f.formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
    const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
    const offset = wall - (ms - (((ms % 1000) + 1000) % 1000));
    return Number.isFinite(offset) ? offset : FALLBACK_OFFSET_MS;
  } catch {
    return FALLBACK_OFFSET_MS;
  }
}
export function oldBrazilPartsOf(ms: number): BrazilParts {
  const d = new Date(ms + oldBrazilOffsetAt(ms));
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
export function oldIsAtLeastYearsOld(birthDate: unknown, years: number, now = Date.now()): boolean {
  if (typeof birthDate !== 'string') return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!m || oldParseServerTime(m[0]) === null) return false;
  const today = oldBrazilPartsOf(now);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const age = today.year - y - (today.month < mo || (today.month === mo && today.day < d) ? 1 : 0);
  return age >= years;
}
