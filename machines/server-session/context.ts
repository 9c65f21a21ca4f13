// The server-session machine's context: its services (kept beside the actor, never in the
// context: `serverServicesOf`), and what its transitions make of the seed,
// a login answer and a sign-out. Pure functions (the machine's `assign` actions call them). The
// context carries the fields the session view reads (`selectSessionView`) and those the profile
// flow's session actions read (`userId`, `sid`, `userInfo`, `restrictions`), never a token.

import {
  type AuthModule,
  type AuthUser,
  HttpError,
  type InFlightKind,
  type PamError,
  type PamSessionSeed,
  type PlayTime,
} from 'pam-client';
import type { PamEnvironment, TimersLike } from '../environment';
import type { PlayTimeInput } from '../playTimeMachine';
import { keptBeside } from '../session/context';
import type { ClockTrust } from '../session/profile';
import {
  type AcceptedRestriction,
  type AcceptedStore,
  boundOf,
  readAtOf,
  type SessionRestrictions,
  sessionRestrictionsOf,
} from '../session/profile-rules';
import { idOf } from '../session/store';
import type { ClockReading, LoginProgress, PendingCommand } from '../session/types';
import type { ServerLoginSuccess } from './auth';
import type { ServerTabs } from './tabs';

/** The services of the server-session machine: never in a snapshot (JSON shows `"[service]"`). */
export interface ServerSessionDeps {
  auth: AuthModule;
  /** `GET <prefix>/session`: the seed, checked. */
  readSeed(signal: AbortSignal): Promise<PamSessionSeed>;
  tabs: ServerTabs | null;
  /** Never a channel of tokens: the profile flow's actions look here and find none. */
  crossTab: null;
  now: () => number;
  serverNow: () => number;
  random: () => number;
  timers: TimersLike;
  clock: ClockTrust | null;
  /** Where a restriction accepted here outlives the login and the page (`localStorage`); none: this login only. */
  accepted?: AcceptedStore | null;
  signals: Pick<PamEnvironment, 'visibility' | 'focus' | 'online'>;
  /** One request's timeout (`refreshWaitOf(options.timeout)`): a change in flight bars that and 30 s at most. */
  waitMs?: number;
  /** The play-time child's input for the login held (the `playTime()` flow's; none without it). */
  playTime?: ((c: ServerSessionContext) => PlayTimeInput) | null;
}

export interface ServerSessionInput {
  deps: ServerSessionDeps;
  /** The server's view, when the page was rendered with one (`getSession(request).initial`). */
  initial?: PamSessionSeed | null;
  /** The one clock as read when the client started: `initial` is judged at it (none: never current). */
  reading?: ServerReading;
  /** A change that bars betting kept for `initial`'s player (`AcceptedStore.recall` at `reading`). */
  barred?: ServerSessionContext['barred'];
}

