// The order of sessions, the same in every tab: the counters (their bound, a new login id), which
// of two sessions is newer, which session or sign-out of another tab this tab takes, and its
// logical clock (the counter the next session takes, how far a heard counter may raise it). Pure
// functions of the session held and what was heard; the tabs flow that acts on these verdicts is
// ./tabs.ts. The counters' bound is the store's (`MAX_SESSION_COUNTER`), the same constant the
// channel's schema accepts (../cross-tab.ts), so no message a tab accepts can make the next one it
// (or any tab) sends invalid. Tests draw their counters from the same constant (`COUNTER_MAX`).

import type { StoredSession } from 'pam-client';
import { MAX_SESSION_COUNTER, type SessionReason } from '../cross-tab';
import type { RemoteSession } from './events';
import type { ClockReading, SessionContext, SessionMeta } from './types';

/**
 * The highest session counter (`StoredSession.seq`) and login id (`sid`) a tab draws, counts to,
 * stores, sends or accepts: the store's own bound (`MAX_SESSION_COUNTER`, 2^48).
 *
 * @example
 * fc.integer({ min: 0, max: COUNTER_MAX }); // a counter any tab may send
 */
export const COUNTER_MAX = MAX_SESSION_COUNTER;

/**
 * A new login id, uniform over 0..COUNTER_MAX, from a draw in [0, 1), moved on by `after` (the
 * session's counter when the login started; REVIEW-AC AC-2): a login started once another was held
 * (the counter past the one it started at) never takes that login's id, even from a random source
 * that repeats (a seeded one, a test's constant), so nothing of the ended login is ever its own.
 */
export const drawLoginId = (random: () => number, after = 0): number => {
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0;
  // (A draw of 1 comes round to `after`.)
  return (Math.floor(unit * (COUNTER_MAX + 1)) + after) % (COUNTER_MAX + 1);
};

/**
 * The counter of the next session after this tab's clock: one more, never past `COUNTER_MAX`
 * (reachable only by a forged message; at the top, sessions are ordered by their login id and
 * player, so tabs still converge).
 */
export const nextCounter = (clock: number): number =>
  Math.min(Math.max(0, Number.isSafeInteger(clock) ? clock : 0) + 1, COUNTER_MAX);

/**
 * How far ahead of this tab's clock a heard counter may be. Honest tabs of an origin are never more
 * than a few logins and refreshes apart (and a new tab reads the shared store's counter), while a
 * single forged message at the top of the range would otherwise leave no room above it (the next
 * login tied at `COUNTER_MAX`, never newer). A counter further ahead is foreign: it neither raises
 * the clock nor ends, replaces or becomes this tab's session. A forger needs 2^28 messages, each
 * heard, to climb the whole range.
 */
export const COUNTER_WINDOW = 1_048_576; // 2 ** 20 (a literal: CONTRIBUTING.md)

/** Whether a heard counter is within `COUNTER_WINDOW` of this tab's clock (null: none, accepted). */
export const isPlausible = (clock: number, heard: number | null | undefined): boolean =>
  heard === null || heard === undefined || heard <= clock + COUNTER_WINDOW;

/** A heard counter raises this tab's clock, within the bound. */
export const raiseClock = (clock: number, heard: number | null | undefined): number =>
  Math.min(COUNTER_MAX, Math.max(clock, typeof heard === 'number' && Number.isFinite(heard) ? heard : 0));

/**
 * The total order of sessions, the same in every tab: by `seq` (a logical clock), then by `sid`
 * (two logins of one instant: the higher login id wins), then by the player id (the same counter
 * and login id drawn in two tabs, as with one seeded random source: the higher player id wins, so
 * two players are never left signed in), and only for sessions stored before these existed, by
 * `savedAt`. Deterministic: every tab orders the same two sessions the same way.
 *
 * @example
 * isNewerSession({ seq: 3, sid: 9, userId: 2, savedAt: 1 }, { seq: 3, sid: 9, userId: 1, savedAt: 1 }); // true
 */
export function isNewerSession(
  a: Pick<StoredSession, 'seq' | 'sid' | 'savedAt'> & { userId?: number | null },
  b: (Pick<StoredSession, 'seq' | 'sid' | 'savedAt'> & { userId?: number | null }) | null,
): boolean {
  if (!b) return true;
  if (a.seq !== undefined && b.seq !== undefined && a.seq !== b.seq) return a.seq > b.seq;
  if (a.sid !== undefined && b.sid !== undefined && a.sid !== b.sid) return a.sid > b.sid;
  if (typeof a.userId === 'number' && typeof b.userId === 'number' && a.userId !== b.userId)
    return a.userId > b.userId;
  return a.savedAt > b.savedAt;
}

/** The longest token life the session believes (`expires_in: 1e308` must not make it eternal). */
export const MAX_TOKEN_LIFE_MS: number = 31_622_400_000; // 366 days

