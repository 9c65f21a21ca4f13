// The profile flow's data and rules, as pure functions and types: what it calls (its services)
// and the clock's trust it reads, a stamp of that clock and the flow's time after it, whose a datum
// is (`ownsDatum`, the session's test too), what the restrictions say at a server time (with
// pending limit changes applied once due), their status, the mandatory limits still to set, when
// to look again, the flow's context and the datum the session takes from it (what was read, for
// which player and login, and when). What it calls and the stamps of its clock, and a restriction
// accepted (what outlives the login): ./profile-services.ts. The flow itself: ./profile.ts.

import type { InFlightKind } from 'pam-client';
import {
  type AuthUser,
  compareLimit,
  type LimitKind,
  type PamError,
  type Restriction,
  type Restrictions,
} from 'pam-client';
import { type BackoffOptions, profileReadOf } from 'pam-client/internal';
import { brazilDayOf, nextBrazilMidnight } from '../clock';
import {
  type AcceptedLimits,
  type AcceptedRestriction,
  type ProfileServices,
  withKept,
} from './profile-services';

export * from './profile-services';

/** Whose a datum is: the player id and the login id (`sid`) it was read or sent for. */
export interface ProfileOwner {
  userId: number | null;
  sid: number | null;
}

/**
 * Whether a player id in an answer (a number, or a numeric string from a PHP back end) names the
 * player `userId`. An answer without an id (absent, null) names no player: not this player's
 * (false, fail closed), like any other value. Without a player to compare (`userId` null: a
 * stored session that names none), nothing can be told apart: true.
 *
 * @example
 * namesPlayer('12', 12); // true
 * namesPlayer(undefined, 12); // false
 */
export function namesPlayer(id: unknown, userId: number | null): boolean {
  const n = typeof id === 'string' && /^\s*\d{1,15}\s*$/.test(id) ? Number(id) : id;
  return userId === null || n === userId;
}

/**
 * Whether a datum stamped with `owner` belongs to the session that holds `held`: both the player
 * and the login must match, and a datum of no login (`sid` null) belongs to none (fail closed).
 *
 * @example
 * ownsDatum({ userId: 2, sid: 7 }, { userId: 1, sid: 5 }); // false: player 1's late read is dropped
 */
export function ownsDatum(held: ProfileOwner, owner: ProfileOwner | null | undefined): boolean {
  return !!owner && typeof owner.sid === 'number' && sameOwner(held, owner);
}

/**
 * Whether `owner` names the player and login `held` holds (the one comparison of owners: the
 * session's `owned` guard takes its own actors' words with it, `ownsDatum` a datum's).
 *
 * @example
 * sameOwner(context, event.owner); // false after an adoption: the word was for the login before
 */
export const sameOwner = (held: ProfileOwner, owner: ProfileOwner): boolean =>
  owner.sid === held.sid && owner.userId === held.userId;

/**
 * - `current`: read for this player's login today (São Paulo day, server time), every field readable,
 *   on a trusted clock;
 * - `stale`: the latest re-check failed, the last read is from an earlier day, or the clock is not
 *   trusted (`PamClock.trusted()`), or it never learned the server's time (`PamClock.learned()`)
 *   and the read holds a date (a restriction that starts or ends, a pending limit change): the
 *   last known value is kept and shown as such;
 * - `unknown`: never read for this login, a restriction field could not be read, an exclusion flag
 *   not answered (absent or null), or the account's standing not known (`accountStanding`).
 */
export type RestrictionStatus = 'current' | 'stale' | 'unknown';

/** The limits every player must set (Portaria SPA/MF 2.579/2025): loss and time. */
export type MandatoryLimit = Extract<LimitKind, 'loss' | 'time'>;
export const MANDATORY_LIMITS: readonly MandatoryLimit[] = ['loss', 'time'];

