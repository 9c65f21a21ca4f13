// The server-session machine's context: its services (kept beside the actor, never in the
// context: `serverServicesOf`), and what its transitions make of the seed,
// a login answer and a sign-out. Pure functions (the machine's `assign` actions call them). The
// context carries the fields the session view reads (`selectSessionView`) and those the profile
// flow's session actions read (`userId`, `sid`, `userInfo`, `restrictions`), never a token.

import type { AuthModule, AuthUser, PamError, PamSessionSeed, PlayTime } from 'pam-client';
import type { PamEnvironment, TimersLike } from '../environment';
import { keptBeside } from '../session/context';
import type { ClockTrust } from '../session/profile';
import { type SessionRestrictions, sessionRestrictionsOf } from '../session/profile-rules';
import { idOf } from '../session/store';
import type { LoginProgress, PendingCommand } from '../session/types';
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
  signals: Pick<PamEnvironment, 'visibility' | 'focus' | 'online'>;
}

export interface ServerSessionInput {
  deps: ServerSessionDeps;
  /** The server's view, when the page was rendered with one (`getSession(request).initial`). */
  initial?: PamSessionSeed | null;
}

export interface ServerSessionContext {
  /** The key its services (`input.deps`) are kept under, beside the actor (a string: no service in the context). */
  servicesKey: string;
  /** The seed to decide from (`initial`, then each `GET <prefix>/session`); null once used by a login. */
  seed: PamSessionSeed | null;
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
}

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
    attempts: 0,
    user: null,
    userInfo: null,
    userInfoAt: null,
    restrictions: null,
    error: null,
    login: { ...NO_PROGRESS },
    expiresAt: null,
    signedOutReason: null,
    playTime: null,
    userId: null,
    sid: null,
    loginId: null,
    savedAt: null,
    pending: null,
  };
}

const ownerFields = (loginId: string, userId: number | undefined) => ({
  loginId,
  sid: idOf(loginId),
  userId: userId ?? null,
});

/** Signed in from a `signedIn` seed: the player and the restrictions of that read (current if read today). */
export function fromSeed(c: ServerSessionContext): Partial<ServerSessionContext> {
  const s = c.seed!;
  const user = s.user!;
  return {
    ...ownerFields(s.loginId!, user.id),
    user,
    userInfo: s.userInfo,
    userInfoAt: s.readAt,
    restrictions: sessionRestrictionsOf(s.userInfo, { readAt: s.readAt, failed: false, now: s.readAt ?? 0 }),
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
    restrictions: sessionRestrictionsOf(userInfo, { readAt: null, failed: false, now: at ?? 0 }),
    expiresAt: s.expires_at,
    savedAt: at,
    attempts: 0,
    error: null,
    signedOutReason: null,
    login: { ...NO_PROGRESS },
  };
}

/** Signed out (or another login to be read): nothing of the player is kept. */
export const forgotten = (
  reason: ServerSessionContext['signedOutReason'],
): Partial<ServerSessionContext> => ({
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

/** The profile flow's first read, answered by a `signedIn` seed for the login it was read for. */
export function seedOutcomeOf(c: ServerSessionContext) {
  const s = c.seed;
  if (s?.status !== 'signedIn' || s.readAt === null || s.loginId !== c.loginId || !s.userInfo) return null;
  // The seed's time is the server's own (the API's `Date` of that read): a trusted stamp.
  const stamp = { at: s.readAt, trusted: true };
  return { ok: true as const, user: s.user, userInfo: s.userInfo, ...stamp };
}
