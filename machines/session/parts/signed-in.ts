// `signedIn`: the signed-in session and what it does with the refresh flow's word: the clock's
// ticks and wake-ups judge the token's life in server time (../refresh.ts) and drive the refresh
// cycle (its child), whose verdicts come back as TOKEN_REFRESHED, REFRESH_FAILED and
// SESSION_EXPIRED. The other flows' children and verdicts (the tabs', ./tabs.ts; the profile's,
// ./profile.ts; play time's, ./play-time.ts) are added by the flows that take them
// (../../sessionMachine.ts, `SessionTransitions`); a wake-up is told to them by name (`wakeProfile`,
// `wakePlayTime`: nothing without their flow).

import { emit, sendTo } from 'xstate';
import { type Claim, refreshCycleInput } from '../refresh';
import type { SessionInvoke, SessionOn, SessionStateConfig } from '../setup';

/** The reading of our own TICK or WAKE (on the clock's base), for the refresh cycle to judge. */
const readingAt = (event: object) => (event as { reading?: { at: number } }).reading?.at;

/**
 * The session's token expired (a wake-up past its life, or the refresh answered 401): ended at the
 * reading of the TICK or WAKE that judged it (`at`, on the clock's base), else now.
 */
const expire = [
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

/** The refresh cycle, the signed-in session's child (its call claimed first with the tabs flow's `claim`). */
export const refreshChild = (claim?: Claim) =>
  ({
    id: 'refresh',
    src: 'refreshCycle',
    onError: { actions: 'takeError' },
    input: ({ context, event, self }) => refreshCycleInput(context, event, claim, self),
  }) satisfies SessionInvoke;

/** A refreshed token's handle, out of the vault and revoked (a login no longer held: here or at the root). */
export const revokeRefreshed = {
  type: 'revokeHandle',
  params: ({ event }: { event: object }) => (event as { handle: string }).handle,
} as const;

/** What the signed-in session does with the clock and the refresh cycle's verdicts. */
export const refreshOn = /* @__PURE__ */ (() =>
  ({
    // Judged at the TICK's reading; an app's TICK (none) has the clock read, then comes back as
    // ours. An expiry the clock cannot judge (a device-clock jump): the server is asked (a refresh,
    // `ask`: at once unless the cycle is backing off after a failure, TICK24).
    // (`isExpired` and `expiryUnknown` judge our own TICK or WAKE only: no `and` with `internal`.)
    // A clock that gave no time: nothing judged (no sign-out, no refresh), its error shown.
    TICK: [
      { guard: 'noTime', actions: 'takeClockError' },
      { guard: 'isExpired', target: 'signedOut', actions: expire },
      { guard: 'expiryUnknown', actions: sendTo('refresh', { type: 'TICK', ask: 1 }) },
      {
        guard: 'internal',
        actions: sendTo('refresh', ({ event }) => ({ type: 'TICK' as const, at: readingAt(event) })),
      },
      { actions: 'readClock' },
    ],
    WAKE: [
      { guard: 'noTime', actions: 'takeClockError' },
      { guard: 'isExpired', target: 'signedOut', actions: expire },
      {
        guard: 'expiryUnknown',
        actions: [sendTo('refresh', { type: 'TICK', ask: 1 }), 'wakeProfile', 'wakePlayTime'],
      },
      {
        guard: 'internal',
        actions: [
          sendTo('refresh', ({ event }) => ({ type: 'TICK' as const, at: readingAt(event) })),
          'wakeProfile',
          'wakePlayTime',
        ],
      },
    ],
    REFRESH: { actions: sendTo('refresh', { type: 'REFRESH' }) },
    // Taken at the server time of its arrival (`at`), for the login it was refreshed for only
    // (`owner`, read by the cycle's call): one of a login no longer held (another tab's login
    // adopted, a logout) is never stored under another login: it is revoked.
    TOKEN_REFRESHED: [
      {
        guard: 'owned',
        actions: [
          { type: 'refreshed', params: ({ event }) => event.at },
          {
            type: 'writeSession',
            params: ({ event }) => ({ handle: event.handle, reason: 'refresh' as const }),
          },
          emit({ type: 'tokenRefreshed' as const }),
        ],
      },
      { guard: 'internal', actions: revokeRefreshed },
    ],
    REFRESH_FAILED: {
      guard: 'internal',
      // The error taken, then told with the context it made (`emit` reads the context after `assign`).
      actions: [
        'takeError',
        emit(({ context }) => ({ type: 'refreshFailed' as const, error: context.error! })),
      ],
    },
    SESSION_EXPIRED: { guard: 'internal', target: 'signedOut', actions: expire },
  }) satisfies SessionOn)();

/** `signedIn`: a live session (its children and most of its transitions: `createSessionMachine`). */
export const signedIn = /* @__PURE__ */ (() =>
  ({
    tags: 'signedIn',
    entry: emit(({ context }) => ({ type: 'signedIn' as const, user: context.user })),
    on: {
      LOGOUT: { target: 'signingOut', actions: { type: 'announceSignOut', params: 'logout' } },
    },
  }) satisfies SessionStateConfig)();