/**
 * A reading that gave time, else none (`readClock`'s `error`: the clock gave no time, read at 0):
 * nothing is judged at a non-reading, so what reads a carried reading reads it through this.
 */
export const timed = (r: ClockReading | undefined): ClockReading | undefined => (r?.error ? undefined : r);

/**
 * A session's times from outside (another tab's, the store's), judged at this tab's own reading
 * `r` (none: as given): a save time ahead of it is pulled back to it, and a life past
 * `MAX_TOKEN_LIFE_MS` is cut, so a time from outside never extends the session beyond what an
 * answer to this client could. Pure.
 */
export function pulledBack<M extends SessionMeta>(m: M, r: ClockReading | undefined): M {
  const t = timed(r);
  const now = t && (m.timeBase === 'server' ? t.serverAt : t.at);
  const savedAt = now === undefined ? m.savedAt : Math.min(m.savedAt, now);
  const expiresAt =
    m.expiresAt === null ? null : savedAt + Math.min(m.expiresAt - m.savedAt, MAX_TOKEN_LIFE_MS);
  return { ...m, savedAt, expiresAt };
}

/** Another tab's session, as the tabs flow heard it (its token is in the vault). */
export interface HeardSession {
  session: RemoteSession;
  reason: SessionReason;
}

/** Another tab's sign-out, as the tabs flow heard it. */
export interface HeardSignOut {
  seq: number | null;
  sid: number | null;
  at: number | null;
  /** Why it ended there (a heard message's): an expiry of an older token of ours ends nothing here. */
  reason?: string;
}

/** The session held: what the order compares against. */
type Held = Pick<
  SessionContext,
  'clock' | 'seq' | 'sid' | 'userId' | 'savedAt' | 'signedOut' | 'signedOutReason' | 'ended'
>;

/**
 * The held login, added to the logins that ended here (the last 16) as it ends (any reason): a
 * login that ended is over in every tab (its token revoked, or its end told to the others). Pure.
 * Only the tabs flow reads them (`isEnded`), so its `forget` records them (./flows.ts).
 */
export const endedOf = (
  c: Pick<SessionContext, 'ended' | 'userId' | 'sid' | 'seq'>,
  reason?: string,
): Partial<SessionContext> =>
  c.sid === null
    ? {}
    : {
        ended: [
          ...(c.ended ?? []).slice(-15),
          {
            userId: c.userId,
            sid: c.sid,
            seq: c.seq,
            ...(reason === 'expired' && { expired: true as const }),
          },
        ],
      };

/**
 * Whether `s` is a newer token of login `l` that expired here: a refresh another tab won while this
 * one's lost the race (its 401) and could not hear the winner (a lagging channel). The login is
 * alive there, so this tab takes it when it hears it, but only while that expiry is the last thing
 * that happened here: signed out, with no login or logout since (REVIEW-M MED-1: a late word of
 * the expired login undid a later logout).
 */
const revives = (c: Held, l: NonNullable<Held['ended']>[number], s: HeardSession['session']): boolean =>
  l.expired === true && c.sid === null && c.signedOut?.sid === l.sid && (s.seq ?? 0) > (l.seq ?? COUNTER_MAX);

/** Another tab's newer token of the login that expired here last (`revives`). */
const outlives = (c: Held, s: HeardSession['session']): boolean =>
  !!c.ended?.some(
    (l) => l.sid === (s.sid ?? s.seq) && (s.userId ?? l.userId) === l.userId && revives(c, l, s),
  );

/**
 * Whether a word is of a login that ended here (a word naming no player matches on its login id):
 * never taken again, whatever its counter (another tab's refresh of it, its sync answer, a replay).
 * Only a login word counted past the end is a new login (a login id drawn again: a seeded random),
 * and a newer token of the login that expired here last is that login still alive (`revives`).
 */
const isEnded = (c: Held, { session: s, reason }: HeardSession): boolean =>
  !!c.ended?.some(
    (l) =>
      l.sid === (s.sid ?? s.seq) &&
      (s.userId ?? l.userId) === l.userId &&
      !(reason === 'login' && (s.seq ?? 0) > (l.seq ?? COUNTER_MAX)) &&
      !revives(c, l, s),
  );

/** A login's counters (none: absent), player (if any) and save, as `isNewerSession` compares them. */
const savedAs = (l: { seq: number | null; sid: number | null; userId?: number | null }, savedAt: number) => ({
  seq: l.seq ?? undefined,
  sid: l.sid ?? undefined,
  userId: l.userId,
  savedAt,
});

/** Another login (maybe another player) than the one held: the signed-in flows start over. */
export function isOtherLogin(c: Held, { session }: HeardSession): boolean {
  return (session.sid ?? null) !== c.sid || (session.userId ?? null) !== c.userId;
}

