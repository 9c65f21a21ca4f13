// `signedIn`: the signed-in session's children (refresh, profile, play time) and what it does with
// each flow's word: the refresh flow's here (the clock's ticks and wake-ups judge the token's life in
// server time, ../refresh.ts, and drive the refresh cycle, whose verdicts come back as
// TOKEN_REFRESHED, REFRESH_FAILED and SESSION_EXPIRED), and the profile and play-time flows' datum
// and alerts. The tabs flow's verdicts (./tabs.ts) are added by the flows that take it
// (../../sessionMachine.ts, `SessionTransitions`).

import { asPamError } from 'pam-client/internal';
import { and, assertEvent, assign, emit, enqueueActions, sendTo } from 'xstate';
import { refreshCycleInput } from '../refresh';
import { sessionSetup } from '../setup';

/** The reading of our own TICK or WAKE (on the clock's base), for the refresh cycle to judge. */
const readingAt = (event: object) => ('reading' in event ? (event.reading as { at: number }).at : undefined);

/**
 * The session's token expired (a wake-up past its life, or the refresh answered 401): ended at the
 * reading of the TICK or WAKE that judged it (`at`, on the clock's base), else now.
 */
const expire = () =>
  [
    { type: 'announceSignOut', params: 'expired' },
    'clearTokensUnlessNewer',
    {
      type: 'forget',
      params: ({ event }: { event: object }) => ({
        reason: 'expired' as const,
        at: readingAt(event),
      }),
    },
    'emitExpired',
    'emitExpiredSignOut',
  ] as const;

/** The refresh cycle, the signed-in session's child. */
const refreshChild = /* @__PURE__ */ (() =>
  sessionSetup.createStateConfig({
    invoke: {
      id: 'refresh',
      src: 'refreshCycle',
      onError: { actions: assign({ error: ({ event }) => asPamError(event.error) }) },
      input: ({ context, event }) => refreshCycleInput(context, event),
    },
  }).invoke)();

/** What the signed-in session does with the clock and the refresh cycle's verdicts. */
export const refreshOn = /* @__PURE__ */ (() =>
  sessionSetup.createStateConfig({
    on: {
      // Judged at the TICK's reading; an app's TICK (none) has the clock read, then comes back as
      // ours. An expiry the clock cannot judge (a device-clock jump): the server is asked (a refresh).
      TICK: [
        { guard: and(['internal', 'isExpired']), target: 'signedOut', actions: expire() },
        { guard: and(['internal', 'expiryUnknown']), actions: sendTo('refresh', { type: 'REFRESH' }) },
        {
          guard: 'internal',
          actions: sendTo('refresh', ({ event }) => ({ type: 'TICK' as const, at: readingAt(event) })),
        },
        { actions: 'readClock' },
      ],
      WAKE: [
        { guard: and(['internal', 'isExpired']), target: 'signedOut', actions: expire() },
        {
          guard: and(['internal', 'expiryUnknown']),
          actions: [
            sendTo('refresh', { type: 'REFRESH' }),
            sendTo('profile', { type: 'WAKE' }),
            sendTo('playTime', { type: 'BEAT' }),
          ],
        },
        {
          guard: 'internal',
          actions: [
            sendTo('refresh', ({ event }) => ({ type: 'TICK' as const, at: readingAt(event) })),
            sendTo('profile', { type: 'WAKE' }),
            sendTo('playTime', { type: 'BEAT' }),
          ],
        },
      ],
      REFRESH: { actions: sendTo('refresh', { type: 'REFRESH' }) },
      // Taken at the server time of its arrival (`at`), for the login it was refreshed for only
      // (`owner`, read by the cycle's call): one of a login no longer held (another tab's login
      // adopted, a logout) is dropped, never stored under another login.
      TOKEN_REFRESHED: [
        {
          guard: 'owned',
          actions: [
            {
              type: 'refreshed',
              params: ({ event }) => {
                assertEvent(event, 'TOKEN_REFRESHED');
                return event.at;
              },
            },
            {
              type: 'writeSession',
              params: ({ event }) => {
                assertEvent(event, 'TOKEN_REFRESHED');
                return { handle: event.handle, reason: 'refresh' as const };
              },
            },
            emit({ type: 'tokenRefreshed' as const }),
          ],
        },
        {
          guard: 'internal',
          actions: {
            type: 'dropHandle',
            params: ({ event }) => {
              assertEvent(event, 'TOKEN_REFRESHED');
              return event.handle;
            },
          },
        },
      ],
      REFRESH_FAILED: {
        guard: 'internal',
        actions: enqueueActions(({ enqueue, event }) => {
          assertEvent(event, 'REFRESH_FAILED');
          const error = asPamError(event.error);
          enqueue.assign({ error });
          enqueue.emit({ type: 'refreshFailed', error });
        }),
      },
      SESSION_EXPIRED: { guard: 'internal', target: 'signedOut', actions: expire() },
    },
  }).on)();

/** `signedIn`: a live session. */
export const signedIn = /* @__PURE__ */ (() =>
  sessionSetup.createStateConfig({
    tags: 'signedIn',
    entry: emit(({ context }) => ({ type: 'signedIn' as const, user: context.user })),
    invoke: [
      refreshChild,
      // The profile and play-time flows count for the login held when they start (`owner`):
      // another login re-enters signedIn and starts them again. Each builds its input from the
      // session's context (../flows.ts), so a session without them carries none of that code.
      {
        id: 'profile',
        src: 'profile',
        input: ({ context }) => context,
        onSnapshot: { actions: 'takeProfile' },
      },
      {
        id: 'playTime',
        src: 'playTime',
        input: ({ context }) => context,
        onSnapshot: { actions: 'takePlayTime' },
      },
    ],
    on: {
      ...refreshOn,
      // A profile read elsewhere (another tab, the client's outcome re-read), for the login held:
      // the profile flow takes it.
      PROFILE_LOADED: { guard: 'owned', actions: 'tellProfile' },
      PROFILE_CHANGED: { guard: 'internal', actions: sendTo('profile', { type: 'CHECK' }) },
      PLAY_TIME_ALERT: { guard: 'owned', actions: 'alertPlayTime' },
      LOGOUT: { target: 'signingOut', actions: { type: 'announceSignOut', params: 'logout' } },
    },
  }))();
