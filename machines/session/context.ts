// The session's context: its services resolved from input (once, the same way for every machine
// and flow), the initial context, and what the session-wide transitions make of it. Pure
// functions of the context and the event (the machine's `assign` actions call them); each flow's
// own arithmetic is in its file (login.ts, refresh.ts, tabs.ts, profile.ts, play-time.ts).

import { browserEnvironment } from '../environment';
import { asPamError } from '../shared';
import type { Owner } from './events';
import { timeBaseOf } from './expiry';
import { raiseClock } from './order';
import type { ClockTrust } from './profile-read';
import { guardStore } from './store';
import type { SessionContext, SessionInput, SessionMeta } from './types';
import { createVault, service } from './vault';

export const DEFAULT_REFRESH_WAIT_MS = 15_000;

export const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const asPamErrorOrNull = (error: unknown) => (error == null ? null : asPamError(error));

/** The session metadata fields of the context, from a stored or shared session. */
export const metaFields = (m: SessionMeta) => ({
  savedAt: m.savedAt,
  expiresAt: m.expiresAt,
  timeBase: timeBaseOf(m),
  tokenType: m.tokenType,
  userId: m.userId ?? null,
  seq: m.seq ?? null,
  sid: m.sid ?? m.seq ?? null,
});

/**
 * The session's services, from its input: never persisted, taken from the fresh input on
 * restore. The environment is resolved as `createPamClient` resolves it (`browserEnvironment`:
 * the steady clock, the page's signals in a browser, inert ones elsewhere), so a session started
 * directly runs on the same clock; the store is guarded once (a guarded store is kept as is).
 */
export function services(input: SessionInput): Pick<SessionContext, 'deps'> {
  const env = browserEnvironment({ channel: null, ...input.environment });
  return {
    deps: service({
      auth: input.auth,
      tokens: guardStore(input.tokens, env.timers),
      crossTab: input.crossTab ?? null,
      vault: createVault(env.random),
      now: env.now,
      serverNow: env.serverNow,
      // The environment's one clock (an app's own, or `createClock()` over its `now`).
      clock: clockTrustOf(env.clock),
      random: env.random,
      timers: env.timers,
      playClock: input.playClock ?? null,
      signals: { visibility: env.visibility, focus: env.focus, online: env.online },
    }),
  };
}

/** The clock's trust as the session reads it: a clock without `trusted`/`subscribe` is always trusted. */
function clockTrustOf(clock: unknown): SessionContext['deps']['clock'] {
  const c = clock as Partial<ClockTrust> | null | undefined;
  return c && typeof c.trusted === 'function' && typeof c.subscribe === 'function' ? (c as ClockTrust) : null;
}

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
    login: { retryAt: null, codeAttemptsLeft: null },
    savedAt: null,
    expiresAt: null,
    timeBase: 'server',
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

/** The session read back from the store at start. */
export const restored = (context: SessionContext, meta: SessionMeta): Partial<SessionContext> => ({
  ...metaFields(meta),
  clock: raiseClock(context.clock, meta.seq),
});

/** Whether a datum stamped with `owner` belongs to the session held now (player and login). */
export const ownedHere = (context: SessionContext, owner: Owner): boolean =>
  owner.sid === context.sid && owner.userId === context.userId;

/** The player and login the session holds now, to stamp on what is read or sent for it. */
export const ownerOf = (context: SessionContext): Owner => ({ userId: context.userId, sid: context.sid });

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
