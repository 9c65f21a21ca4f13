// `signedIn`: the signed-in session's children (refresh, profile, play time) and what it does with
// each flow's word (./refresh.ts, ./tabs.ts; the profile and play-time flows' datum and alerts).

import { assertEvent, emit, sendTo } from 'xstate';
import { playTimeInputOf } from '../play-time';
import { profileFromElsewhere, profileInputOf } from '../profile-link';
import { sessionSetup } from '../setup';
import { refreshChild, refreshOn } from './refresh';
import { tabsSignedInOn } from './tabs';

/** `signedIn`: a live session. */
export const signedIn = /* @__PURE__ */ (() =>
  sessionSetup.createStateConfig({
    tags: 'signedIn',
    entry: emit(({ context }) => ({ type: 'signedIn' as const, user: context.user })),
    invoke: [
      refreshChild,
      // The profile and play-time flows count for the login held when they start (`owner`):
      // another login re-enters signedIn and starts them again.
      {
        id: 'profile',
        src: 'profile',
        input: ({ context }) => profileInputOf(context),
        onSnapshot: { actions: 'takeProfile' },
      },
      {
        id: 'playTime',
        src: 'playTime',
        input: ({ context }) => playTimeInputOf(context),
        onSnapshot: { actions: 'takePlayTime' },
      },
    ],
    on: {
      ...refreshOn,
      ...tabsSignedInOn,
      // A profile read elsewhere (another tab, the client's outcome re-read), for the login held:
      // the profile flow takes it.
      PROFILE_LOADED: {
        guard: 'owned',
        actions: sendTo('profile', ({ event }) => {
          assertEvent(event, 'PROFILE_LOADED');
          return profileFromElsewhere(event);
        }),
      },
      PROFILE_CHANGED: { guard: 'internal', actions: sendTo('profile', { type: 'CHECK' }) },
      PLAY_TIME_ALERT: { guard: 'owned', actions: 'alertPlayTime' },
      LOGOUT: { target: 'signingOut', actions: { type: 'announceSignOut', params: 'logout' } },
    },
  }))();
