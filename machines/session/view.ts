// The one object an app renders from: a pure selector over the session snapshot. No child actor,
// no token, no secret.

import type { AuthUser, PamError, PlayTime, UserProfileInfo } from 'pam-client';
import type { SessionRestrictions } from './profile-rules';
import type { SessionContext } from './types';

/**
 * Where the session is, in words an app branches on (each is also a tag of `sessionMachine`):
 * - `restoring`: reading the stored session at start;
 * - `signedOut`: no session (`signedOutReason` says why, when one ended);
 * - `signingIn` / `registering`: the login or registration request is in flight;
 * - `twoFactorRequired`: the server asked for a code (`codeAttemptsLeft`; `error` after a rejected one);
 * - `verifyingCode`: the code is being checked;
 * - `signedIn`: a session is live (`user`, `userInfo`, `expiresAt`);
 * - `signingOut`: the logout request is running (the store is already empty);
 * - `cancelledAccount`: the login answered that the account is cancelled;
 * - `failed`: the login or registration failed (`error`; `retryAt` after a 429).
 */
export const SESSION_STATUSES = [
  'restoring',
  'signedOut',
  'signingIn',
  'registering',
  'twoFactorRequired',
  'verifyingCode',
  'signedIn',
  'signingOut',
  'cancelledAccount',
  'failed',
] as const;

/**
 * One of the session's statuses (`view.status`); each is also a tag of `sessionMachine`.
 *
 * @example
 * if (client.view.status === ('twoFactorRequired' satisfies SessionStatus)) showCodeForm();
 */
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** The view of the session an app renders: plain, frozen data, never a secret or a token. */
export interface SessionView {
  readonly status: SessionStatus;
  /** The signed-in player (without the answer's `token`). */
  readonly user: AuthUser | null;
  /** The latest `userInfo`: the login answer's, then the profile's (with the limits and exclusions). */
  readonly userInfo: Readonly<Partial<UserProfileInfo> & Record<string, unknown>> | null;
  /** The last error of the flow in progress or of the failed state (see `describeError`). */
  readonly error: PamError | null;
  /** Epoch ms when a 429 lockout of the login ends. */
  readonly retryAt: number | null;
  /** While a code is asked for: how many more codes may be tried. */
  readonly codeAttemptsLeft: number | null;
  /** Epoch ms when the access token expires, when the server said. */
  readonly expiresAt: number | null;
  /** Why the last session ended: a logout here, an expiry, or a logout in another tab. */
  readonly signedOutReason: 'logout' | 'expired' | 'remote' | null;
  /**
   * The responsible-gaming restrictions in force and pending, and the four limits with any
   * pending change (`restrictionsOf(userInfo)`), with their `status` (`unknown` until this login's
   * first successful read, `stale` after a failed re-check or on an untrusted clock; `canBet` false
   * in both) and the failed read's `error`; null without the profile flow, or when signed out.
   */
  readonly restrictions: SessionRestrictions | null;
  /** Signed-in time in the time limit's period (used, left, warning, reached), when a time limit is set. */
  readonly playTime: PlayTime | null;
}

interface SnapshotLike {
  context: SessionContext;
  hasTag(tag: string): boolean;
}

/**
 * The session view of a snapshot. Pure: the same snapshot gives an equal view.
 *
 * @example
 * const view = selectSessionView(client.session.getSnapshot());
 * if (view.status === 'twoFactorRequired') showCodeForm(view.codeAttemptsLeft);
 */
export function selectSessionView(snapshot: SnapshotLike): SessionView {
  const c = snapshot.context;
  const status = SESSION_STATUSES.find((s) => snapshot.hasTag(s)) ?? 'signedOut';
  const inFlow = status !== 'signedIn' && status !== 'signingOut';
  return deepFreeze({
    status,
    user: c.user,
    userInfo: c.userInfo as SessionView['userInfo'],
    error: c.error,
    retryAt: inFlow ? c.login.retryAt : null,
    codeAttemptsLeft:
      status === 'twoFactorRequired' || status === 'verifyingCode' ? c.login.codeAttemptsLeft : null,
    expiresAt: c.expiresAt,
    signedOutReason: status === 'signedOut' ? c.signedOutReason : null,
    restrictions: c.restrictions,
    playTime: c.playTime,
  });
}

/**
 * Freezes `value` and everything it holds, in place: the view's objects are the session's own
 * (shared, not copied, so an unchanged part keeps its identity), so a write through the view would
 * change what the session and every later view show. Each object is walked once.
 */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || frozen.has(value)) return value;
  frozen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, key);
    if (d && 'value' in d) deepFreeze(d.value);
  }
  return Object.freeze(value);
}
const frozen = new WeakSet<object>();

/** Two views are the same when every field is (by identity): the client notifies only on a change. */
export function sameView(a: SessionView, b: SessionView): boolean {
  for (const key of Object.keys(a) as (keyof SessionView)[]) if (!Object.is(a[key], b[key])) return false;
  return true;
}