/** The restrictions as the session shows them: `restrictionsOf`, with their status. */
export interface SessionRestrictions extends Restrictions {
  /** See `RestrictionStatus`. `canBet` is true only when `current` and nothing blocks betting. */
  status: RestrictionStatus;
  /** When they were last read for this login (server epoch ms); null if never. */
  checkedAt: number | null;
  /** The mandatory limits (loss, time) not set, or not readable: the app asks for them. */
  missingMandatoryLimits: MandatoryLimit[];
  /**
   * Why the latest read failed (the status is then `unknown` or `stale`); null after a successful
   * one. The read's error sits here, never in `view.error` (the login's); `client.on(
   * 'restrictionsUnavailable')` hears it too.
   */
  error: PamError | null;
  /**
   * On the view only, with the play-time flow: true while the time limit is known to be reached in
   * its period (`view.playTime.reached`); `canBet` is then false until the next period (review 7, H4).
   */
  timeLimitReached?: boolean;
  /**
   * On the view only, with the play-time flow: true while play time is not known
   * (`view.playTime.known` false: no server time learned yet); `canBet` is then false (fail closed),
   * though nothing says the limit was reached (review 8, item 3).
   */
  playTimeUnknown?: boolean;
}

/**
 * Milliseconds from `serverMs` to the next São Paulo midnight (the SPA re-check): the first instant
 * of the next day, as a day is `[midnight, next midnight)` (`playPeriodOf`); never later (REVIEW-L 4:
 * one second past it showed yesterday's read `current` for that second). The profile flow arms its
 * timer from the day of the reading it holds (`nextBrazilMidnight`, REVIEW34).
 * @internal A test seam: only tests import it (CONTRIBUTING.md, Test seams).
 */
export const untilNextBrazilDay = (serverMs: number): number => nextBrazilMidnight(serverMs) - serverMs;

export const LIMIT_KINDS: readonly LimitKind[] = ['deposit', 'bet', 'loss', 'time'];

/**
 * The mandatory limits a set of restrictions does not show as set: the public
 * `missingMandatoryLimits(userInfo, now)`'s rule (active, a readable amount and a readable period;
 * unreadable counts as not set), on limits whose due changes are applied.
 */
export function missingMandatoryLimits(r: Restrictions): MandatoryLimit[] {
  return MANDATORY_LIMITS.filter((kind) => {
    const limit = r.limits[kind];
    const known = (limit as { known?: boolean }).known !== false;
    return !(known && limit.active && limit.amount !== null && limit.period !== null);
  });
}

/** What the status is built from: the last read for this login and the latest re-check. */
export interface StatusInputs {
  /** When the last successful read for this login was made (server ms); null if none. */
  readAt: number | null;
  /** The latest re-check failed (after `readAt`). */
  failed: boolean;
  /** The latest server time the flow saw (stamped on an event). */
  now: number;
  /** The clock is not trusted (`PamClock.trusted()` false): nothing read is `current`. */
  untrusted?: boolean;
  /**
   * The clock never read an answer's `Date` (`PamClock.learned()` false): its time is the device's,
   * which nothing checked, so a read holding a date (`nextChangeAt` from the earliest time), or a
   * `user.birth_date` making the player 18 within `UNLEARNED_SKEW_MS` of it, is not `current`; one
   * without is (a hidden `Date` bars no one with nothing dated).
   */
  unlearned?: boolean;
  /** The latest read's error, when it failed. */
  error?: PamError | null;
  /** The read's `user`: its account's standing (`accountStanding`); none: not known (no betting). */
  user?: unknown;
}

/** The earliest time: read from it, anything with a date (a start, an end, a due change) is still to change. */
const EARLIEST = -8.64e15;

/**
 * How far ahead an unlearned (device) clock is taken to be, for the birth date (REVIEW29B): a
 * player whose 18th birthday (São Paulo midnight) is within the last 48 hours of it may still be
 * under 18 by the server's time, so the read is not `current` (stale: no betting); one 18 for
 * longer is judged as read (an adult is never made stale by it). 48 h, a literal (CONTRIBUTING.md).
 */
export const UNLEARNED_SKEW_MS = 172_800_000;

/**
 * Whether `userInfo` holds a date: read at the earliest time (`EARLIEST`, everything dated still
 * ahead), something is still to change, or it cannot be read (a "none" with a date ahead of it:
 * read as none on a clock ahead, it was free to bet, review 80). One reading.
 */
const isDated = (userInfo: Record<string, unknown>) => {
  const early = profileReadOf(userInfo, EARLIEST)[0];
  return !early.known || nextChangeAt(early, EARLIEST) !== null;
};

/**
 * The restrictions of `userInfo` at server time `s.now` (pending changes applied once due), with
 * their status and the mandatory limits missing. Without a read for this login (`userInfo` null,
 * or `readAt` null) they are `unknown`: nothing in force is known, and `canBet` is false. An
 * account not open (`standingOf`: cancelled, or not known) is `accountBlocked`, never
 * free to bet; unknown standing and an exclusion flag not answered (`standingOf`) are
 * `unknown` (the server's rule, `serverRestrictions`).
 *
 * @example
 * sessionRestrictionsOf(userInfo, { readAt: at, failed: false, now: at }).status; // 'current'
 */
