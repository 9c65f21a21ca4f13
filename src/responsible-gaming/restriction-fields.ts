// The restrictions a profile's fields say, one field at a time (`selfOf`: the player's pause or
// self-exclusion; `imposedOf`: an operator's or the SPA's exclusion; `underAgeOf`: a player under
// 18 by `user.birth_date`), read tolerantly and failing closed. `restrictionsOf` (./restrictions.ts)
// reads them all, and the limits (a bet or loss limit of 0 bars betting too).
import { readBoolean, readNumber, UNREADABLE } from '../schemas/common';
import { brazilPartsOf, brazilTimeToEpoch, latestTimeOf, offsetOf, parseServerTime } from './time';

/**
 * What keeps a player from betting, weakest last: see `restrictionsOf`. `underAge`: the profile's
 * `user.birth_date` says under 18 (Lei 14.790/2023 art. 26); `betLimitZero` / `lossLimitZero`: an
 * active bet or loss limit of 0, which allows no bet (a bet risks a loss); `timeLimitZero`: an
 * active time limit of 0, which allows no play (review 116).
 */
export type RestrictionKind =
  | 'underAge'
  | 'spaExclusion'
  | 'operatorExclusion'
  | 'selfExclusion'
  | 'pause'
  | 'betLimitZero'
  | 'lossLimitZero'
  | 'timeLimitZero';

/**
 * What a change on its way may bar betting as, until it settles: a pause, a self-exclusion, or an
 * active limit of 0 (bet, loss or time) that a limit change sets. The other tabs of the login bar
 * betting meanwhile (cross-tab `inflight` messages). Derived from `RestrictionKind`: a new limit of
 * 0 that bars is in flight too (review 117: a time limit of 0 was left out of a hand-kept list).
 */
export type InFlightKind = Extract<RestrictionKind, 'pause' | 'selfExclusion' | `${string}LimitZero`>;

/** One restriction, in force or pending. Dates are epoch ms. */
export interface Restriction {
  kind: RestrictionKind;
  /** `law`: under 18 (`underAge`). */
  imposedBy: 'self' | 'operator' | 'spa' | 'law';
  since: number | null;
  /**
   * When it ends: the latest instant its end may mean (`latestTimeOf`: a naive timestamp, 10 hours
   * after it reads as São Paulo time; a bare date, 10 hours after its day is over; one with a zone:
   * exact); null when permanent, indefinite or unknown.
   */
  until: number | null;
  /** A self-exclusion of -1 months: it never ends. */
  permanent: boolean;
  /**
   * No end until whoever imposed it lifts it: an operator or SPA exclusion, a bet or loss limit of
   * 0 (until the player's looser change applies).
   */
  indefinite: boolean;
  /** The operator's or SPA's note, as given (never interpreted). */
  note: string | null;
  /** Exclusions and `underAge` close the account; a pause or a limit of 0 only stops betting. */
  blocksAccount: boolean;
  /**
   * Earliest moment the player may lift it (pause: `_min`, else its end; exclusion: `_min`, else
   * never), the latest instant `_min` may mean, as `until`.
   */
  earliestLiftAt: number | null;
}

export const DAY_MS = 86_400_000;

/** The spec's self-exclusion lengths in months (section 8), -1 = permanent; 0 = none. */
const EXCLUSION_MONTHS: readonly number[] = [0, 3, 6, 12, 24, 36, 60, -1];
/** The spec's pause lengths: 1 to 45 whole days (section 8); 0 = none. */
const isPauseDays = (n: number): boolean => Number.isInteger(n) && n >= 0 && n <= 45;

/**
 * A flag the profile always carries (spec 2.12: an exclusion's, a limit's `_active`), as
 * `readBoolean` reads it, but absent (undefined) says nothing: `UNREADABLE` (fail closed). Null
 * reads as `readBoolean` reads it ("not set"). `user_pause`/`user_exclusion`: the same in `selfOf`.
 */
export const carriedFlag = (v: unknown) => (v === undefined ? UNREADABLE : readBoolean(v));
/** A date field sent (not absent, null or `''`). */
const dateSent = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A database's "no date": `'0000-00-00'`, `'0000-00-00 00:00:00'` (or with `T`), or a timestamp of 0. */
const isZeroDate = (v: unknown) =>
  v === 0 || (typeof v === 'string' && /^(?:0|0{4}-00-00(?:[T ]00:00(?::00)?)?)$/.test(v.trim()));

