// What the profile's restriction and limit fields mean (issue 13, docs/responsible-gaming.md):
// `restrictionsOf` reads the pauses and exclusions (./restriction-fields.ts), then each limit
// (`limitOf`), tolerantly and failing closed.
import { readBoolean, UNREADABLE } from '../schemas/common';
import { amountOf, periodOf } from './limit-order';
import { compareLimit } from './limits';
import { carriedFlag, DAY_MS, imposedOf, type Restriction, selfOf, underAgeOf } from './restriction-fields';
import { accountStanding, exclusionsAnswered } from './standing';
import type { LimitPeriodName } from './time';
import { earliestTimeOf, latestTimeOf, parseServerTime } from './time';

export type { InFlightKind, Restriction, RestrictionKind } from './restriction-fields';

/** Everything `restrictionsOf` derives from a profile's userInfo. */
export interface Restrictions {
  /**
   * Strongest first: under 18 > SPA > operator > self-exclusion > pause > a bet limit of 0 > a loss
   * limit of 0 (those that close the account first).
   */
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
   * flag saying none while its start, end or earliest lift may be ahead; an end passed while its
   * earliest lift may be ahead): the restrictions are then
   * UNKNOWN, `canBet` is false, and the lists hold only what could be read. So is one the profile
   * always carries (spec 2.12: `spa_exclusion`, `operator_exclusion`, `user_exclusion`,
   * `user_pause`, and each limit's amount, `_active` and `_period`) when it is absent: null is "not
   * set", absent says nothing. Fail closed: never read as "no restriction".
   */
  known: boolean;
  /** The fields that could not be read or are absent (e.g. `['spa_exclusion']`); empty when `known`. */
  unreadable: string[];
}

/**
 * How far ahead of `now` a restriction's start may read and still be in force (review MED-2).
 * A pause or self-exclusion asked for now starts now (Lei 14.790; the SPA's rules: at once), and
 * the spec gives naive timestamps no zone: we read them as São Paulo (UTC-03:00), so one written in
 * any other zone, UTC-12 to UTC+14, reads off by -9 to +17 hours (naive UTC, Laravel's default:
 * +3). A start up to 17 hours ahead may be now, then; 18 allows an hour more for clock error. A
 * start further ahead is one scheduled for later: pending (18 hours, a literal: CONTRIBUTING.md).
 * The other way round, an end (and an earliest lift) holds until the latest instant it may mean:
 * `latestTimeOf`, 10 hours on for a naive one (UTC-12: 9 hours late, and the hour; a bare date:
 * 10 hours after its day is over), exact with a zone.
 */
export const START_SLACK_MS = 64_800_000;

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
 * `user` (optional): the same read's `user`; a `birth_date` in it that makes the player under 18 at
 * `now` (Lei 14.790/2023 art. 26, São Paulo days) is in force as `underAge` (closing the account),
 * one sent but unreadable is unknown (`underAgeOf`). Without it, nothing is judged of the age. An
 * active bet or loss limit of 0 is in force too (`betLimitZero`, `lossLimitZero`): no bet fits.
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
 * const { user, userInfo } = await auth.getUserProfile();
 * const r = restrictionsOf(userInfo, Date.now(), user);
 * if (r.accountBlocked) showBanner(r.inForce[0]); // strongest first
 * else if (!r.canBet) showPause(r.inForce[0]);
 */
export function restrictionsOf(userInfo: unknown, now: number = Date.now(), user?: unknown): Restrictions {
  return deriveRestrictions(userInfo, plausibleTime(now), user);
}

/** `now` when it is a plausible instant (`restrictionsOf`: 2001-09-09 to the Date range's end), else NaN (no time). */
export const plausibleTime = (now: unknown): number =>
  typeof now === 'number' && now >= 1e12 && now <= 8.64e15 ? now : NaN;

/**
 * `restrictionsOf` at `now` as given, any finite number (the session's own time, its earliest
 * time: `profileReadOf`, pam-client/internal), without the plausibility rule; NaN is no time:
 * unknown, as `restrictionsOf` reads an implausible `now` (any number not finite: unknown too).
 * Reads no clock.
 */