export function sessionRestrictionsOf(
  userInfo: Record<string, unknown> | null,
  s: StatusInputs,
): SessionRestrictions {
  // An exclusion with no end is in force once read, whatever its `_at` says (issue 23 defect 4):
  // restrictionsOf lists none as pending.
  // (At the flow's time as it is: its clock's, never judged here; no time shows in the status.)
  // (Pending limit changes apply once due, each at its time, under 18 by `user.birth_date`:
  // `restrictionsOf`'s rules, REVIEW29A.)
  const [base, standing, answered] = profileReadOf(userInfo, s.now, s.user);
  // Unknown without a read for this login, with a field that could not be read, an exclusion the
  // read does not answer (absent or null: fail closed) or the standing not known; stale after a
  // failed re-check, on an untrusted clock (or one that never learned the server's time, for a read
  // with dates: from the earliest time, anything dated is still to change; or a birth date making
  // the player 18 within `UNLEARNED_SKEW_MS` of that clock), or from an earlier São Paulo day; else
  // current.
  const status: RestrictionStatus =
    !answered || standing === 'unknown' || s.readAt === null || !base.known
      ? 'unknown'
      : s.failed ||
          s.untrusted ||
          (s.unlearned &&
            !!userInfo &&
            (isDated(userInfo) ||
              profileReadOf(userInfo, s.now - UNLEARNED_SKEW_MS, s.user)[0].inForce.some(
                (r) => r.kind === 'underAge',
              ))) ||
          brazilDayOf(s.readAt) !== brazilDayOf(s.now)
        ? 'stale'
        : 'current';
  return {
    ...base,
    accountBlocked: base.accountBlocked || standing !== 'open',
    canBet: status === 'current' && standing === 'open' && base.canBet,
    status,
    checkedAt: userInfo ? s.readAt : null,
    missingMandatoryLimits: missingMandatoryLimits(base),
    error: s.failed ? (s.error ?? null) : null,
  };
}

/**
 * Whether `theirs` would lift anything `ours` shows: betting allowed where it was not, an account
 * no longer blocked, a restriction (in force or pending) gone, ending or liftable earlier, no
 * longer permanent, or a limit switched off, raised or not proven kept (`compareLimit`).
 * Another tab's data may only tighten; a lift needs this tab's own read. Pure.
 *
 * @example
 * liftsAny(barred, free); // true: the SPA exclusion would be gone
 */
export function liftsAny(ours: Restrictions | null, theirs: Restrictions): boolean {
  if (!ours) return theirs.canBet;
  if (theirs.canBet && !ours.canBet) return true;
  if (ours.accountBlocked && !theirs.accountBlocked) return true;
  // Each of ours, in theirs: one in force must still be in force there, a pending one in force or
  // pending. Gone, or the same restriction ending earlier, no longer permanent or indefinite, or
  // liftable earlier: a lift too (null ends and lift times are "never").
  const at = (t: number | null) => t ?? Infinity;
  const loosened = (list: Restriction[], where: Restriction[]) =>
    list.some((a) => {
      const b = where.find((x) => x.kind === a.kind);
      return (
        !b ||
        (a.permanent && !b.permanent) ||
        (a.indefinite && !b.indefinite) ||
        at(b.until) < at(a.until) ||
        at(b.earliestLiftAt) < at(a.earliestLiftAt)
      );
    });
  if (
    loosened(ours.inForce, theirs.inForce) ||
    loosened(ours.pending, [...theirs.inForce, ...theirs.pending])
  )
    return true;
  // A limit of ours that theirs does not prove it keeps (`compareLimit`: off, raised, a period
  // that allows more in some span, as 600 a month -> 30 a day, or one that cannot be read).
  // (`restrictionsOf` reads every kind: theirs has each.)
  return LIMIT_KINDS.some((k) => {
    const a = ours.limits[k];
    return a.active && a.amount !== null && compareLimit(a, theirs.limits[k]) === 'looser';
  });
}

/** restrictionsOf's `START_SLACK_MS` (18 h; test/session/next-change-slack pins them equal). */
export const START_SLACK_MS = 64_800_000;

