// What the profile's restriction and limit fields mean (issue 13, docs/responsible-gaming.md):
// `restrictionsOf` reads the pauses and exclusions, then each limit (`limitOf`, ./limit-state.ts),
// tolerantly and failing closed.
import { readNumber, UNREADABLE } from '../schemas/common';
import { carriedFlag, LIMIT_KINDS, type LimitKind, type LimitState, limitOf } from './limit-state';
import { accountStanding, exclusionsAnswered } from './standing';
import { brazilPartsOf, brazilTimeToEpoch, lateBy, parseServerTime } from './time';

// The limits' reading is in ./limit-state.ts; its names are also read from here.
export type { LimitKind, LimitState, PendingLimitChange } from './limit-state';
export { amountOf, limitOf, periodOf } from './limit-state';

/** What keeps a player from betting, weakest last: see `restrictionsOf`. */
export type RestrictionKind = 'pause' | 'selfExclusion' | 'operatorExclusion' | 'spaExclusion';

/** One restriction, in force or pending. Dates are epoch ms. */
export interface Restriction {
  kind: RestrictionKind;
  imposedBy: 'self' | 'operator' | 'spa';
  since: number | null;
  /**
   * When it ends: the latest instant its end may mean (a naive timestamp: `lateBy`, 10 hours after
   * it reads as São Paulo time; one with a zone: exact); null when permanent, indefinite or unknown.
   */
  until: number | null;
  /** A self-exclusion of -1 months: it never ends. */
  permanent: boolean;
  /** An operator or SPA exclusion: no end until whoever imposed it lifts it. */
  indefinite: boolean;
  /** The operator's or SPA's note, as given (never interpreted). */
  note: string | null;
  /** Exclusions close the account; a pause only stops betting. */
  blocksAccount: boolean;
  /**
   * Earliest moment the player may lift it (pause: `_min`, else its end; exclusion: `_min`, else
   * never), the latest instant `_min` may mean, as `until`.
   */
  earliestLiftAt: number | null;
}

/** Everything `restrictionsOf` derives from a profile's userInfo. */
export interface Restrictions {
  /** Strongest first: SPA > operator > self-exclusion > pause. */
  inForce: Restriction[];
  /**
   * Restrictions scheduled later: a start more than 18 hours ahead of `now` (one nearer is in
   * force: see `restrictionsOf`), strongest first.
   */
  pending: Restriction[];
  limits: Record<LimitKind, LimitState>;
  /**
   * A restriction in force closes the account (any exclusion), OR an exclusion field
   * (`spa_exclusion`, `operator_exclusion`, `user_exclusion`, or a self-exclusion's date:
   * `user_exclusion_in`/`_at`, see `known`) was sent but could not be read: an
   * unknown exclusion may be blocking (fail closed; `known` is false then).
   */
  accountBlocked: boolean;
  /** Every restriction field was read AND none is in force (a pause stops betting too). */
  canBet: boolean;
  /**
   * False when a restriction or limit field was sent but could not be read (`'yes'`, `2` for a
   * flag, `'abc'` for days, a value outside the spec's set such as `'0.5'` months or 46 days, an
   * end at or before its start, a start, end or earliest lift (`_min`) of a restriction set that is
   * unreadable or at or before 1970-01-02, PHP's zero dates), or contradicts itself (a count or
   * flag saying none while its start, end or earliest lift may be ahead): the restrictions are then
   * UNKNOWN, `canBet` is false, and the lists hold only what could be read. So is one the profile
   * always carries (spec 2.12: `spa_exclusion`, `operator_exclusion`, `user_exclusion`,
   * `user_pause`, and each limit's amount, `_active` and `_period`) when it is absent: null is "not
   * set", absent says nothing. Fail closed: never read as "no restriction".
   */
  known: boolean;
  /** The fields that could not be read or are absent (e.g. `['spa_exclusion']`); empty when `known`. */
  unreadable: string[];
}

const DAY_MS = 86_400_000;

/**
 * How far ahead of `now` a restriction's start may read and still be in force (review MED-2).
 * A pause or self-exclusion asked for now starts now (Lei 14.790; the SPA's rules: at once), and
 * the spec gives naive timestamps no zone: we read them as São Paulo (UTC-03:00), so one written in
 * any other zone, UTC-12 to UTC+14, reads off by -9 to +17 hours (naive UTC, Laravel's default:
 * +3). A start up to 17 hours ahead may be now, then; 18 allows an hour more for clock error. A
 * start further ahead is one scheduled for later: pending (18 hours, a literal: CONTRIBUTING.md).
 * The other way round, an end (and an earliest lift) holds until the latest instant it may mean:
 * `lateBy`, 10 hours on for a naive one (UTC-12: 9 hours late, and the hour), exact with a zone.
 */
export const START_SLACK_MS = 64_800_000;