export interface ServerSessionContext {
  /** The key its services (`input.deps`) are kept under, beside the actor (a string: no service in the context). */
  servicesKey: string;
  /**
   * The seed to decide from (`initial`, then each `GET <prefix>/session`); null once used by a login,
   * or once the profile flow took its first datum.
   */
  seed: PamSessionSeed | null;
  /** The clock as read when the seed was taken (the client's start, the seed route's answer). */
  seedReading: ServerReading | null;
  /** Seed reads that did not settle where the session stands (failed, or `unavailable`), in a row. */
  attempts: number;
  user: AuthUser | null;
  userInfo: Record<string, unknown> | null;
  userInfoAt: number | null;
  restrictions: SessionRestrictions | null;
  error: PamError | null;
  login: LoginProgress;
  /** When the server session ends at the latest (`server_session.expires_at`). */
  expiresAt: number | null;
  signedOutReason: 'logout' | 'expired' | 'remote' | null;
  playTime: PlayTime | null;
  userId: number | null;
  /** The login id as a number (the profile flow's `sid`), from `loginId`. */
  sid: number | null;
  /** `server_session.login_id`: what the tabs tell each other. */
  loginId: string | null;
  /** When the login was taken here (the profile flow's fallback read time; never a token's). */
  savedAt: number | null;
  pending: PendingCommand | null;
  /**
   * A change that bars betting known for login `loginId` before this tab held it (another tab's
   * word, or one accepted for the seed's player: `AcceptedStore`): that login starts barred here
   * until a read of its own shows it.
   */
  barred: (AcceptedRestriction & { loginId: string }) | null;
  /**
   * The cookie may hold a login this tab has not read: another tab's word (or the app's own login,
   * or a login asked while a read was on its way: `CUT_SHORT`) heard while a call is on its way.
   * While a read is on its way (`restoring.reading`, `confirming`, `rereading`, `doubting`): one
   * more read after it (REVIEW-AK AK-3). While this tab's login or logout is on its way
   * (`signingIn`, `signingOut`): the session is read once that call has failed or been cancelled (a
   * logout asked meanwhile names no login), or once the logout is done. Each read state clears it on
   * entry, and so do `signingOut`'s entry and `signedOut`'s LOGIN/REGISTER (nothing unread is left
   * behind them), so the two uses never meet.
   */
  queued: boolean;
  /**
   * A login asked while shown signed out after a read that could not tell (`restoring.waiting`,
   * `again`): the cookie may hold a login no read showed. Unlike `queued`, a failure of that login
   * stays shown (nothing read at once); a logout or a cancel of it reads or revokes as for
   * `queued` (review 48 D4). Cleared where `queued` is (`unqueue`).
   */
  unread: boolean;
  /**
   * The login a proxy's 401 ended that the server's read then found live (`confirming`, taken
   * again): a 401 for it once more is believed (signed out, no read: a proxy that answers its calls
   * 401 while its seed says live would have the tab read in a loop, review 50).
   */
  confirmed: string | null;
  /**
   * Changes in flight heard (or told to this tab as it started: AJ-2) for a login not held here
   * (yet), each with its end (server time) and the tab that told it: the profile flow's once that
   * login is held here (the latest 8 of each login, 64 in all: R26-9; those dropped folded into
   * one entry of no login, `loginId` '' and no kind, that bars any login held before its end: B-1;
   * one heard while the clock gave no time, +Infinity, until the bar's length after it gives one: R28).
   */
  inFlightHeard: Array<{
    loginId: string;
    kind?: InFlightKind;
    id: string;
    until: number;
    from?: string;
    /** This tab's own, kept while no profile flow held its login (R25-3). */
    own?: true;
  }>;
  /**
   * While this tab's `ask` has not had its turn (R25-7): no end of its own (Infinity: the wait is
   * about real time, which server time is not: a clock step would end it, REVIEW-26 R26-1), only
   * `ASKED` (the tabs actor's timer, `ASK_MS`) lifts it; null: over, or no channel. No login held
   * here is free to bet before the others' answers are heard.
   */
  askUntil: number | null;
  /** The seed's restrictions current but for that wait: its datum answers the profile flow's first read. */
  seedCurrent?: boolean;
}

/** The changes a player makes that bar betting at once (told to the other tabs). */
export type BarringKind = AcceptedRestriction['kind'];

/**
 * The one clock read at one instant, as this mode judges the session's end at it: with whether the
 * clock had learned the server's time (`PamClock.learned`; absent: it had), and `final` for a
 * server render's reading (nothing can be asked there: its reading decides, trusted or not).
 */
export type ServerReading = ClockReading & { learned?: boolean; final?: boolean };

/**
 * Whether a reading may end the session here: the clock trusted and taught the server's time (a
 * device clock nothing checked may be hours off: the server is asked instead), or `final`.
 */
export const judges = (r: ServerReading | null | undefined): r is ServerReading =>
  !!r && (!!r.final || (r.trusted && r.learned !== false));

const NO_PROGRESS = { retryAt: null, codeAttemptsLeft: null } as const;

const SERVER_SERVICES = /* @__PURE__ */ keptBeside<ServerSessionDeps>('serverSession');

/** The services of the server session whose context this is (fails closed when they are gone). */
export const serverServicesOf = (c: Pick<ServerSessionContext, 'servicesKey'>): ServerSessionDeps =>
  SERVER_SERVICES.of(c.servicesKey);

/** The first context; `owners`: the actor it is for and its input (its services live as long as one of them). */
export function initialContext(
  input: ServerSessionInput,
  ...owners: (object | null | undefined)[]
): ServerSessionContext {
  return {
    servicesKey: SERVER_SERVICES.keep(input.deps, ...owners),
    seed: input.initial ?? null,
    seedReading: input.reading ?? null,
    attempts: 0,
    ...forgotten(null),
    error: null,
    login: { ...NO_PROGRESS },
    pending: null,
    barred: input.barred ?? null,
    queued: false,
    unread: false,
    confirmed: null,
    inFlightHeard: [],
    askUntil: input.deps.tabs ? Infinity : null,
  };
}

const ownerFields = (loginId: string, userId: number | undefined) => ({
  loginId,
  sid: idOf(loginId),
  userId: userId ?? null,
});

/**
 * Signed in from a `signedIn` seed: the player and the restrictions of that read, judged at the
 * clock's reading when the seed was taken, never at the read's own time (docs/time.md): current
 * only when read on that reading's São Paulo day, no later than it by more than the clock's bound,
 * and the reading trusted, and, for a read with dates, on a clock that learned the server's time
 * (else stale, and the profile flow reads at once: `seedOutcomeOf`).
 */
