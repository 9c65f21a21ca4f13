// The session's context, computed: the initial context and what each transition makes of it. Pure
// functions (the machine's `assign` actions call them), so they can be read and tested alone.

import { type AuthUser, restrictionsOf } from 'pam-client';
import { MAX_REJECTED_CODES } from '../loginMachine';
import type { SessionMeta } from './actors';
import type { SealedLogin } from './deps';
import {
  asPamErrorOrNull,
  DEFAULT_REFRESH_WAIT_MS,
  type LoginChildSnapshot,
  metaFields,
  sameJson,
  services,
} from './helpers';
import { isInternal, type Owner, type SessionInternalEvent } from './internal';
import { sessionMetaFromLogin } from './support';
import type { SessionContext, SessionInput } from './types';

type Internal<T extends SessionInternalEvent['type']> = Extract<SessionInternalEvent, { type: T }>;

const NO_PROGRESS = { retryAt: null, codeAttemptsLeft: null } as const;

export function initialContext(input: SessionInput): SessionContext {
  return {
    ...services(input),
    intervalMs: input.intervalMs,
    tickMs: input.tickMs,
    refreshWaitMs: input.refreshWaitMs ?? DEFAULT_REFRESH_WAIT_MS,
    user: null,
    userInfo: null,
    userInfoAt: null,
    restrictions: null,
    error: null,
    login: { ...NO_PROGRESS },
    savedAt: null,
    expiresAt: null,
    tokenType: null,
    userId: null,
    seq: null,
    sid: null,
    clock: 0,
    signedOut: null,
    signedOutReason: null,
    pending: null,
    playTime: null,
  };
}

/** A login or registration starts: no error, no progress yet. */
export const flowStarted = { error: null, signedOutReason: null, login: { ...NO_PROGRESS } } as const;

/** The login child moved: its error, its 429 wait and the codes left, copied for the view. */
export function loginProgress(s: LoginChildSnapshot | undefined): Partial<SessionContext> {
  if (!s) return {};
  const twoFactor = s.value === 'twoFactorRequired' || s.value === 'verifyingTwoFactor';
  return {
    error: asPamErrorOrNull(s.context.error),
    login: {
      retryAt: s.context.retryAt,
      codeAttemptsLeft: twoFactor ? Math.max(0, MAX_REJECTED_CODES - s.context.rejectedCodes) : null,
    },
  };
}

/** A string as a login id (FNV-1a, 32 bits): the same handle gives the same id in every run. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Signed in by a login (or registration) answer: a new session, one more on the tabs' clock. */
export function signedInFrom(context: SessionContext, output: SealedLogin): Partial<SessionContext> {
  const seq = context.clock + 1;
  // An answer not sealed by `vaultedAuth` (a provided login actor): the login id from its handle.
  const issued = output.issued ?? { at: context.deps.now(), sid: hashOf(output.access_token) };
  const meta = sessionMetaFromLogin(output, issued.at, seq, issued.sid);
  const userInfo = output.userInfo as unknown as Record<string, unknown> | undefined;
  return {
    ...metaFields(meta),
    clock: seq,
    user: (output.user as AuthUser | undefined) ?? null,
    userInfo: userInfo ?? null,
    userInfoAt: userInfo ? meta.savedAt : null,
    restrictions: userInfo ? restrictionsOf(userInfo, meta.savedAt) : null,
    error: null,
    login: { ...NO_PROGRESS },
  };
}

/** A refreshed token: saved now, the same life span the login announced (a refresh carries none). */
export function refreshed(context: SessionContext): Partial<SessionContext> {
  const now = context.deps.now();
  const seq = context.clock + 1;
  const life =
    context.expiresAt !== null && context.savedAt !== null ? context.expiresAt - context.savedAt : null;
  return { savedAt: now, expiresAt: life === null ? null : now + life, seq, clock: seq, error: null };
}

/** Another tab's session, taken. */
export function adopted(context: SessionContext, e: Internal<'REMOTE_SESSION'>): Partial<SessionContext> {
  const meta = metaFields(e.session);
  const sameLogin = meta.sid !== null && meta.sid === context.sid && meta.userId === context.userId;
  return {
    ...meta,
    clock: Math.max(context.clock, e.session.seq ?? 0),
    // Another login (maybe another player): nothing of the one before is kept.
    ...(sameLogin
      ? { user: e.user ?? context.user }
      : { user: e.user, userInfo: null, userInfoAt: null, restrictions: null, playTime: null }),
    error: null,
    signedOutReason: null,
  };
}

/** Whether a datum stamped with `owner` belongs to the session held now (player and login). */
export const ownedHere = (context: SessionContext, owner: Owner): boolean =>
  owner.sid === context.sid && owner.userId === context.userId;

/** The player and login the session holds now, to stamp on what is read or sent for it. */
export const ownerOf = (context: SessionContext): Owner => ({ userId: context.userId, sid: context.sid });

/** The session read back from the store at start. */
export const restored = (context: SessionContext, meta: SessionMeta): Partial<SessionContext> => ({
  ...metaFields(meta),
  clock: Math.max(context.clock, meta.seq ?? 0),
});

/** Signed out: everything of the session goes, but when (and which) it ended. */
export function forgotten(
  context: SessionContext,
  p: { reason: 'logout' | 'expired' | 'remote'; at?: number | null },
): Partial<SessionContext> {
  return {
    user: null,
    userInfo: null,
    userInfoAt: null,
    restrictions: null,
    savedAt: null,
    expiresAt: null,
    tokenType: null,
    userId: null,
    seq: null,
    sid: null,
    playTime: null,
    // When the sign-out happened, not when this tab heard of it (a frozen tab hears late).
    signedOut: { seq: context.seq, sid: context.sid, at: p.at ?? context.deps.now() },
    signedOutReason: p.reason,
  };
}

/** A profile read: its userInfo and the restrictions it supports at the time of reading. */
export function withProfile(context: SessionContext, e: Internal<'PROFILE_LOADED'>): Partial<SessionContext> {
  const restrictions = restrictionsOf(e.userInfo, e.at);
  return {
    userInfo: e.userInfo,
    userInfoAt: e.at,
    user: e.user ?? context.user,
    // The same restrictions keep their object, so the view (and a UI) changes only on a change.
    restrictions: sameJson(restrictions, context.restrictions) ? context.restrictions : restrictions,
  };
}

/** Any other tab's sign-out moves this tab's logical clock past it. */
export function heardOf(context: SessionContext, event: { type: string }): Partial<SessionContext> {
  const seq =
    isInternal(event) && event.type === 'REMOTE_SIGNED_OUT'
      ? (event as Internal<'REMOTE_SIGNED_OUT'>).seq
      : null;
  return seq === null ? {} : { clock: Math.max(context.clock, seq) };
}