/** The spec's self-exclusion lengths in months (section 8), -1 = permanent; 0 = none. */
const EXCLUSION_MONTHS: readonly number[] = [0, 3, 6, 12, 24, 36, 60, -1];
/** The spec's pause lengths: 1 to 45 whole days (section 8); 0 = none. */
const isPauseDays = (n: number): boolean => Number.isInteger(n) && n >= 0 && n <= 45;

/** A date field sent (not absent, null or `''`). */
const dateSent = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A database's "no date": `'0000-00-00'`, `'0000-00-00 00:00:00'` (or with `T`), or a timestamp of 0. */
const isZeroDate = (v: unknown) =>
  v === 0 || (typeof v === 'string' && /^(?:0|0{4}-00-00(?:[T ]00:00(?::00)?)?)$/.test(v.trim()));

/**
 * Whether one of `field`'s dates (`suffixes`) may say it is in force or pending: a readable time
 * whose latest meaning (`lateBy`: a naive one read up to 10 hours past may be ahead) is after `now`,
 * or a value sent that cannot be read (`'garbage'`, an epoch number, `'30/12/2099'`, `' '`), which
 * may hide one (review 8, item 2). Only null, absent, `''` and the zero dates say nothing.
 */
const ahead = (info: Record<string, unknown>, field: string, suffixes: string[], now: number) =>
  suffixes.some((x) => {
    const v = info[field + x];
    if (!dateSent(v) || isZeroDate(v)) return false;
    const t = parseServerTime(v);
    return t === null || t + lateBy(v) > now;
  });

/**
 * A derived date inside the Date range, else null (a stray 3 285 129-month exclusion has no end we
 * can name). NaN and ±Infinity fail the comparison too.
 */
const timeOrNull = (t: number): number | null => (Math.abs(t) <= 8.64e15 ? t : null);
const noteOf = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** `since` plus whole calendar months in São Paulo (an exclusion of N months). */
function addMonths(since: number, months: number): number {
  const p = brazilPartsOf(since);
  return brazilTimeToEpoch(p.year, p.month + months, p.day, p.hour, p.minute, p.second);
}

/**
 * The player's own restriction in `field`: a pause of N days (`user_pause`) or a self-exclusion of
 * N months (`user_exclusion`, -1 = permanent). Its end is `_in`, else its start plus its length;
 * it may be lifted from `_min` (a pause: else at its end; an exclusion: else never). Null when
 * there is none, or when it cannot be read: the field that cannot is added to `bad`, in the order
 * `restrictionsOf` lists them.
 */
function selfOf(
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
  // It holds until the latest instant its end may mean (`lateBy`, REVIEW-K 4): `_in`'s, else its
  // start's plus its length; a permanent one has none. Its earliest lift, likewise.
  until =
    n < 0
      ? null
      : until !== null
        ? until + lateBy(end)
        : since === null
          ? null
          : timeOrNull((pause ? since + n * DAY_MS : addMonths(since, n)) + lateBy(at));
  return {
    kind: pause ? 'pause' : 'selfExclusion',
    imposedBy: 'self',
    since,
    until,
    permanent: n === -1,
    indefinite: false,
    note: null,
    blocksAccount: !pause,
    earliestLiftAt: min === null ? (pause ? until : min) : min + lateBy(minAt),
  };
}

