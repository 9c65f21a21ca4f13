// The session's events from its own actors (internal events): what its own actors (refresh cycle, cross-tab listener, wake-up,
// profile watch) tell it. They are not part of the public event type, and an event that claims to
// be one without the module's private mark (an app's `session.send({ type: 'TOKEN_REFRESHED' })`)
// is ignored: apps can send only commands.

import type { AuthUser, PamError, PlayTime, StoredSession } from 'pam-client';
import type { SessionReason } from '../cross-tab';
import type { PendingCommand } from './types';

/** Private: never exported from the package, so no outside code can construct an internal event. */
/**
 * The type of the mark. A class with a private member is nominal: an object literal never has
 * this type, so an internal event cannot be written from outside without a cast. (A `unique
 * symbol` key would do the same, but declaration files cannot name a module-private symbol.)
 */
export declare class InternalMark {
  private readonly nominal: never;
}
const MARK = Symbol('pam-client.session.internal') as unknown as InternalMark;
type Marked = { readonly $internal: InternalMark };

/** Session metadata a message carried; the token itself is in the vault under `handle`. */
export interface RemoteSession extends Omit<StoredSession, 'accessToken'> {
  handle: string;
}

/** Whose a datum is: the player id and the login id (`sid`) it was read or sent for. */
export interface Owner {
  userId: number | null;
  sid: number | null;
}

type Internal =
  /** Starts the login child with the command that entered `signingIn` (boxed). */
  | { type: 'BEGIN'; command: PendingCommand }
  /** The refresh cycle got a new token, kept in the vault under `handle`. */
  | { type: 'TOKEN_REFRESHED'; handle: string }
  | { type: 'REFRESH_FAILED'; error: PamError }
  | { type: 'SESSION_EXPIRED' }
  /** Another tab's session: its login, its refresh, or its answer to this tab's sync request. */
  | { type: 'REMOTE_SESSION'; session: RemoteSession; user: AuthUser | null; reason: SessionReason }
  /** Another tab's session ended (`seq`: which one; `at`: its clock, for sessions without `seq`). */
  | {
      type: 'REMOTE_SIGNED_OUT';
      seq: number | null;
      sid: number | null;
      at: number | null;
      reason: 'logout' | 'expired';
    }
  /** Another tab asked for the session. */
  | { type: 'SYNC_REQUESTED' }
  /** The page may have slept: look at the wall clock now. */
  | { type: 'WAKE' }
  /**
   * The profile was read (`check_spa_again=1`), here or in another tab (`remote`), for the player
   * and login `owner` (as they were when the read started): taken only while both still match.
   */
  | {
      type: 'PROFILE_LOADED';
      user: AuthUser | null;
      userInfo: Record<string, unknown>;
      at: number;
      remote: boolean;
      owner: Owner;
    }
  /** To the profile flow: a profile read elsewhere, for `owner` (see machines/session/profile.ts). */
  | {
      type: 'PROFILE';
      owner: Owner;
      user: AuthUser | null;
      userInfo: Record<string, unknown>;
      at: number;
      source: 'remote' | 'outcome';
    }
  /** A channel message the schema refused (nothing is done; it shows in `debug`). */
  | { type: 'CHANNEL_REFUSED'; reason: string }
  /** A responsible-gaming change was sent (limits, pause, self-exclusion): read the profile again. */
  | { type: 'PROFILE_CHANGED' }
  /** The play-time clock of `owner` crossed the warning share or the limit (see play-time.ts). */
  | { type: 'PLAY_TIME_ALERT'; level: 'warning' | 'reached'; owner: Owner; playTime: PlayTime | null };

export type SessionInternalEvent = Internal & Marked;

// The mark is the event object itself, not a value on it: an inspector sees `$internal` and could
// copy it onto a forged event, but only objects built here are in TRUSTED. TICKETS lets each one
// through the outside door (an app-facing `send`, `system._relay` with no source) once, so an
// event object seen by an inspector cannot be sent again from outside either.
const TRUSTED = new WeakSet<object>();
const TICKETS = new WeakSet<object>();

/** Marks an event built by the machines' own code (a self-send, a listener's event) as trusted. */
export const trusted = <E extends object>(event: E): E => {
  TRUSTED.add(event);
  TICKETS.add(event);
  return event;
};

/** Marks an internal event. Only the session's own modules import this. */
export const internal = <E extends Internal>(event: E): E & Marked =>
  trusted({ ...event, $internal: MARK }) as E & Marked;

/** True only for the very objects `internal()` built (a copy with the same mark is not one). */
export const isInternal = (event: object): boolean =>
  TRUSTED.has(event) && (event as Partial<Marked>).$internal === MARK;

/** Whether `event` was built by `trusted()`/`internal()`. */
export const isTrusted = (event: unknown): boolean =>
  typeof event === 'object' && event !== null && TRUSTED.has(event);

/** Lets a trusted event through the outside door once (false for anything else, or a second time). */
export const takeTicket = (event: unknown): boolean =>
  typeof event === 'object' && event !== null && TICKETS.delete(event);