export function fromSeed(c: ServerSessionContext): Partial<ServerSessionContext> {
  const s = c.seed!;
  const user = s.user!;
  const r = c.seedReading;
  const readAt = s.readAt;
  const restrictions = sessionRestrictionsOf(s.userInfo, {
    // The profile flow's rule (a read within twice the bound after its São Paulo midnight counts for
    // the day before, REVIEW35): the seed's view and the flow never disagree on its day.
    readAt: readAt === null ? null : readAtOf(serverServicesOf(c), readAt, readAt),
    failed: false,
    now: r?.serverAt ?? readAt ?? 0,
    // Barred for this login (heard, or kept for the player; or a change in flight heard for it):
    // never current until a read shows it.
    untrusted:
      !r?.trusted ||
      readAt === null ||
      readAt > r.serverAt + boundOf(serverServicesOf(c)) ||
      c.barred?.loginId === s.loginId ||
      c.inFlightHeard.some((e) => e.loginId === s.loginId || (!e.loginId && !(r.serverAt >= e.until))),
    unlearned: r?.learned === false,
    user,
  });
  const seedCurrent = restrictions.status === 'current';
  return {
    ...ownerFields(s.loginId!, user.id),
    user,
    userInfo: s.userInfo,
    userInfoAt: readAt,
    // While this tab's ask waits for the others' answers: shown, never free to bet (`stale`, R25-7).
    restrictions:
      seedCurrent && c.askUntil !== null ? { ...restrictions, status: 'stale', canBet: false } : restrictions,
    seedCurrent,
    expiresAt: s.expiresAt,
    savedAt: s.readAt,
    attempts: 0,
    error: null,
    signedOutReason: null,
    login: { ...NO_PROGRESS },
  };
}

/**
 * Signed in by a login or registration answer (no token in it): restrictions unknown until read.
 * `at`: when it arrived (the clock's base, stamped by the login call: no clock is read here).
 */
export function fromLogin(
  _c: ServerSessionContext,
  a: ServerLoginSuccess & { at?: number },
): Partial<ServerSessionContext> {
  const s = a.server_session;
  const userInfo = a.userInfo as unknown as Record<string, unknown>;
  const at = a.at ?? null;
  return {
    ...ownerFields(s.login_id, a.user.id),
    seed: null,
    user: a.user,
    userInfo,
    userInfoAt: null,
    restrictions: sessionRestrictionsOf(userInfo, {
      readAt: null,
      failed: false,
      now: at ?? 0,
      user: a.user,
    }),
    expiresAt: s.expires_at,
    savedAt: at,
    attempts: 0,
    error: null,
    signedOutReason: null,
    login: { ...NO_PROGRESS },
  };
}

/** Signed out (or another login to be read): nothing of the player is kept. */
export const forgotten = (reason: ServerSessionContext['signedOutReason']) => ({
  user: null,
  userInfo: null,
  userInfoAt: null,
  restrictions: null,
  expiresAt: null,
  userId: null,
  sid: null,
  loginId: null,
  savedAt: null,
  playTime: null,
  signedOutReason: reason,
});

/**
 * Why the view is signed out while the seed route answers `unavailable` (a session whose player
 * the server could not read): the service's 503, as the read's own error would say it.
 */
export const unavailable = (): PamError =>
  new HttpError({
    status: 503,
    method: 'GET',
    path: '/session',
    body: { message: 'The player could not be read.' },
  });

/**
 * The seed's restrictions once the profile flow's first re-read failed (it has no datum of its
 * own yet): the seed was read for this login, so they are `stale` (API.md: the last re-check
 * failed), kept as the last known value with the read's error, `canBet` false; `unknown` when the
 * seed's fields could not be read. Never `unknown` for a read this login had.
 */
export const seedRecheckFailed = (had: SessionRestrictions, error: PamError): SessionRestrictions => ({
  ...had,
  status: had.status === 'unknown' ? 'unknown' : 'stale',
  canBet: false,
  error,
});

/**
 * The profile flow's first read, answered by a `signedIn` seed for the login it was read for, when
 * its restrictions are current (`fromSeed`); null otherwise, so the flow reads at once.
 */
export function seedOutcomeOf(c: ServerSessionContext) {
  const s = c.seed;
  if (s?.status !== 'signedIn' || s.readAt === null || s.loginId !== c.loginId || !s.userInfo) return null;
  if (!c.seedCurrent) return null;
  // The seed's time is the server's own (the API's `Date` of that read): a trusted stamp.
  const stamp = { at: s.readAt, trusted: true };
  return { ok: true as const, user: s.user, userInfo: s.userInfo, ...stamp };
}

/**
 * The seed's login, when a change that bars betting is kept for its player (`accepted`, read at
 * `reading`): it starts barred (an effect: the store is read; the actors and the client call it).
 */
export function barredFor(
  seed: PamSessionSeed | null,
  reading: ServerReading,
  accepted: AcceptedStore | null | undefined,
): ServerSessionContext['barred'] {
  const kept = seed?.user && seed.loginId ? accepted?.recall(seed.user.id ?? null, reading.serverAt) : null;
  return kept ? { loginId: seed!.loginId!, ...kept } : null;
}
