// The play-time flow's part of the session: its child while signed in (the session's
// playTimeMachine, ../flows.ts), with its input built from the session's context
// (`playTimeInputOf`), its counts taken into the view and its alerts (for the login held) told to
// the app. They come with the flow (`playTime()`, `PLAY_TIME_TRANSITIONS`): a client without it
// has none, and its bundle carries none of their code.

import { alertPlayTime, playTimeInputOf } from '../flows';
import type { SessionTransitions } from '../setup';

/** The play-time flow's part, as the session takes a flow's (`playTime()`, `sessionCore`, `sessionMachine`). */
export const PLAY_TIME_TRANSITIONS: SessionTransitions = {
  // It counts for the login held when it starts (`owner`): another login re-enters signedIn and
  // starts it again.
  invoke: [
    {
      id: 'playTime',
      src: 'playTime',
      input: playTimeInputOf,
      onSnapshot: { actions: 'takePlayTime' },
    },
  ],
  signedIn: { PLAY_TIME_ALERT: { guard: 'owned', actions: alertPlayTime } },
};
