// The profile flow's part of the session: its child while signed in (../profile.ts, the child that
// decides), with its input built from the session's context (`profileInputOf`, ../flows.ts), what
// the session does with its datum (`takeProfile`), and a profile read elsewhere or changed here
// told to it. They come with the flow (`profile()`, `PROFILE_TRANSITIONS`): a client without it has
// none, and its bundle carries none of their code.

import type { PamError } from 'pam-client';
import { assign } from 'xstate';
import { checkProfile, profileInputOf, tellProfile } from '../flows';
import { namedOther, otherPlayer } from '../profile-read';
import type { SessionTransitions } from '../setup';

/** The error of the profile child's snapshot (none: a provided stand-in without a context). */
const errorOf = (event: object) =>
  (event as { snapshot: { context?: { error: PamError | null } } }).snapshot.context?.error;

/** The profile flow's part, as the session takes a flow's (`profile()`, `sessionCore`, `sessionMachine`). */
export const PROFILE_TRANSITIONS: SessionTransitions = {
  // It counts for the login held when it starts (`owner`): another login re-enters signedIn and
  // starts it again.
  invoke: [
    {
      id: 'profile',
      src: 'profile',
      input: profileInputOf,
      onSnapshot: [
        // A read showing another player than the one its session names (a restored record whose
        // `userId` is not its token's, REVIEW-AN AN-2: or none; a token another tab handed over as
        // this login's refresh, review 82: by id, whatever answer named this player before; a read
        // is sent only with a token of this session's own login, `getAccessToken`): nothing of the
        // session can be believed. Signed out as by a logout (its token revoked, the record cleared, the tabs
        // told), with that typed error in view.error.
        {
          guard: ({ context, event }) => (context.user ? namedOther : otherPlayer).has(errorOf(event)!),
          target: 'signingOut',
          actions: [
            /* @__PURE__ */ assign({ error: ({ event }) => errorOf(event)! }),
            { type: 'announceSignOut', params: 'logout' },
          ],
        },
        { actions: 'takeProfile' },
      ],
    },
  ],
  signedIn: {
    // A profile read elsewhere (another tab, the client's outcome re-read): the profile flow judges
    // it (only its player's, by any of their logins, and only where it tightens: `isPlayers`).
    PROFILE_LOADED: { guard: 'internal', actions: tellProfile },
    PROFILE_CHANGED: { guard: 'internal', actions: checkProfile },
  },
};
