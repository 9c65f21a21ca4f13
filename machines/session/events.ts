// The session's events from its own actors (internal events): what its own actors (refresh cycle, cross-tab listener, wake-up,
// profile watch) tell it. They are not part of the public event type, and an event that claims to
// be one without the module's private mark (an app's `session.send({ type: 'TOKEN_REFRESHED' })`)
// is ignored: apps can send only commands.

import type { AuthUser, PamError, PlayTime, RestrictionKind, StoredSession } from 'pam-client';
import type { AnyActorRef } from 'xstate';
import { type Marked, internal as mark } from '../clock';
import type { SessionReason } from '../cross-tab';
import type { AcceptedRestriction } from './profile-services';
import type { ClockReading, PendingCommand, SessionContext } from './types';

/** Session metadata a message carried; the token itself is in the vault under `handle`. */
export interface RemoteSession extends Omit<StoredSession, 'accessToken'> {
  handle: string;
}

/** Whose a datum is: the player id and the login id (`sid`) it was read or sent for. */
export interface Owner {
  userId: number | null;
  sid: number | null;
  seq?: number | null;
}

type Internal =
  /** Starts the login child with the command that entered `signingIn` (boxed). */
  | { type: 'BEGIN'; command: PendingCommand }
  /**
   * The refresh cycle got a new token, kept in the vault under `handle`, for the login `owner` (the
   * one held when the cycle started), at the server time `at` it arrived (read by the cycle's call).
   */
  | { type: 'TOKEN_REFRESHED'; handle: string; at: number; owner: Owner }
  | { type: 'REFRESH_FAILED'; error: PamError }
  | { type: 'SESSION_EXPIRED' }
  /**
   * The tabs flow's verdicts (machines/session/tabs.ts): take another tab's session (its login, its
   * refresh, or its answer to this tab's sync request; `otherLogin`: another login than the one
   * held, so the signed-in flows start over)...
   */
  | {
      type: 'ADOPT';
      session: RemoteSession;
      user: AuthUser | null;
      reason: SessionReason;
      otherLogin: boolean;
      /** The clock as read when the tabs flow decided (the cycle restarts at it; the session reads none). */
      reading?: ClockReading;
      /** The restriction kept for its player then (`SessionInput.kept`): in the first signed-in view (AB-2). */
      kept?: AcceptedRestriction | null;
    }
  /** ...this tab's session ended in another tab (`at`: when that tab said so, its clock)... */
  | { type: 'ENDED_ELSEWHERE'; reason: 'logout' | 'expired'; at: number | null; seq?: number | null }
  /**
   * ...and another tab's sign-out was heard (after the end it brought, if any): the counter `seq`
   * moves the clock, and a logout's (`reason`) is the floor of what this tab takes (order.ts's `heardOf`).
   */
  | { type: 'HEARD'; seq: number | null; reason?: string }
  /** The page may have slept: the clock as read when it woke (the session judges this reading). */
  | { type: 'WAKE'; reading: ClockReading }
  /** An app's TICK, with the clock as read then (the session judges this reading, not the clock). */
  | { type: 'TICK'; reading: ClockReading }
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
  /**
   * A responsible-gaming change was sent (limits, pause, self-exclusion): read the profile again.
   * `restricts`: the change, accepted, bars betting (see the profile flow's `CHECK`); `remote`:
   * another tab of this login said so (not told again); `sent`: the server time the change was sent
   * at (a read shows it by a restriction starting then or later).
   */
  | { type: 'PROFILE_CHANGED'; restricts?: RestrictionKind | null; remote?: boolean; sent?: number }
  /** The play-time clock of `owner` crossed the warning share or the limit (see flows.ts). */
  | { type: 'PLAY_TIME_ALERT'; level: 'warning' | 'reached'; owner: Owner; playTime: PlayTime | null };

export type SessionInternalEvent = Internal & Marked;

/** Marks an internal event of the session's own union. Only the machines' own modules import this. */
export const internal: <E extends Internal>(event: E) => E & Marked = mark;

export { isInternal, isTrusted, takeTicket, trusted } from '../clock';

/**
 * XState's `enqueueActions` without its `enqueue` helpers (which bring `log`, `cancel`, … into every
 * bundle that uses it): the actions `pick` gives for this context and event (falsy ones skipped) run
 * in order, each later one seeing the context the earlier ones made. A built-in action as XState's
 * own are (its `resolve`), so `pick` runs where `enqueueActions`' would, once per transition.
 */
export const actionsOf = <A = { context: SessionContext; event: unknown; self: AnyActorRef }>(
  pick: (args: A) => readonly unknown[],
  // biome-ignore lint/suspicious/noExplicitAny: any machine's action (each caller's setup checks its use)
): ((args: any) => void) =>
  // (No params: nothing to execute, so XState reads none.)
  Object.assign(() => {}, {
    resolve: (_: unknown, snapshot: unknown, args: A) => [snapshot, 0, pick(args).filter(Boolean)],
  });
