// What the profile flow calls (its services) and the clock's trust it reads, a stamp of that
// clock and the flow's time after it, a read's outcome, and a restriction accepted by the server
// (where it outlives the login and the page, for how long, whether a read shows it, how it shows in
// the restrictions until one does). Pure; the
// rest of the flow's rules: ./profile-rules.ts (which re-exports these).

import type { AuthModule, AuthUser, PamError, RestrictionKind, Restrictions } from 'pam-client';
import { profileReadOf } from 'pam-client/internal';
import { nextBrazilMidnight, readingOf } from '../clock';
import type { AcceptedLimits, CrossTab } from '../cross-tab';
import { withoutTokens } from '../login/request';

export type { AcceptedLimits };

/** What the flow calls: never in a snapshot (JSON shows `"[service]"`). */
export interface ProfileServices {
  auth: Pick<AuthModule, 'getUserProfile'>;
  /** Server time: the local clock plus the offset learned from the answers' `Date` header. */
  serverNow: () => number;
  /** 0..1, for the retry jitter. */
  random: () => number;
  /**
   * The clock's trust (`PamEnvironment.clock`): while untrusted nothing is `current`; its bound
   * (`boundMs`) is how far ahead of `serverNow` another tab's stamp may be. Default: always trusted,
   * bound `DEFAULT_STAMP_BOUND_MS`.
   */
  clock?: ClockTrust | null;
  /** Where an accepted restriction outlives the login and the page (the session's); none: the flow's own only. */
  accepted?: AcceptedStore | null;
  /** The other tabs (the session's): limits accepted here are told to them. */
  crossTab?: Pick<CrossTab, 'publishLimits' | 'publishInFlight'> | null;
}

/** The part of `PamClock` the flow reads: whether it is trusted (and learned), its changes, and its precision. */
export interface ClockTrust {
  trusted(): boolean;
  /** Whether an answer's `Date` was ever read (`PamClock.learned`); none: learned. */
  learned?(): boolean;
  subscribe(listener: (trusted: boolean) => void): () => void;
  readonly boundMs: number;
}

/** How far ahead of this tab's server time another tab's read may be stamped, without a clock's bound. */
export const DEFAULT_STAMP_BOUND_MS = 2_000;

/**
 * One reading of the flow's clock: the server time (`serverNow`) and whether the clock was trusted
 * when it was read. A stamp taken while the clock is untrusted never becomes the flow's time.
 */
export interface Stamp {
  at: number;
  trusted: boolean;
  /** The clock gave no time (`readingOf`): its typed error; `at` is then NaN, no time. */
  error?: PamError;
}

/**
 * Reads the clock once, through the one reading check (`readingOf`): `serverNow()` first (it may
 * see a jump), then the trust that reading left. A clock that gives no time (it throws, NaN,
 * ±Infinity) stamps no time: `at` NaN, untrusted, with its typed error (`noTime` in the flow).
 */
export const stampOf = (s: ProfileServices): Stamp => {
  const at = readingOf(s.serverNow);
  return typeof at === 'number'
    ? { at, trusted: s.clock?.trusted() !== false }
    : { at: NaN, trusted: false, error: at };
};

/**
 * The flow's time after a stamp: the stamp itself when the clock was trusted, else the time it had.
 * Never a maximum (docs/time.md rule 3): a ratchet would keep a jumped or outlying time for good.
 */
export const timeAfter = (now: number, stamp: { at?: number; trusted?: boolean }): number =>
  stamp.trusted !== false && Number.isFinite(stamp.at) ? (stamp.at as number) : now;

/**
 * A read's outcome, stamped when its answer arrived. `trusted` is the clock's trust with that stamp
 * (`stampOf`); absent when the reader has none to tell (the server session's seeded read).
 */
export type ReadOutcome = (
  | {
      ok: true;
      user: AuthUser | null;
      userInfo: Record<string, unknown>;
      at: number;
      trusted?: boolean;
      /** When its request was sent (server ms): its order among readings; none: `at`. */
      sent?: number;
      /** The limits kept for the player when it arrived (`AcceptedStore.recallLimits`): a read does not lift them. */
      limits?: AcceptedLimits | null;
    }
  | { ok: false; error: PamError; at: number; trusted?: boolean; jitter: number }
) & {
  /** Which of the flow's reads this answers (its `reads` when the read started): a replayed old one is no answer. */
  read?: number;
};

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A profile's `user` as a session holds it (`withoutTokens`), null when it is no object. */
export const withoutToken = (user: unknown): AuthUser | null =>
  isRecord(user) ? withoutTokens(user as AuthUser) : null;

/** How far ahead another tab's stamp may be: the clock's stated bound. */
export const boundOf = (s: ProfileServices) => {
  const b = s.clock?.boundMs;
  // (Number.isFinite is false for anything but a finite number: no coercion.)
  return Number.isFinite(b) && (b as number) >= 0 ? (b as number) : DEFAULT_STAMP_BOUND_MS;
};