export function deriveRestrictions(userInfo: unknown, now: number, user?: unknown): Restrictions {
  try {
    return derive(userInfo, now, user);
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
  deriveRestrictions(userInfo, now, user),
  accountStanding(user),
  exclusionsAnswered(userInfo as Record<string, unknown> | null),
];

// `at`, no time: NaN, which no time is before or after: nothing read has ended or is pending, no
// date is ahead (a contradiction), no change is due; and `'now'` makes the result unknown.
function derive(userInfo: unknown, at: number, user?: unknown): Restrictions {
  // (A primitive, null or undefined: an object with none of the fields, unreadable.)
  const info: Record<string, unknown> = Object(userInfo);
  const inForce: Restriction[] = [];
  const pending: Restriction[] = [];
  // The fields that cannot be read, in a fixed order: `now`, the exclusions, the pause, the limits.
  const unreadable: string[] = Number.isFinite(at) ? [] : ['now'];
  // Strongest first, so both lists come out in severity order (what closes the account first).
  for (const r of [
    underAgeOf(user, unreadable, at),
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
  // An active bet or loss limit of 0 allows no bet (a bet risks a loss; REVIEW29A-1), nor a time
  // limit of 0 any play (0 played reaches it: review 116, an app without the play-time flow showed
  // the player free): in force, weakest (after a pause), until the player's looser change applies.
  // A deposit limit of 0 bars deposits only.
  for (const kind of ['bet', 'loss', 'time'] as const)
    if (limits[kind].active && limits[kind].amount === 0)
      inForce.push({
        kind: `${kind}LimitZero`,
        imposedBy: 'self',
        since: null,
        until: null,
        permanent: false,
        indefinite: true,
        note: null,
        blocksAccount: false,
        earliestLiftAt: null,
      });
  return {
    inForce,
    pending,
    limits,
    // An exclusion the client cannot read may be in force: blocked until it reads (fail closed).
    // The unreadable fields that name an exclusion (`spa_exclusion`, `operator_exclusion`,
    // `user_exclusion` and its `_at` / `_in`) are the ones whose restriction closes the account.
    // (And an unreadable birth date: the player may be under 18.)
    accountBlocked: inForce.some((r) => r.blocksAccount) || unreadable.some((f) => /exclusion|birth/.test(f)),
    canBet: !(inForce.length || unreadable.length),
    known: !unreadable.length,
    unreadable,
  };
}

// The limits (spec 2.11), as the profile shows them.

/** The four limits of spec 2.11 (money in BRL; time in minutes per period). */
export type LimitKind = 'deposit' | 'bet' | 'loss' | 'time';

/** A change of a limit the server holds back until `effectiveAt` (`user_limit_<kind>_change`). */
export interface PendingLimitChange {
  amount: number | null;
  period: LimitPeriodName | null;
  active: boolean | null;
  effectiveAt: number | null;
}

/**
 * One limit as the profile shows it. `amount`/`period` are null when null, absent or unreadable;
 * `known` is false when a field of it (amount, `_active`, `_period`) is absent or was sent but could
 * not be read (its `active` is then false, but nothing is proven: treat the limit as unknown).
 */
export interface LimitState {
  kind: LimitKind;
  amount: number | null;
  period: LimitPeriodName | null;
  active: boolean;
  pendingChange: PendingLimitChange | null;
  /** Every field of the limit was sent (null counts) and could be read. */
  known: boolean;
}

const LIMIT_KINDS: readonly LimitKind[] = ['deposit', 'bet', 'loss', 'time'];

/** A pending change's `active`: true or false as read, null when not sent (null), UNREADABLE else. */
const changeFlagOf = (v: unknown) => (v === undefined ? null : readBoolean(v));

/** A change's field: null when absent or null, UNREADABLE when sent but not `read` by it. */
const changeField = <T>(v: unknown, read: (v: unknown) => T | null): T | null | typeof UNREADABLE =>
  v == null ? null : (read(v) ?? UNREADABLE);

/**
 * The change a `*_change` field holds (a JSON object, or a bare timestamp: a change then, values
 * unknown), its `effective_at` as sent (`at`): null when there is none (null, absent, `''`, or an
 * object naming nothing), UNREADABLE when it was sent but cannot be read (REVIEW29A-7: no JSON
 * object and no time, `42`, a field of it that is sent but unreadable, `amount: 'abc'` or `-5`,
 * `period: 'hourly'`, or a change with no readable `effective_at`: when it holds is unknown).
 */
/**
 * A change's time that reads as a date after 1970-01-02 (`DAY_MS`): PHP's zero dates (its date() of
 * timestamp 0, in any zone) are no date, as in the restriction fields (`selfOf`); review 87: a
 * change "effective" then was read as applied in 1970, a limit of 0 lifted.
 */
const dated = (v: unknown) => (parseServerTime(v) ?? 0) > DAY_MS;

function changeOf(raw: unknown) {
  let value = raw;
  if (raw === '') return null;
  if (typeof raw === 'string')
    try {
      value = JSON.parse(raw);
    } catch {
      // A bare timestamp: a change at that time, values unknown (docs/responsible-gaming.md).
      return !dated(raw) ? UNREADABLE : { amount: null, period: null, active: null, at: raw };
    }
  if (value == null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return UNREADABLE;
  const v = value as Record<string, unknown>;
  const change = {
    amount: changeField(v.amount, amountOf),
    period: changeField(v.period, periodOf),
    active: changeFlagOf(v.active),
    at: v.effective_at,
  };
  // Naming nothing: no change. Else every field sent must read, and its time too.
  if (Object.values(change).every((x) => x == null)) return null;
  return Object.values(change).includes(UNREADABLE) || !dated(change.at)
    ? UNREADABLE
    : (change as {
        amount: number | null;
        period: LimitPeriodName | null;
        active: boolean | null;
        at: unknown;
      });
}

/**
 * The limit `kind` read from a userInfo-like record at `now` (never throws): a pending change
 * whose time has come shows as applied. Its time: a change `compareLimit` proves stricter or the
 * same (the new limit allows nothing the old one did not; amount, period and flag judged together)
 * holds from the earliest instant its naive `effective_at` may mean (`earliestTimeOf`, -18 h:
 * REVIEW29A-5, -6); any other (looser, neither looser nor stricter, or values unknown: a bare
 * timestamp) from the latest (`latestTimeOf`, +10 h: REVIEW-R R-4, REVIEW29B), the old limit shown
 * until then, as the server holds every change not stricter; one with a zone, exactly. Its fields that
 * cannot be read, or are absent (amount, `_active`, `_period`: the profile always carries them), are
 * added to `bad`, and so is a `_change` sent but unreadable (`changeOf`), or one whose values are
 * unknown (a bare timestamp) once its time has come: the limit is then unknown (REVIEW29A-7).
 * `timeOf` (`earliestTimeOf` or `latestTimeOf`): every change timed by it, whatever it does (may
 * the server hold it already, or still not: `missingMandatoryLimits`, REVIEW30 R30-3).
 */
export function limitOf(
  info: Record<string, unknown>,
  kind: LimitKind,
  now: number,
  bad: string[] = [],
  timeOf?: (value: unknown) => number | null,
): LimitState {
  const key = `user_limit_${kind}`;
  const active = carriedFlag(info[`${key}_active`]);
  const limit: LimitState = {
    kind,
    amount: amountOf(info[key]),
    period: periodOf(info[`${key}_period`]),
    active: active === true,
    pendingChange: null,
    known: true,
  };
  const c = changeOf(info[`${key}_change`]);
  let out = limit;
  // Values unknown (a bare timestamp): it names none.
  const bare = !!c && c !== UNREADABLE && (c.amount ?? c.period ?? c.active) === null;
  if (c && c !== UNREADABLE) {
    // What the limit would be: what the change does not name stays as it was.
    const proposed = {
      amount: c.amount ?? limit.amount,
      period: c.period ?? limit.period,
      active: c.active ?? limit.active,
    };
    // Early only when proven stricter or the same (REVIEW29B): a looser change, one neither
    // looser nor stricter (600 a month -> 30 a day) and one whose values are unknown (a bare
    // timestamp) are held late, the old limit shown meanwhile, as the server holds them.
    const early = !bare && compareLimit(limit, proposed) !== 'looser';
    const effectiveAt = (timeOf ?? (early ? earliestTimeOf : latestTimeOf))(c.at);
    limit.pendingChange = { amount: c.amount, period: c.period, active: c.active, effectiveAt };
    // (`now` NaN, no time: none is due.) Its time come, the change shows as applied.
    if (effectiveAt! <= now) out = { ...limit, ...proposed, pendingChange: null };
  }
  // The fields not null that cannot be read: absent ones too (the profile always carries them).
  // An active limit with an amount and no readable period (null too) is a limit whose period is
  // unknown, never "no limit" (REVIEW-R R-7). A change applied whose values are unknown: unknown.
  const wrong = [
    info[key] !== null && limit.amount === null && key,
    active === UNREADABLE && `${key}_active`,
    limit.period === null &&
      (info[`${key}_period`] !== null || (out.period === null && out.active && out.amount !== null)) &&
      `${key}_period`,
    (c === UNREADABLE || (out !== limit && bare)) && `${key}_change`,
  ].filter(Boolean) as string[];
  out.known = wrong.length === 0;
  bad.push(...wrong);
  return out;
}
