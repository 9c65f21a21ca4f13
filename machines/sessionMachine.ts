import { raise } from 'xstate';
import { initialContext } from './session/context';
import { FULL_SESSION, REGISTRATION_SESSION, WITH_KEPT, WITH_PLAY_CLOCK } from './session/flows';
import { cancelledAccount, failed, signingIn } from './session/parts/login';
import { signingOut } from './session/parts/logout';
import { PLAY_TIME_TRANSITIONS } from './session/parts/play-time';
import { PROFILE_TRANSITIONS } from './session/parts/profile';
import { restoring } from './session/parts/restore';
import { refreshChild, refreshOn, revokeRefreshed, signedIn } from './session/parts/signed-in';
import { TABS_TRANSITIONS } from './session/parts/tabs';
import { wakeInputOf } from './session/refresh';
import { absent, type SessionTransitions, sessionSetup } from './session/setup';
import type { SessionInput } from './session/types';

export type * from './session/types';

/** A login sent while signing out, not started yet (a named arrow: the diagrams show its name). */
const hasPending = ({ context }: { context: { pending: unknown } }): boolean => context.pending !== null;

/**
 * The session's own story, every flow a child (machines/session/) and each its part of the machine
 * (machines/session/parts/): the login flow (login or registration, with the two-factor step), the
 * refresh flow while signed in, the tabs flow (the other tabs of the origin), the profile flow (the
 * profile and its responsible-gaming restrictions) and the play-time flow; and logout. Without its
 * flows' implementations, the tabs, profile and play-time children do nothing, and without their
 * parts (`flows`: `TABS_TRANSITIONS`, `PROFILE_TRANSITIONS`, `PLAY_TIME_TRANSITIONS`) the session
 * has none of their children and verdicts: an app that only signs in and out does not carry them.
 *
 * @example
 * const machine = createSessionMachine({}, [TABS_TRANSITIONS]).provide(TABS_SESSION);
 */
export function createSessionMachine(
  defaults: Partial<SessionInput> = {},
  flows: readonly SessionTransitions[] = [],
) {
  // Each part's transitions, flow after flow (no two flows take the same event in one part).
  const on = (part: 'root' | 'signedIn' | 'signingOut') => Object.assign({}, ...flows.map((f) => f[part]));
  return sessionSetup.createMachine({
    id: 'session',
    // `restoreActor` starts it again from its token store (its own persistence), never from a
    // stored state: no stored signed-in snapshot comes back without its token.
    meta: { restore: 'store' },
    context: ({ input, self }) => initialContext({ ...defaults, ...input }, self, input),
    initial: 'restoring',
    // Listening to the page (and, with the tabs flow, to the other tabs) is the session's own job,
    // so an app that starts `sessionMachine` itself gets it too.
    invoke: [
      // A wake-up carries the clock as read then (the guards judge the event, never the clock).
      {
        id: 'wake',
        src: 'wake',
        input: ({ context, self }) => wakeInputOf(context, self),
      },
      ...flows.flatMap((f) => f.rootInvoke ?? []),
    ],
    on: {
      ...on('root'),
      // A refreshed token heard while no login is held (signing out, signed out): not kept, revoked.
      TOKEN_REFRESHED: { guard: 'internal', actions: revokeRefreshed },
      // A child that failed with no handler of its own: the session lives on, fail closed.
      'xstate.error.actor.*': { actions: 'childFailed' },
    },
    states: {
      restoring,
      signedOut: {
        tags: 'signedOut',
        // A login sent while the logout was running starts now (an eventless transition, taken once:
        // it drops what it raises).
        always: {
          guard: hasPending,
          actions: [raise(({ context }) => context.pending!), 'dropPending'],
        },
        on: { LOGIN: 'signingIn', REGISTER: 'signingIn' },
      },
      signingIn,
      failed,
      cancelledAccount,
      // The flows' children and verdicts after the refresh flow's, before the rest (the order the
      // diagrams draw).
      signedIn: {
        ...signedIn,
        invoke: [refreshChild(flows.find((f) => f.claim)?.claim), ...flows.flatMap((f) => f.invoke ?? [])],
        on: { ...refreshOn, ...on('signedIn'), ...signedIn.on },
      },
      signingOut: { ...signingOut, on: { ...on('signingOut'), ...signingOut.on } },
    },
  });
}

/** Every flow's part of the statechart (the tabs', the profile's, play time's), in the diagrams' order. */
const EVERY_PART = [TABS_TRANSITIONS, PROFILE_TRANSITIONS, PLAY_TIME_TRANSITIONS];

/**
 * The session with none of its optional flows' children or actions (no tabs, profile or play time;
 * their parts of the statechart in place, naming children and actions it lacks; it registers, as
 * before registration became a flow): a session to
 * provide flows to. `createCustomPamClient` makes its own with the parts of the flows it takes
 * (`createSessionMachine`). Most apps want `sessionMachine` or `createPamClient`.
 *
 * @example
 * const machine = sessionCore.provide(tabs().session); // the session shared with the other tabs
 */
export const sessionCore = /* @__PURE__ */ (() =>
  createSessionMachine({}, EVERY_PART).provide({
    actors: { tabs: absent, profile: absent, playTime: absent, ...REGISTRATION_SESSION.actors },
  }))();

/**
 * The session with every flow: login or registration (with the two-factor branch), the refresh
 * cycle while signed in, the tabs (with a `crossTab`), the profile and its responsible-gaming
 * restrictions, play time, and logout. The access token lives only in the token store (which the
 * HTTP adapter reads), never in a snapshot, an event or a child's output.
 *
 * States (each also a tag, the view's `status`): `restoring`, `signedOut`, `signingIn`
 * (`signingIn` / `registering` / `twoFactorRequired` / `verifyingCode`), `signedIn`,
 * `signingOut`, `failed`, `cancelledAccount`.
 *
 * @example
 * const session = createActor(sessionMachine, { input: { auth, tokens: createMemoryTokenStore() } }).start();
 * session.send({ type: 'LOGIN', login: 'player@example.com', password: secret(typed) });
 * session.getSnapshot().hasTag('twoFactorRequired');
 *
 * Persistence (opt-in, XState's public API only): `persistedData(session)` is data only (no
 * service, no token); `restoreActor(sessionMachine, stored, input)` starts the session again from
 * its token store (`restoring`, its own persistence) with fresh services: a stored signed-in snapshot
 * never comes back without its token, and the restrictions are read again.
 */
export const sessionMachine = /* @__PURE__ */ (() =>
  createSessionMachine({ ...WITH_PLAY_CLOCK, ...WITH_KEPT }, EVERY_PART).provide(FULL_SESSION))();