/**
 * When a reading taken counts as read (`readAt`): at `at`, unless it was sent (`sent`, this tab's or
 * another's server time; never after `at`: a stamp of an untrusted clock may be far ahead) less
 * than the clock's bound after the São Paulo midnight before `at`: the server may have made it on
 * the day before (REVIEW-Q Q-5), which it then counts for (its last instant: stale in the new day,
 * whose SPA re-check is still owed, REVIEW34). `own`: stamped on this tab's clock (the flow's own
 * read), within the bound of the server's; else (another tab's stamp, the server's seed) twice it.
 * The one rule for the profile flow and the server session's seed.
 */
export const readAtOf = (s: ProfileServices, at: number, sent: number, own?: boolean) => {
  const day = nextBrazilMidnight(Math.min(sent, at) - boundOf(s) * (own ? 1 : 2));
  return day <= at ? day - 1 : at;
};

/** A change that bars betting, accepted by the server: its kind and the server time it was sent at. */
export interface AcceptedRestriction {
  kind: 'pause' | 'selfExclusion';
  at: number;
  /**
   * Heard from another tab (its word has no time): `at` is when this tab heard it (what bounds how
   * long it is kept), and any of its kind in force shows it.
   */
  heard?: true;
  /**
   * When its day (`ACCEPTED_MS`) counts from, when not `at`: one heard, shown by an older restriction
   * of its kind (a pause about to end) and dated by that one's start, counts from when it was heard.
   */
  from?: number;
}

/** When `a`'s day (`ACCEPTED_MS`) counts from: `from`, else `at`. */
export const dayOf = (a: AcceptedRestriction) => a.from ?? a.at;

/**
 * What one slot keeps of two accepted restrictions of different kinds (`b` the later word; one of
 * the same kind: `b`): a pause within a day of a self-exclusion (of the exclusion's own time) is
 * kept as the self-exclusion, its day counted to the later of the two (review 85: a pause accepted
 * after an exclusion of unknown outcome replaced it, and a read showing the pause showed the
 * account open; a pause never shows a self-exclusion, `shows`). Further apart, the later by its day
 * (so a pause a day after the exclusion extends it no further). One undated (heard, not yet dated
 * by a reading) is of now.
 */
export const strongerOf = (
  a: AcceptedRestriction | null | undefined,
  b: AcceptedRestriction,
): AcceptedRestriction => {
  if (!a || a.kind === b.kind) return b;
  const [x, p] = a.kind === 'selfExclusion' ? [a, b] : [b, a];
  if (x.at && p.at && !(Math.abs(dayOf(p) - x.at) < ACCEPTED_MS)) return dayOf(p) > dayOf(x) ? p : x;
  return dayOf(p) > dayOf(x) ? { ...x, from: dayOf(p) } : x;
};

/**
 * Where a player's accepted restriction outlives the login and the page (`remember` on acceptance,
 * `recall` at each login's start: its profile flow is barred until a read of its own shows it), for
 * `ACCEPTED_MS` (a read that showed it once does not end it: a replica that lags later must not
 * free a new login): per token store in memory, and in `localStorage` (looked up at each use; the
 * tabs of an origin share it) when there is one.
 */
export interface AcceptedStore {
  /**
   * `peek`: the answer alone, nothing written (no record re-dated or removed): a way in to the
   * session (its actor: a login, a restore, another tab's session taken) carries it on its event,
   * so the first signed-in view shows it (AB-2), and the session's transitions read no store.
   */
  recall(userId: number | null | undefined, now: number, peek?: boolean): AcceptedRestriction | null;
  remember(userId: number | null, accepted: AcceptedRestriction): void;
  /**
   * The limit changes accepted for the player (here or in another tab) within their day at `now`,
   * merged (`mergeLimits`: kind by kind the stricter); null when none. Optional: a store without
   * it keeps none (the flow's own only).
   */
  recallLimits?(userId: number | null, now: number): AcceptedLimits | null;
  /** Keeps `limits` for the player beside those kept (`mergeLimits`); true when that changed what is kept. */
  rememberLimits?(userId: number | null, limits: AcceptedLimits, now: number): boolean;
}

/** How long an accepted restriction is kept (`ProfileServices.accepted`, `shown`): a day (the shortest pause). */
export const ACCEPTED_MS = 86_400_000;