/**
 * The next moment after `now` when restrictions `r` (derived at `now`: `sessionRestrictionsOf`)
 * change without a new read: a restriction ends (its `until`: the latest instant its end may mean,
 * REVIEW-K 4) or starts, or a pending limit change becomes effective. Null when none (nothing
 * read: none).
 */
export function nextChangeAt(r: Restrictions, now: number): number | null {
  const times = [
    ...r.inForce.map((x) => x.until),
    // A pending one is in force from `START_SLACK_MS` before its start (restrictionsOf).
    ...r.pending.map((x) => (x.since === null ? null : x.since - START_SLACK_MS)),
    ...LIMIT_KINDS.map((k) => r.limits[k].pendingChange?.effectiveAt ?? null),
  ].filter((t): t is number => t !== null && t > now);
  return times.length === 0 ? null : Math.min(...times);
}

/**
 * The restrictions a login answer shows: what it says, but `unknown` (never read for this login),
 * so `canBet` is false until the profile flow's first read (issue 23 defect 2).
 *
 * @example
 * loginRestrictionsOf(answer.userInfo, savedAt).status; // 'unknown'
 */
export function loginRestrictionsOf(
  userInfo: Record<string, unknown> | null,
  at: number,
  user?: unknown,
): SessionRestrictions {
  return sessionRestrictionsOf(userInfo, { readAt: null, failed: false, now: at, user });
}

/** What the session holds of a profile (a structural subset of its context). */
export interface ProfileHolder extends ProfileOwner {
  userInfo: Record<string, unknown> | null;
  userInfoAt: number | null;
  restrictions: SessionRestrictions | Restrictions | null;
}

/** A datum as the profile flow publishes it (see `profileOf` below). */
export interface ProfileDatumLike {
  owner: ProfileOwner;
  user: { id?: unknown } | null;
  userInfo: Record<string, unknown> | null;
  at: number | null;
  restrictions: SessionRestrictions;
}

/**
 * What the session takes from a profile datum: null when it is not for the player and login the
 * session holds (`ownsDatum`; an answer naming another player is not either), or when it brings
 * nothing new (before the flow's first read the session keeps the login answer's). Pure.
 *
 * @example
 * const update = profileUpdateOf(context, profileOf(child.getSnapshot()));
 * if (update) enqueue.assign(update);
 */
export function profileUpdateOf<U>(
  held: ProfileHolder,
  d: ProfileDatumLike & { user: U | null },
): {
  user?: U;
  userInfo?: Record<string, unknown> | null;
  userInfoAt?: number | null;
  restrictions: SessionRestrictions;
} | null {
  if (!ownsDatum(held, d.owner)) return null;
  if (d.user && !namesPlayer((d.user as { id?: unknown }).id, held.userId)) return null;
  // Nothing read yet for this login: the session keeps the login answer's (status unknown), with
  // the failed read's error beside them so the app is told, and a restriction kept (accepted, not
  // yet read: all the flow's own hold in force then) in force.
  if (d.userInfo === null) {
    const { error = null, inForce, status } = d.restrictions;
    const had = held.restrictions as SessionRestrictions | null;
    if (!error && !had?.error && !inForce[0]) return null;
    let restrictions: SessionRestrictions = had ? { ...had, status, canBet: false, error } : d.restrictions;
    for (const x of inForce) restrictions = withKept(restrictions, x.kind);
    return JSON.stringify(restrictions) === JSON.stringify(had) ? null : { restrictions };
  }
  const same =
    d.userInfo === held.userInfo &&
    d.at === held.userInfoAt &&
    JSON.stringify(d.restrictions) === JSON.stringify(held.restrictions);
  if (same) return null;
  return {
    ...(d.user ? { user: d.user } : {}),
    userInfo: d.userInfo,
    userInfoAt: d.at,
    restrictions: d.restrictions,
  };
}

/** Where a datum comes from: the flow's own read, the client's outcome re-read, another tab. */
export type ProfileSource = 'read' | 'outcome' | 'remote';