/** An exclusion flag: 1/true/'1'/'1.00' set, 0/false/'0'/'0.00'/null not; absent or anything else unreadable (added to `bad`). */
function imposedOf(
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
 * The restrictions and limits a profile's `userInfo` holds at `now`, read by the rules in
 * docs/responsible-gaming.md. Pure and total: any input (null, garbage, wrong types) gives an
 * answer, never an exception, and a field that does not say "restricted" never yields a
 * restriction. A restriction that already ended is left out (a naive end: from the latest instant
 * it may mean, 10 hours after it reads, since written in UTC-12 it reads 9 hours early); one that
 * starts more than 18 hours after `now` is `pending`, except an exclusion with no end, in force
 * once read. One that starts within 18 hours is in force: a restriction asked for now starts now,
 * and a naive timestamp written in another zone than São Paulo's (naive UTC: 3 hours ahead) reads
 * up to 17 hours late. A field sent but unreadable makes the result unknown (`known: false`, `unreadable`, `canBet: false`), and an unreadable exclusion
 * field makes `accountBlocked` true: it may be in force (fail closed). So does an ABSENT (missing or
 * undefined) restriction flag (`spa_exclusion`, `operator_exclusion`, `user_exclusion`,
 * `user_pause`) or limit field (`user_limit_<kind>`, `_active`, `_period`): the profile always
 * carries them (spec 2.12), so one without them (a login answer's, `{}`, null) is unknown, never
 * "no restriction". A field sent as null still reads as "not set" (dates, `_change` and notes:
 * absent too). A cancelled account is not in userInfo: the session shows it as its own status.
 * An app shows the session's `view.restrictions` (unknown until a profile read answers every
 * exclusion flag, not null); this is for a profile read of its own.
 *
 * `now` is epoch ms; omitted (undefined), it is the current time (`Date.now()`, the one clock read,
 * here at the entry). One that is no plausible instant of a profile read (REVIEW-O 10) cannot be
 * judged: not a finite number, outside the Date range (±8.64e15), or before 1e12 (2001-09-09: every
 * epoch-seconds reading until the year 33658, `0`, any negative), and so is such a clock reading.
 * The result is then unknown: `unreadable` holds `'now'`, `known` and `canBet` are false, every
 * restriction read is in force (none ended, none pending) and no pending limit change is applied;
 * never "nothing in force".
 *
 * @example
 * const r = restrictionsOf((await auth.getUserProfile()).userInfo);
 * if (r.accountBlocked) showBanner(r.inForce[0]); // strongest first
 * else if (!r.canBet) showPause(r.inForce[0]);
 */
export function restrictionsOf(userInfo: unknown, now: number = Date.now()): Restrictions {
  return deriveRestrictions(userInfo, typeof now === 'number' && now >= 1e12 && now <= 8.64e15 ? now : NaN);
}

/**
 * `restrictionsOf` at `now` as given, any finite number (the session's own time, its earliest
 * time: `profileReadOf`, pam-client/internal), without the plausibility rule; NaN is no time:
 * unknown, as `restrictionsOf` reads an implausible `now` (any number not finite: unknown too).
 * Reads no clock.
 */
export function deriveRestrictions(userInfo: unknown, now: number): Restrictions {
  try {
    return derive(userInfo, now);
  } catch {
    // Only a hostile object (a throwing getter, a revoked Proxy) gets here: nothing can be
    // read, so nothing is known: an exclusion may hide there (fail closed). `derive(null)` says so
    // already (every flag absent: accountBlocked, no betting, unknown); it names the whole record.
    return { ...derive(null, now), unreadable: ['userInfo'] };
  }
}

/**
 * What a profile read says at the session's time `now`: its restrictions (`deriveRestrictions`:
 * `now` as given, never judged nor defaulted to a clock; NaN is no time, unknown), the account's
 * standing (`accountStanding`) and whether every exclusion flag is answered (`exclusionsAnswered`).
 * The session's one reading of the three (pam-client/machines, through pam-client/internal: its
 * time is its clock's, stamped on events); the server reads them alike.
 *
 * @example
 * profileReadOf({ spa_exclusion: 0 }, at, { cancelled_account: false }); // [{ known: false, ... }, 'open', false]
 */
export const profileReadOf = (
  userInfo: unknown,
  now: number,
  user?: unknown,
): readonly [Restrictions, 'open' | 'cancelled' | 'unknown', boolean] => [
  deriveRestrictions(userInfo, now),
  accountStanding(user),
  exclusionsAnswered(userInfo as Record<string, unknown> | null),
];

// `at`, no time: NaN, which no time is before or after: nothing read has ended or is pending, no
// date is ahead (a contradiction), no change is due; and `'now'` makes the result unknown.
function derive(userInfo: unknown, at: number): Restrictions {
  // (A primitive, null or undefined: an object with none of the fields, unreadable.)
  const info: Record<string, unknown> = Object(userInfo);
  const inForce: Restriction[] = [];
  const pending: Restriction[] = [];
  // The fields that cannot be read, in a fixed order: `now`, the exclusions, the pause, the limits.
  const unreadable: string[] = Number.isFinite(at) ? [] : ['now'];
  // Strongest first, so both lists come out in severity order.
  for (const r of [
    imposedOf(info, 'spa', unreadable, at),
    imposedOf(info, 'operator', unreadable, at),
    selfOf(info, 'user_exclusion', unreadable, at),
    selfOf(info, 'user_pause', unreadable, at),
  ]) {
    if (r === null || (r.until !== null && r.until <= at)) continue;
    // An exclusion with no end (SPA, operator, permanent) is in force once read, whatever its
    // `_at` says: a start ahead of our clock must not leave a barred player free to bet (fail closed).
    // One with an end is in force too when its start is at most `START_SLACK_MS` ahead: that may
    // be now, written in another zone (review MED-2). Only one further ahead is scheduled: pending.
    const endless = r.permanent || r.indefinite;
    (r.since !== null && r.since > at + START_SLACK_MS && !endless ? pending : inForce).push(r);
  }
  const limits = {} as Record<LimitKind, LimitState>;
  for (const kind of LIMIT_KINDS) limits[kind] = limitOf(info, kind, at, unreadable);
  return {
    inForce,
    pending,
    limits,
    // An exclusion the client cannot read may be in force: blocked until it reads (fail closed).
    // The unreadable fields that name an exclusion (`spa_exclusion`, `operator_exclusion`,
    // `user_exclusion` and its `_at` / `_in`) are the ones whose restriction closes the account.
    accountBlocked: inForce.some((r) => r.blocksAccount) || unreadable.some((f) => f.includes('exclusion')),
    canBet: !(inForce.length || unreadable.length),
    known: !unreadable.length,
    unreadable,
  };
}
