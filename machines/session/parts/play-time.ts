// The play-time flow's part of the session: its child while signed in (the session's
// playTimeMachine, ../flows.ts), with its input built from the session's context
// (`playTimeInputOf`), its counts taken into the view and its alerts (for the login held) told to
// the app. They come with the flow (`playTime()`, `PLAY_TIME_TRANSITIONS`): a client without it
// has none, and its bundle carries none of their code.

import { assign } from 'xstate';
import type { PlayTimeContext } from '../../playTimeMachine';
import { servicesOf } from '../context';
import { alertPlayTime, playTimeInputOf } from '../flows';
import type { SessionTransitions } from '../setup';
import type { SessionContext } from '../types';

/** The beat (`own.at`) each channel last told: told once (a beat with another tab's clock: never). */
const told = new WeakMap<object, number | undefined>();

/**
 * The play-time child's beat told to the other tabs (its play clock, for its player): a tab with
 * no `localStorage` shares no store, and takes the higher counts it hears (../tabs.ts).
 */
const tellPlayClock = ({ context, event }: { context: SessionContext; event: unknown }) => {
  // (A child with no context, a test's stand-in: nothing to tell.)
  const c = (event as { snapshot: { context?: PlayTimeContext } }).snapshot.context;
  const tabs = servicesOf(context).crossTab;
  if (tabs && c?.clock && c.owner?.userId != null && !c.own?.heard && told.get(tabs) !== c.own?.at) {
    told.set(tabs, c.own?.at);
    tabs.publishPlay?.(c.clock, c.owner.userId);
  }
};

/** The play-time flow's part, as the session takes a flow's (`playTime()`, `sessionCore`, `sessionMachine`). */
export const PLAY_TIME_TRANSITIONS: SessionTransitions = {
  // It counts for the login held when it starts (`owner`): another login re-enters signedIn and
  // starts it again.
  invoke: [
    {
      id: 'playTime',
      src: 'playTime',
      input: playTimeInputOf,
      onSnapshot: { actions: ['takePlayTime', tellPlayClock] },
    },
  ],
  // Its failure (the session's net, the root's `xstate.error.actor.*`, for this child): the session's
  // error (and the profile flow's stale restrictions), and play time not known (reached) for the
  // rest of the login, which no later read can lift (nothing counts it any more; review E). (The
  // fields in `PlayTime`'s order, its counts and period kept.)
  root: {
    'xstate.error.actor.playTime': {
      actions: [
        'childFailed',
        /* @__PURE__ */ assign(({ context: { playTime: p } }) => ({
          playTime: {
            ...{ limitMs: 0, usedMs: 0, leftMs: 0, period: 'daily' as const },
            ...p,
            leftMs: 0,
            warning: true,
            reached: true,
            known: false as const,
          },
        })),
      ],
    },
  } as SessionTransitions['root'],
  signedIn: { PLAY_TIME_ALERT: { guard: 'owned', actions: alertPlayTime } },
};