export interface ProfileFlowContext {
  services: ProfileServices;
  retry: Omit<BackoffOptions, 'random'>;
  owner: ProfileOwner;
  user: AuthUser | null;
  /** The last profile read for this login; null if none yet. */
  userInfo: Record<string, unknown> | null;
  /** When it was read (server ms). */
  readAt: number | null;
  /**
   * When the request of the reading held was sent (server ms), whatever brought it (the flow's own
   * read, the client's outcome re-read, another tab): the one order of readings, never arrival.
   */
  sentAt: number | null;
  source: ProfileSource | null;
  /** The latest re-check failed. */
  failed: boolean;
  /** The clock is not trusted now (see `ClockTrust`): nothing read is current. */
  untrusted: boolean;
  /** The clock never learned the server's time (`ClockTrust.learned`): nothing dated is current. */
  unlearned: boolean;
  /**
   * The flow's latest stamp gave no time (the clock threw, or gave NaN, ±Infinity: `stampOf`):
   * nothing is current, whatever is derived or taken meanwhile, until a stamp that gives time.
   */
  noTime: boolean;
  /** Failed reads in a row (the backoff's attempt). */
  attempts: number;
  /**
   * Reads in a row taken while the clock was untrusted: each is an answer the clock learns from,
   * so the flow reads again (backing off) until the clock trusts a read, never waiting idle and
   * stale for the next midnight.
   */
  unsure: number;
  retryMs: number;
  /** The error of the latest failed read. */
  error: PamError | null;
  /**
   * The flow's time: its latest stamp taken while the clock was trusted (server ms); 0 before the
   * first. The last stamp, never the largest (a ratchet would keep a jumped or outlying time).
   */
  now: number;
  restrictions: SessionRestrictions;
  /**
   * A change that bars betting, accepted by the server (`CHECK` with `restricts`, or kept from an
   * earlier login or page of the player: `ProfileServices.accepted`): until a read of the flow's
   * own, started after it, shows that restriction (`shows`), `canBet` is false (a read that does
   * not show it yet is a lagging replica: read again, backing off).
   */
  expect: AcceptedRestriction | null;
  /**
   * The latest accepted restriction a read of the flow's own showed: for `ACCEPTED_MS` after it was
   * sent (`dayOf`), a reading that does not show it (a replica lagging later) bars again. One heard
   * from another tab is dated by the start of the one that showed it (`datedBy`; its day from when
   * it was heard), and kept for the player as one accepted here (`ProfileServices.accepted`).
   */
  shown: AcceptedRestriction | null;
  /**
   * A limit change the server accepted (`CHECK` with `limits`), kept as sent for `ACCEPTED_MS`: a
   * read with a looser limit of a kind it set is taken with the limit as sent (`keptLimits`) and
   * read again, backing off. Absent: none.
   */
  limits?: AcceptedLimits | null;
  /** Changes that bar betting, in flight (./in-flight.ts): each bars until it settles or ends. */
  pending?: InFlight[];
  /** One more for each datum taken: the session knows a new one from the last it took. */
  version: number;
  /** Reads started: a read's outcome names the one it answers, so an old outcome replayed is none. */
  reads: number;
  /**
   * A reading from elsewhere came while the read in flight was on its way (taken, or not placed):
   * that read may have been sent before it, so its answer is taken only if it lifts nothing held,
   * else read once more (REVIEW33-2: not a read per such reading).
   */
  again?: boolean;
}

/** The flow's datum: what was read, for whom and when, with the restrictions at the latest time seen. */
export interface ProfileDatum {
  owner: ProfileOwner;
  user: AuthUser | null;
  userInfo: Record<string, unknown> | null;
  at: number | null;
  source: ProfileSource | null;
  restrictions: SessionRestrictions;
  version: number;
}

/**
 * The datum of a profile flow snapshot, stamped with its owner. Pure.
 *
 * @example
 * const datum = profileOf(child.getSnapshot());
 * if (ownsDatum(held, datum.owner)) show(datum.restrictions);
 */
export function profileOf(snapshot: { context: ProfileFlowContext }): ProfileDatum {
  const c = snapshot.context;
  return {
    owner: c.owner,
    user: c.user,
    userInfo: c.userInfo,
    // Its order: when its request was sent (the other tabs compare by it, never by arrival).
    at: c.sentAt ?? c.readAt,
    source: c.source,
    restrictions: c.restrictions,
    version: c.version,
  };
}

/** One change in flight (./in-flight.ts): its id (unique to the tab that sent it), its kind, and when its bar ends. */
export interface InFlight {
  id: string;
  kind: InFlightKind;
  until: number;
}

/** The changes in flight at `now` (one whose end cannot be read: in flight, fail closed). */
export const inFlightAt = (pending: readonly InFlight[] | undefined, now: number): InFlight[] =>
  (pending ?? []).filter((p) => !(now >= p.until));