/**
 * Whether `userInfo`, read at `now`, shows the restriction accepted IN FORCE: one of its kind in
 * force at `now` that started when it was sent or after (`at`, less the clock's bound and the
 * stamp's second): an earlier one (a lagging replica, before an extension) is not it; one heard
 * from another tab, by any of its kind in force (an old one about to end shows it too: when it
 * ends, the flow reads to confirm, `liftedByTime`, REVIEW37-2; once shown, it is dated by the start
 * of the one that showed it, its day from when it was heard, `datedBy`). A pause is shown too by a
 * self-exclusion that started since and is in force all its day (a pause shows no self-exclusion:
 * it leaves the account open, review 85). One that is only pending is not shown (review 7, H2): the
 * request starts it at once, so a
 * start ahead of the read's time is a clock or a zone misread (naive UTC read as São Paulo: 3 hours
 * ahead), and the player stays barred until a read shows it in force.
 */
export const shows = (
  userInfo: unknown,
  now: number,
  bound: number,
  accepted: AcceptedRestriction,
): boolean =>
  profileReadOf(userInfo, now)[0].inForce.some((x) => {
    // Started since it was sent; the other kind, in force all its day too (a pause may end within it).
    const recent = x.since !== null && x.since >= accepted.at - bound - 1000;
    return x.kind === accepted.kind
      ? x.since !== null && (!!accepted.heard || recent)
      : x.kind === 'selfExclusion' && recent && (x.until ?? 1 / 0) >= accepted.at + ACCEPTED_MS;
  });

/**
 * Whether `x`, in force, is of a kind that shows `a` (`datedBy`: the starts that date one heard):
 * its own, or a self-exclusion. A self-exclusion shows a pause awaited (`shows`), started since it
 * was sent and in force all the await's day (a pause of one day may end hours after it began: the
 * reader takes N - 1 days; REVIEW37-1); a pause shows no self-exclusion (review 85), nor dates one
 * (review 90: a heard exclusion dated by a later pause's start was not shown by the next read). Two
 * sends of one tab stamped within the clock's bound cannot be ordered (HRW36: an exclusion's answer
 * lost, then a pause accepted, or the other way round): every tab keeps the self-exclusion of the
 * two (`strongerOf`), whatever their stamps.
 */
const showsKind = (x: { kind: string }, a: AcceptedRestriction) =>
  x.kind === a.kind || x.kind === 'selfExclusion';

/**
 * A restriction as a read of the flow's own showed it: one heard from another tab (`heard`: dated
 * when heard, else by the first reading after it) is dated here by that read, at the latest start
 * of a restriction in force of a kind that shows it (`showsKind`: a pause's by a self-exclusion's
 * too, never 0, a25758bc's review; a later date would make the very restriction that showed it fail
 * to show it again), its day still from
 * when it was heard (`from`, when that start is earlier). So the tab that heard it keeps it as the
 * tab that had it accepted does (`shown`: a day): a replica that lags later does not free the player
 * there. One dated is kept as is.
 */
export const datedBy = (
  userInfo: unknown,
  now: number,
  accepted: AcceptedRestriction,
): AcceptedRestriction =>
  accepted.at && !accepted.heard
    ? accepted
    : withDay(
        accepted,
        Math.max(
          0,
          ...profileReadOf(userInfo, now)[0].inForce.map((x) => (showsKind(x, accepted) && x.since) || 0),
        ),
      );

// (Its day from when it was heard, when the one that showed it started before: REVIEW38.)
const withDay = (accepted: AcceptedRestriction, at: number): AcceptedRestriction =>
  dayOf(accepted) > at ? { kind: accepted.kind, at, from: dayOf(accepted) } : { kind: accepted.kind, at };

/**
 * `r` with a restriction accepted but not yet read (`kind`: the profile flow's `expect`) in force
 * where it is not (fail closed: one the client knows of is never absent). Unread: no start, no end,
 * no earliest lift known (`since`, `until`, `earliestLiftAt` null); strongest first; an exclusion
 * blocks the account. `r` is never `current` while one is awaited (`restrictionsAt`: no betting).
 */
export function withKept<R extends Restrictions>(r: R, kind?: RestrictionKind): R {
  if (!kind || r.inForce.some((x) => x.kind === kind)) return r;
  // A limit of 0 (a limit change in flight that sets one, ZERO30) bars betting only, the weakest.
  const zero = kind.endsWith('LimitZero');
  const blocksAccount = kind !== 'pause' && !zero;
  // (Strongest first: after those that close the account, before those that do not: a
  // self-exclusion before a pause, a pause before a limit of 0; a limit of 0 after all but a
  // weaker one: a bet limit's before a loss limit's.)
  const rest = r.inForce.filter((x) =>
    zero ? !x.kind.endsWith('LimitZero') || x.kind < kind : x.blocksAccount,
  );
  return {
    ...r,
    inForce: [
      ...rest,
      {
        kind,
        imposedBy: 'self',
        since: null,
        until: null,
        permanent: false,
        indefinite: false,
        note: null,
        blocksAccount,
        earliestLiftAt: null,
      },
      ...r.inForce.slice(rest.length),
    ],
    accountBlocked: r.accountBlocked || blocksAccount,
  };
}
