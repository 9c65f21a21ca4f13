// The login flow's part of the session: `signingIn` runs the login child (login or registration,
// with the two-factor step; ../login.ts), and the states a failed login or a cancelled account
// leaves the session in.

import { assign, raise, sendTo } from 'xstate';
import { servicesOf } from '../context';
import { internal } from '../events';
import {
  boxCommand,
  childIs,
  type LoginChildSnapshot,
  resent,
  type SealedLogin,
  toChild,
  vaultedAuthOf,
} from '../login';
import type { SessionStateConfig } from '../setup';
import type { PendingCommand } from '../types';

/** The login child's progress, copied for the view (its snapshot as the action's params). */
const progress = {
  type: 'progress',
  params: ({ event }: { event: { snapshot: LoginChildSnapshot } }) => event.snapshot,
} as const;

/** `signingIn`: the login child, its progress copied to the view; a vaulted answer signs in. */
export const signingIn = /* @__PURE__ */ (() =>
  ({
    // The command that brought us here is raised again: entry actions run before the login
    // child exists, and the handler below forwards it once it does.
    entry: [
      'startFlow',
      // Only LOGIN and REGISTER enter `signingIn` (no `assertEvent`, whose check could never fail here).
      raise(({ event }) => internal({ type: 'BEGIN', command: boxCommand(event as PendingCommand) })),
    ],
    invoke: {
      id: 'login',
      src: 'login',
      input: ({ context }) => ({
        auth: vaultedAuthOf(context),
        now: servicesOf(context).now,
        // A resend's rejected codes (`resent`): none else.
        carried: (context.login as { carry?: number }).carry,
      }),
      // Each state of the child as the session's (the first two at the session's root).
      onSnapshot: (
        [
          ['failed', 'failed'],
          ['cancelledAccount', 'cancelledAccount'],
          ['twoFactorRequired', '.twoFactorRequired'],
          ['verifyingTwoFactor', '.verifyingCode'],
          ['registering', '.registering'],
          ['submitting', '.submitting'],
        ] as const
      ).map(([value, target]) => ({ guard: childIs(value), target, actions: progress })),
      // The login child itself failed (not a failed login, which it reports): failed, with its
      // typed error; a new attempt starts over.
      onError: { target: 'failed', actions: 'takeError' },
      // Signed in by an answer the session's own call sealed: its token in the vault, stamped with
      // when it arrived and the login's id (`issued`); without its stamp it is not taken.
      onDone: {
        guard: {
          type: 'vaulted',
          params: ({ event }: { event: { output?: SealedLogin } }) =>
            event.output?.issued ? event.output.access_token : undefined,
        },
        target: 'signedIn',
        actions: [
          { type: 'signedInFromLogin', params: ({ event }) => event.output },
          'loginRestrictions',
          {
            type: 'writeSession',
            params: ({ event }) => ({
              handle: event.output.access_token,
              reason: 'login' as const,
            }),
          },
        ],
      },
    },
    initial: 'submitting',
    states: {
      submitting: { tags: 'signingIn' },
      registering: { tags: 'registering' },
      twoFactorRequired: {
        tags: 'twoFactorRequired',
        on: {
          // New credentials at the code step start over; a resend of the same login keeps the
          // challenge's rejected codes (REVIEW-Q Q-2).
          LOGIN: { target: '#session.signingIn', reenter: true, actions: assign(resent) },
          REGISTER: { target: '#session.signingIn', reenter: true },
          // Its code and captcha token boxed (at the door already; here for a session run without one).
          SUBMIT_CODE: { actions: sendTo('login', ({ event }) => boxCommand(event)) },
        },
      },
      verifyingCode: { tags: 'verifyingCode' },
    },
    on: {
      BEGIN: {
        guard: 'internal',
        actions: sendTo('login', ({ event }) => toChild(event.command)),
      },
      // A LOGIN while a request is in flight is ignored, like a second SUBMIT.
      LOGIN: {},
      REGISTER: {},
      CANCEL: 'signedOut',
      // Leaving aborts the request in flight; an answer that still arrives is dropped with the child.
      LOGOUT: {
        target: 'signedOut',
        actions: ['clearTokens', { type: 'forget', params: { reason: 'logout' } }],
      },
    },
  }) satisfies SessionStateConfig)();

const AFTER_FAILURE = {
  LOGIN: 'signingIn',
  REGISTER: 'signingIn',
  CANCEL: { target: 'signedOut', actions: { type: 'clearError' } },
  LOGOUT: { target: 'signedOut', actions: { type: 'clearError' } },
} as const;

/** A failed login: a new attempt starts over; CANCEL or LOGOUT leaves. */
export const failed = /* @__PURE__ */ (() =>
  ({ tags: 'failed', on: AFTER_FAILURE }) satisfies SessionStateConfig)();
/** A cancelled account: as after a failed login. */
export const cancelledAccount = /* @__PURE__ */ (() =>
  ({
    tags: 'cancelledAccount',
    on: AFTER_FAILURE,
  }) satisfies SessionStateConfig)();