/** Signed out here: take another tab's login, or its answer to our sync, if newer than our sign-out. */
export function canAdopt(c: Held, e: HeardSession): boolean {
  // Another tab's session is live by that tab's word (it holds it signed in), not by this tab's
  // device clock: a clock stepped forward makes every stored expiry look past while the token is
  // valid (docs/time.md). An expiry that did pass ends it in every tab (the refresh answers 401).
  const o = c.signedOut;
  // A refresh is taken of the login that expired here last (`outlives`), or of another login than
  // the one signed out here (counted above the floor, below): a login made at once in another tab
  // and refreshed there before it heard this tab's logout stays there, so it is taken here too.
  const other = o?.sid != null && e.session.sid != null && e.session.sid !== o.sid;
  if ((e.reason === 'refresh' && !other && !outlives(c, e.session)) || isEnded(c, e)) return false;
  if (!isPlausible(c.clock, e.session.seq)) return false;
  // After a logout (here or heard, `heardOf`; a login begun since too), only a session counted above
  // it: one that logout did not end (`endsOurs`), whatever its login id. After an expiry here (and
  // no logout heard since), another login whatever its counter: an expiry ends only the login it
  // names, and a tab opened since counts its login from a cleared store (REVIEW-AK AK-1).
  return (
    !o ||
    // (Nor at or below a logout's counter kept, `logout`: `undefined <=` is false either side.)
    (c.signedOutReason === 'expired' && other && o.logout !== o.seq && !(e.session.seq! <= o.logout!)) ||
    // (A session of no counter, as a tab of an older version sent it: by the order of sessions.
    // After a logout, heard after an expiry too, by the counter alone: it ended every login counted
    // at or below it, whatever its login id.)
    ((c.signedOutReason !== 'expired' || o.logout === o.seq) && o.seq !== null && e.session.seq !== undefined
      ? e.session.seq > o.seq
      : isNewerSession(e.session, savedAs(o, o.at)))
  );
}

/** Signed in here: take only a newer session (a sync answer with our own token changes nothing). */
export function isNewer(c: Held, e: HeardSession): boolean {
  if (!isPlausible(c.clock, e.session.seq) || isEnded(c, e)) return false;
  return isNewerSession(e.session, c.savedAt === null ? null : savedAs(c, c.savedAt));
}

/**
 * Another tab's sign-out ends this tab's session only if it ended this login, or (a logout) a newer
 * one. A logout ends every session counted at or below its counter (the `seq` of the session logged
 * out), whatever its login: a login made at once in another tab, which the logging-out tab had not
 * heard of, ends with it (the player logged out); one counted above it (a later login) stays. An
 * expiry ends only the login it names (one naming none, a tab of an older version: by its counter).
 */
export function endsOurs(c: Held, e: HeardSignOut): boolean {
  // The same login ended, whatever its refreshes (but an expiry of an older token of it: that tab
  // lost a refresh race ours won); else only a login as new as ours or newer.
  if (e.sid !== null && e.sid === c.sid)
    return !(e.reason === 'expired' && e.seq !== null && c.seq !== null && e.seq < c.seq);
  // An expiry ends only the login it names, whatever its counter (REVIEW-AK AK-1: a tab opened
  // since, its counter from a cleared store, logs in below the expired login's counter).
  if (!isPlausible(c.clock, e.seq) || (e.reason === 'expired' && e.sid !== null)) return false;
  if (e.seq !== null && c.seq !== null && e.seq !== c.seq) return e.seq > c.seq;
  if (e.seq !== null && c.seq !== null)
    return e.reason === 'logout' || (e.sid !== null && c.sid !== null && e.sid > c.sid);
  return e.at === null || c.savedAt === null || e.at >= c.savedAt;
}

/**
 * Any other tab's sign-out (its counter `seq`) moves this tab's logical clock past it, and a logout
 * (`reason`) is this tab's floor from then on, whatever it holds or does (signed in above it, signed
 * out by it, signing in): a logout ends every session counted at or below it, in every tab, so none
 * such is taken here (`canAdopt`). Not a logout counted below the sign-out kept here (an expiry's,
 * say): a tab counting from a cleared store logs in below that expiry's counter (REVIEW-AK AK-1),
 * and such a floor would refuse its login here for good (test/session/expiry-names-login.property).
 */
export function heardOf(
  c: Pick<SessionContext, 'clock'> & Partial<Pick<SessionContext, 'signedOut'>>,
  seq: number | null,
  reason?: string,
): Partial<SessionContext> {
  const o = c.signedOut;
  return seq === null || !isPlausible(c.clock, seq)
    ? {}
    : {
        clock: raiseClock(c.clock, seq),
        // (A floor is never lowered: a logout counted below the one kept ended nothing more.)
        ...(reason === 'logout' &&
          (o?.seq ?? -1) <= seq &&
          !(seq < (o?.logout as number)) && { signedOut: { at: 0, sid: null, ...o, seq, logout: seq } }),
      };
}
