// The play-time flow: a child of the session while it is signed in (playTimeMachine, with its
// alerts told to the session). It counts the signed-in, awake time of the player's time limit on
// the clock every tab of the origin shares (machines/play-time/clock.ts: robust to timestamps of
// another clock, ahead or behind), in São Paulo periods of SERVER time.
//
// Protocol:
// - input (built by the session's signedIn invoke): the time limit, the player's clock store, server time and
//   the owner (player id and login id `sid`) it counts for. Stamps on the device's steady clock
//   (shared by its tabs), this tab's own beats on the one clock's monotonic time, periods on server
//   time (docs/time.md). A new login restarts the child.
// - the session sends it `LIMIT { limit }` (a profile read changed the time limit) and `BEAT`
//   (a wake-up: count now).
// - it tells the session `PLAY_TIME_ALERT { level, owner, playTime }` (marked internal) at 80 %
//   and at 100 %; the session takes it only while `owner` matches what it holds (`ownsDatum`).
//   Its counts reach the session through its snapshot (`selectPlayTime`, via `onSnapshot`).

import type { PlayTime } from 'pam-client';
import { enqueueActions } from 'xstate';
import { type PlayTimeContext, type PlayTimeInput, playTimeMachine, playTimeOf } from '../playTimeMachine';
import { ownerOf, servicesOf } from './context';
import { internal } from './events';
import type { ProfileOwner } from './profile-rules';
import type { SessionContext } from './types';

/** An alert the play-time flow sends the session. */
export interface PlayTimeAlert {
  type: 'PLAY_TIME_ALERT';
  level: 'warning' | 'reached';
  owner: ProfileOwner;
  playTime: PlayTime | null;
}

const alert = (level: 'warning' | 'reached', context: PlayTimeContext) =>
  internal({
    type: 'PLAY_TIME_ALERT',
    level,
    owner: context.owner ?? { userId: null, sid: null },
    playTime: playTimeOf(context),
  } satisfies PlayTimeAlert);

/**
 * playTimeMachine as the session's child: its alerts go to the session (XState has no declarative
 * way for a parent to hear a child's `emit`, statelyai/xstate#5059), stamped with the owner.
 *
 * @example
 * actors: { playTime: sessionPlayTime }
 */
export const sessionPlayTime = /* @__PURE__ */ (() =>
  playTimeMachine.provide({
    actions: {
      emitWarning: enqueueActions(({ enqueue, context }) => {
        enqueue.sendParent(alert('warning', context));
      }),
      emitReached: enqueueActions(({ enqueue, context }) => {
        enqueue.sendParent(alert('reached', context));
      }),
    },
  }))();

/** The one clock's monotonic time (`PamClock.monotonic`), when the session's clock has one. */
function monotonicOf(clock: unknown): (() => number) | undefined {
  const monotonic = (clock as { monotonic?: unknown } | null)?.monotonic;
  return typeof monotonic === 'function' ? (monotonic as () => number) : undefined;
}

/** The flow's input from the session (none without a play clock: the flow then does nothing). */
export const playTimeInputOf = (c: SessionContext): PlayTimeInput | null => {
  const s = servicesOf(c);
  return s.playClock
    ? {
        limit: c.restrictions?.limits.time ?? null,
        store: s.playClock(c.userId),
        // Stamps on the steady clock the tabs share, this tab's own beats on the clock's monotonic
        // time (a stepped device clock moves neither), the period on server time.
        now: s.now,
        monotonic: monotonicOf(s.clock),
        serverNow: s.serverNow,
        owner: ownerOf(c),
      }
    : null;
};
