// The profile flow's part of the session: its child while signed in (../profile.ts, the child that
// decides), with its input built from the session's context (`profileInputOf`, ../flows.ts), what
// the session does with its datum (`takeProfile`), and a profile read elsewhere or changed here
// told to it. They come with the flow (`profile()`, `PROFILE_TRANSITIONS`): a client without it has
// none, and its bundle carries none of their code.

import { checkProfile, profileInputOf, tellProfile } from '../flows';
import type { SessionTransitions } from '../setup';

/** The profile flow's part, as the session takes a flow's (`profile()`, `sessionCore`, `sessionMachine`). */
export const PROFILE_TRANSITIONS: SessionTransitions = {
  // It counts for the login held when it starts (`owner`): another login re-enters signedIn and
  // starts it again.
  invoke: [
    {
      id: 'profile',
      src: 'profile',
      input: profileInputOf,
      onSnapshot: { actions: 'takeProfile' },
    },
  ],
  signedIn: {
    // A profile read elsewhere (another tab, the client's outcome re-read), for the login held:
    // the profile flow takes it.
    PROFILE_LOADED: { guard: 'owned', actions: tellProfile },
    PROFILE_CHANGED: { guard: 'internal', actions: checkProfile },
  },
};