/**
 * Whether one of `field`'s dates (`suffixes`) may say it is in force or pending: a readable time
 * whose latest meaning (`latestTimeOf`: a naive one read up to 10 hours past may be ahead) is after `now`,
 * or a value sent that cannot be read (`'garbage'`, an epoch number, `'30/12/2099'`, `' '`), which
 * may hide one (review 8, item 2). Only null, absent, `''` and the zero dates say nothing.
 */
const ahead = (info: Record<string, unknown>, field: string, suffixes: string[], now: number) =>
  suffixes.some((x) => {
    const v = info[field + x];
    if (!dateSent(v) || isZeroDate(v)) return false;
    const t = latestTimeOf(v);
    return t === null || t > now;
  });

/**
 * A derived date inside the Date range, else null (a stray 3 285 129-month exclusion has no end we
 * can name). NaN and ±Infinity fail the comparison too.
 */
const timeOrNull = (t: number): number | null => (Math.abs(t) <= 8.64e15 ? t : null);
const noteOf = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** `since` plus `months` calendar months as counted in the zone `offset` minutes east of UTC. */
const monthsIn = (since: number, months: number, offset: number): number => {
  const d = new Date(since + offset * 6e4);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime() - offset * 6e4;
};

/**
 * `since` (written as `at`) plus whole calendar months (an exclusion of N months), as late as any
 * server may count them: in São Paulo, in UTC, or in the zone `at` was written in. At a month's end
 * the calendars differ by up to 3 days (review 127: a start of 1 March 01:00Z ended on 29 May in São
 * Paulo months, 1 June in a UTC server's: the player was shown free for 3 days).
 */
function addMonths(since: number, months: number, at: unknown): number {
  const p = brazilPartsOf(since);
  return Math.max(
    brazilTimeToEpoch(p.year, p.month + months, p.day, p.hour, p.minute, p.second),
    monthsIn(since, months, 0),
    monthsIn(since, months, offsetOf(at) ?? 0),
  );
}

/**
 * The player's own restriction in `field`: a pause of N days (`user_pause`) or a self-exclusion of
 * N months (`user_exclusion`, -1 = permanent). Its end is `_in`, else its start plus its length;
 * it may be lifted from `_min` (a pause: else at its end; an exclusion: else never). Null when
 * there is none, or when it cannot be read: the field that cannot is added to `bad`, in the order
 * `restrictionsOf` lists them.
 */
export function selfOf(
  info: Record<string, unknown>,
  field: 'user_pause' | 'user_exclusion',
  bad: string[],
  now: number,
): Restriction | null {
  const pause = field === 'user_pause';
  // Read tolerantly: null is 0 (none); absent is unreadable (the profile always carries it: spec
  // 2.12); so is a value outside the spec's set (`'0.5'` months, 46 days, -2), never "no
  // restriction" (fail closed). None while one of its dates says it is in force or pending (a
  // start, an end or an earliest lift ahead of `now`) contradicts itself: unknown too (review 7, H1).
  const v = info[field] === undefined ? UNREADABLE : readNumber(info[field]);
  const n =
    v === UNREADABLE
      ? null
      : v === null
        ? 0
        : (pause ? isPauseDays(v) : EXCLUSION_MONTHS.includes(v))
          ? v
          : null;
  if (n === null || (n === 0 && ahead(info, field, ['_at', '_in', '_min'], now))) bad.push(field);
  if (!n) return null;
  const at = info[`${field}_at`];
  const since = parseServerTime(at);
  const end = info[`${field}_in`];
  let until = parseServerTime(end);
  const minAt = info[`${field}_min`];
  const min = parseServerTime(minAt);
  // Its dates: one sent (not null, absent or `''`) but unreadable (`'0000-00-00 00:00:00'`,
  // `'soon'`), or at or before 1970-01-02 (`DAY_MS`: PHP's zero dates, its date() of timestamp 0,
  // `'1969-12-31 21:00:00'`, never a real date): its earliest lift (any restriction of it: REVIEW-J),
  // its start or its end (one with an end); or an end at or before its start. One of them is wrong
  // and we cannot tell which, so the restriction is unknown, never "over" or read without it (fail
  // closed). An end short of its length (less how a server may count it: a pause of N days from
  // N - 1 days, N months from N x 28 days) contradicts it too (REVIEW-L 1: a 7-day pause "ended"
  // 1 s after it began), whatever `_min` says (REVIEW-O 18: one bug wrote the same instant in both).
  const unread = (v: unknown, t: number | null) => dateSent(v) && (t === null || t <= DAY_MS);
  const wrong = unread(minAt, min)
    ? `${field}_min`
    : n < 0
      ? null
      : unread(at, since)
        ? `${field}_at`
        : unread(end, until) ||
            (since !== null &&
              until !== null &&
              (until <= since || until < since + (pause ? n - 1 : n * 28) * DAY_MS))
          ? `${field}_in`
          : null;
  if (wrong) {
    bad.push(wrong);
    return null;
  }
  // It holds until the latest instant its end may mean (`latestTimeOf`, REVIEW-K 4; a bare date:
  // once its day is over, REVIEW30 R30-1): `_in`'s, else its start's plus its length, as late as
  // its start may mean (a bare date: asked at 23:59); a permanent one has none. Its earliest lift,
  // likewise.
  until =
    n < 0
      ? null
      : until !== null
        ? latestTimeOf(end)
        : since === null
          ? null
          : timeOrNull((pause ? since + n * DAY_MS : addMonths(since, n, at)) + latestTimeOf(at)! - since);
  const lift = min === null ? (pause ? until : min) : latestTimeOf(minAt);
  // Over while its earliest lift is still ahead: it cannot end before it may be lifted, so one of
  // the two is wrong (REVIEW30 R30-5): unknown, never over (fail closed; NaN, no time: never).
  if (until !== null && until <= now && lift !== null && lift > now) {
    bad.push(field + (dateSent(end) ? '_in' : '_at'));
    return null;
  }
  return {
    kind: pause ? 'pause' : 'selfExclusion',
    imposedBy: 'self',
    since,
    until,
    permanent: n === -1,
    indefinite: false,
    note: null,
    blocksAccount: !pause,
    earliestLiftAt: lift,
  };
}

/** An exclusion flag: 1/true/'1'/'1.00' set, 0/false/'0'/'0.00'/null not; absent or anything else unreadable (added to `bad`). */
export function imposedOf(
  info: Record<string, unknown>,
  who: 'operator' | 'spa',
  bad: string[],
  now: number,
): Restriction | null {
  const field = `${who}_exclusion`;
  const flag = carriedFlag(info[field]);
  // Not excluded while its start is ahead (an exclusion set to start later) contradicts itself: unknown.
  if (flag === UNREADABLE || (!flag && ahead(info, field, ['_at'], now))) bad.push(field);
  if (flag !== true) return null;
  return {
    kind: who === 'spa' ? 'spaExclusion' : 'operatorExclusion',
    imposedBy: who,
    since: parseServerTime(info[`${field}_at`]),
    until: null,
    permanent: false,
    indefinite: true,
    note: noteOf(info[`${field}_note`]),
    blocksAccount: true,
    earliestLiftAt: null,
  };
}

/**
 * A player under 18 (Lei 14.790/2023 art. 26) by the profile's `user.birth_date`, judged as
 * registration judges it (`isAtLeastYearsOld`): of age from the São Paulo midnight of the 18th
 * birthday (29 February: 1 March). In force until then (`until`), closing the account. Read
 * tolerantly: a date, or a date and time (`parseServerTime`'s forms; its date counts). Absent,
 * null or `''` is not judged (registration and the server's CPF check refuse minors); sent but
 * unreadable (a zero date, `'14/05/1990'`, a number) is added to `bad` (fail closed). At `now` NaN
 * (no time): not judged for one 18 at the earliest plausible time (2001-09-09), else added to `bad`
 * (the age unknown, the account blocked), never in force.
 */
export function underAgeOf(user: unknown, bad: string[], now: number): Restriction | null {
  const v = (user as { birth_date?: unknown } | null | undefined)?.birth_date;
  if (!dateSent(v)) return null;
  const m = parseServerTime(v) !== null && /^\s*(\d{4})-(\d\d)-(\d\d)/.exec(v as string);
  if (!m) {
    bad.push('birth_date');
    return null;
  }
  const until = brazilTimeToEpoch(+m[1]! + 18, +m[2]!, +m[3]!);
  // Of age at `now`, or no time (NaN, REVIEW29B): then judged at the earliest plausible one
  // (`plausibleTime`: 1e12, 2001-09-09); 18 by then, an adult; else the age is unknown (fail
  // closed, never "under 18" claimed).
  if (!(now < until)) {
    if (Number.isNaN(now) && until > 1e12) bad.push('birth_date');
    return null;
  }
  return {
    kind: 'underAge',
    imposedBy: 'law',
    since: null,
    until,
    permanent: false,
    indefinite: false,
    note: null,
    blocksAccount: true,
    earliestLiftAt: until,
  };
}
