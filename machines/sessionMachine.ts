import { secret } from 'pam-client';
import { and, assertEvent, assign, emit, enqueueActions, fromCallback, raise, sendTo, setup } from 'xstate';
import { wakeSignals } from './environment';
import { boxCaptcha } from './login/request';
import { loginMachine } from './loginMachine';
import { forgotten, initialContext, ownedHere, restored, services } from './session/context';
import { internal, isInternal, type Owner, type SessionInternalEvent } from './session/events';
import { expiryVerdict } from './session/expiry';
import { FULL_SESSION, WITH_PLAY_CLOCK } from './session/flows';
import {
  boxCommand,
  childIs,
  flowStarted,
  type LoginChildSnapshot,
  loginProgress,
  signedInFrom,
  toChild,
  vaultedAuthOf,
} from './session/login';
import { heardOf } from './session/order';
import { playTimeInputOf } from './session/play-time';
import { profileFromElsewhere, profileInputOf } from './session/profile-link';
import { refreshCycleInput, refreshed, sessionRefreshCycle } from './session/refresh';
import {
  clearTokensUnlessNewer,
  logoutSession,
  restoreInputOf,
  restoreSession,
  type SealedLogin,
  settle,
  writeSession,
} from './session/store';
import { adopted, adoptedTokenSaved, dropAdopted, type HeldSession, remoteForgetOf } from './session/tabs';
import type {
  SessionContext,
  SessionEmitted,
  SessionEvent,
  SessionInput,
  SessionMeta,
} from './session/types';
import { asPamError, restorable } from './shared';

export type * from './session/types';

type Internal<T extends SessionInternalEvent['type']> = Extract<SessionInternalEvent, { type: T }>;

/** A flow the app did not take: its child runs and does nothing (see session/flows.ts). */
const absent = /* @__PURE__ */ fromCallback(() => {});

const AFTER_FAILURE = {
  LOGIN: 'signingIn',
  REGISTER: 'signingIn',
  CANCEL: { target: 'signedOut', actions: { type: 'clearError' } },
  LOGOUT: { target: 'signedOut', actions: { type: 'clearError' } },
} as const;

/** The session's token expired (a wake-up past its life, or the refresh answered 401). */
const expire = () =>
  [
    { type: 'announceSignOut', params: 'expired' },
    'clearTokensUnlessNewer',
    { type: 'forget', params: { reason: 'expired' } },
    'emitExpired',
  ] as const;

/**
 * The session's own story, every flow a child (machines/session/): the login flow (login or
 * registration, with the two-factor step), the refresh flow while signed in, the tabs flow (the
 * other tabs of the origin), the profile flow (the profile and its responsible-gaming restrictions)
 * and the play-time flow; and logout. Without its flows (`sessionCore`), the tabs, profile and
 * play-time children do nothing: an app that only signs in and out does not carry them.
 */
function createSessionMachine(defaults: Partial<SessionInput> = {}) {
  return setup({
    types: {
      context: {} as SessionContext,
      events: {} as SessionEvent | SessionInternalEvent,
      emitted: {} as SessionEmitted,
      input: {} as SessionInput,
      // Every child id with its actor: the published types then have no index signature (TS2411).
      children: {} as {
        restore: 'restore';
        login: 'login';
        refresh: 'refreshCycle';
        logout: 'logout';
        wake: 'wake';
        tabs: 'tabs';
        profile: 'profile';
        playTime: 'playTime';
      },
    },
    actors: {
      restore: restoreSession,
      login: loginMachine,
      refreshCycle: sessionRefreshCycle,
      logout: logoutSession,
      wake: wakeSignals,
      tabs: absent,
      profile: absent,
      playTime: absent,
    },
    guards: {
      internal: ({ event }) => isInternal(event),
      // The token's life, judged in server time (session/expiry.ts): over, or the clock cannot tell.
      isExpired: ({ context: c }) => expiryVerdict(c, c.deps) === 'expired',
      expiryUnknown: ({ context: c }) => expiryVerdict(c, c.deps) === 'ask',
      // Only a token the session's own actors put in the vault signs it in (not a forged done event).
      vaulted: ({ context }, handle: unknown) => typeof handle === 'string' && context.deps.vault.has(handle),
      // The tabs flow's verdict: another login (maybe another player) than the one held.
      otherLogin: ({ event }) => event.type === 'ADOPT' && event.otherLogin,
      // A datum for the player and login held now (not one from before an adoption or a logout).
      owned: ({ context, event }) =>
        isInternal(event) &&
        'owner' in event &&
        ownedHere(context, (event as unknown as { owner: Owner }).owner),
    },
    actions: {
      // --- context (pure) ---
      progress: assign(({ event }) => loginProgress((event as { snapshot?: LoginChildSnapshot }).snapshot)),
      startFlow: assign(flowStarted),
      clearError: assign({ error: null }),
      signedInFromLogin: assign(({ context }, output: SealedLogin) => signedInFrom(context, output)),
      refreshed: assign(({ context }) => refreshed(context)),
      restored: assign(({ context }, meta: SessionMeta) => restored(context, meta)),
      heardSeq: assign(({ context, event }) => {
        assertEvent(event, 'HEARD');
        return heardOf(context, event.seq);
      }),
      forget: assign(({ context }, p: { reason: 'logout' | 'expired' | 'remote'; at?: number | null }) =>
        forgotten(context, p),
      ),
      rememberPending: assign(({ event }) => ({
        pending: event.type === 'LOGIN' || event.type === 'REGISTER' ? boxCommand(event) : null,
      })),
      dropPending: assign({ pending: null }),
      // --- the flows' own (provided by the profile and play-time flows; nothing without them) ---
      loginRestrictions: assign({}),
      takeProfile: assign({}),
      takePlayTime: assign({}),
      alertPlayTime: assign({}),
      // --- effects (named actions: xstate's pure `transition()` never runs them) ---
      writeSession: ({ context }, p: { handle: string; reason: 'login' | 'refresh' | 'adopt' | 'share' }) =>
        writeSession(context, p),
      dropHandle: ({ context }, handle: string) => {
        context.deps.vault.take(handle);
      },
      dropAdopted: ({ context, event }) => {
        assertEvent(event, 'ADOPT');
        dropAdopted(context, event);
      },
      // Another tab's session, taken (the tabs flow's verdict): into the context, then into the store.
      adopt: enqueueActions(({ enqueue, event, context }, p?: { share?: boolean }) => {
        assertEvent(event, 'ADOPT');
        enqueue.assign(adopted(context, event));
        const reason = p?.share ? 'share' : 'adopt';
        enqueue(({ context: next }) => writeSession(next, { handle: event.session.handle, reason }));
      }),
      clearTokens: ({ context }) => settle(context.deps.tokens.clear()),
      clearTokensUnlessNewer: ({ context }) => clearTokensUnlessNewer(context),
      announceSignOut: ({ context }, reason: 'logout' | 'expired') =>
        context.deps.crossTab?.publishSignedOut({ seq: context.seq, sid: context.sid, reason }),
      emitExpired: enqueueActions(({ enqueue }) => {
        enqueue.emit({ type: 'sessionExpired' });
        enqueue.emit({ type: 'signedOut', reason: 'expired', remote: false });
      }),
    },
  }).createMachine({
    id: 'session',
    context: ({ input }) => initialContext({ ...defaults, ...input }),
    initial: 'restoring',
    // Listening to the page and to the other tabs is the session's own job, so an app that starts
    // `sessionMachine` itself gets it too.
    invoke: [
      { id: 'wake', src: 'wake', input: ({ context }) => context.deps.signals },
      {
        id: 'tabs',
        src: 'tabs',
        // The tabs flow decides against the session as it stands (its committed snapshot).
        input: ({ context, self }) => ({
          crossTab: context.deps.crossTab,
          vault: context.deps.vault,
          held: (): HeldSession => {
            const s = self.getSnapshot();
            const phase = s.hasTag('signedIn') ? 'signedIn' : s.hasTag('signingOut') ? 'signingOut' : 'other';
            return { phase, context: s.context };
          },
        }),
      },
    ],
    on: {
      // Taken while signed out: said again (as a sync answer), so a tab whose sync request came
      // before this login reached here (a reload, messages reordered) hears it too.
      ADOPT: {
        guard: 'internal',
        target: '.signedIn',
        actions: [{ type: 'adopt', params: { share: true } }, 'loginRestrictions'],
      },
      HEARD: { guard: 'internal', actions: 'heardSeq' },
    },
    states: {
      restoring: {
        tags: 'restoring',
        invoke: {
          id: 'restore',
          src: 'restore',
          input: ({ context }) => restoreInputOf(context),
          onDone: [
            {
              guard: {
                type: 'vaulted',
                params: ({ event }: { event: { output?: { handle?: string } | null } }) =>
                  event.output?.handle,
              },
              target: 'signedIn',
              actions: [
                { type: 'restored', params: ({ event }) => event.output!.meta },
                // Unknown (no betting) until this login's first read, as after a login.
                'loginRestrictions',
                { type: 'dropHandle', params: ({ event }) => event.output!.handle },
              ],
            },
            { target: 'signedOut' },
          ],
          // A store that throws is treated as empty: never crash on storage.
          onError: { target: 'signedOut' },
        },
        // An explicit login or logout wins over a restore still reading the store; a logout
        // revokes the stored session (if any) and tells the other tabs, as from signedIn.
        on: {
          LOGIN: { target: 'signingIn' },
          REGISTER: { target: 'signingIn' },
          LOGOUT: { target: 'signingOut', actions: { type: 'announceSignOut', params: 'logout' } },
        },
      },
      signedOut: {
        tags: 'signedOut',
        // A login sent while the logout was running starts now.
        entry: enqueueActions(({ context, enqueue }) => {
          if (!context.pending) return;
          enqueue.raise(context.pending);
          enqueue('dropPending');
        }),
        on: { LOGIN: { target: 'signingIn' }, REGISTER: { target: 'signingIn' } },
      },
      signingIn: {
        // The command that brought us here is raised again: entry actions run before the login
        // child exists, and the handler below forwards it once it does.
        entry: [
          'startFlow',
          raise(({ event }) => {
            assertEvent(event, ['LOGIN', 'REGISTER']);
            return internal({ type: 'BEGIN', command: boxCommand(event) });
          }),
        ],
        invoke: {
          id: 'login',
          src: 'login',
          input: ({ context }) => ({ auth: vaultedAuthOf(context), now: context.deps.now }),
          onSnapshot: [
            { guard: childIs('failed'), target: 'failed', actions: 'progress' },
            { guard: childIs('cancelledAccount'), target: 'cancelledAccount', actions: 'progress' },
            { guard: childIs('twoFactorRequired'), target: '.twoFactorRequired', actions: 'progress' },
            { guard: childIs('verifyingTwoFactor'), target: '.verifyingCode', actions: 'progress' },
            { guard: childIs('registering'), target: '.registering', actions: 'progress' },
            { guard: childIs('submitting'), target: '.submitting', actions: 'progress' },
          ],
          onDone: {
            guard: {
              type: 'vaulted',
              params: ({ event }: { event: { output?: unknown } }) =>
                (event.output as SealedLogin | undefined)?.access_token,
            },
            target: 'signedIn',
            actions: [
              { type: 'signedInFromLogin', params: ({ event }) => event.output as SealedLogin },
              'loginRestrictions',
              {
                type: 'writeSession',
                params: ({ event }) => ({
                  handle: (event.output as SealedLogin).access_token,
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
              // New credentials at the code step start over.
              LOGIN: { target: '#session.signingIn', reenter: true },
              REGISTER: { target: '#session.signingIn', reenter: true },
              SUBMIT_CODE: {
                actions: sendTo('login', ({ event }) => ({
                  type: 'SUBMIT_CODE' as const,
                  code: secret(event.code),
                  ...(event.captchaToken === undefined
                    ? {}
                    : { captchaToken: boxCaptcha(event.captchaToken)! }),
                })),
              },
            },
          },
          verifyingCode: { tags: 'verifyingCode' },
        },
        on: {
          BEGIN: {
            guard: 'internal',
            actions: sendTo('login', ({ event }) => toChild((event as Internal<'BEGIN'>).command)),
          },
          // A LOGIN while a request is in flight is ignored, like a second SUBMIT.
          LOGIN: {},
          REGISTER: {},
          CANCEL: { target: 'signedOut' },
          // Leaving aborts the request in flight; an answer that still arrives is dropped with the child.
          LOGOUT: {
            target: 'signedOut',
            actions: ['clearTokens', { type: 'forget', params: { reason: 'logout' } }],
          },
        },
      },
      // A failed login and a cancelled account: a new attempt starts over; CANCEL or LOGOUT leaves.
      failed: { tags: 'failed', on: AFTER_FAILURE },
      cancelledAccount: { tags: 'cancelledAccount', on: AFTER_FAILURE },
      signedIn: {
        tags: 'signedIn',
        entry: emit(({ context }) => ({ type: 'signedIn' as const, user: context.user })),
        invoke: [
          {
            id: 'refresh',
            src: 'refreshCycle',
            onError: { actions: assign({ error: ({ event }) => asPamError(event.error) }) },
            input: ({ context }) => refreshCycleInput(context),
          },
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
          // An expiry the clock cannot judge (a device-clock jump): the server is asked (a refresh).
          TICK: [
            { guard: 'isExpired', target: 'signedOut', actions: expire() },
            { guard: 'expiryUnknown', actions: sendTo('refresh', { type: 'REFRESH' }) },
            { actions: sendTo('refresh', { type: 'TICK' }) },
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
                sendTo('refresh', { type: 'TICK' }),
                sendTo('profile', { type: 'WAKE' }),
                sendTo('playTime', { type: 'BEAT' }),
              ],
            },
          ],
          REFRESH: { actions: sendTo('refresh', { type: 'REFRESH' }) },
          TOKEN_REFRESHED: {
            guard: 'internal',
            actions: [
              'refreshed',
              {
                type: 'writeSession',
                params: ({ event }) => ({
                  handle: (event as Internal<'TOKEN_REFRESHED'>).handle,
                  reason: 'refresh' as const,
                }),
              },
              emit({ type: 'tokenRefreshed' as const }),
            ],
          },
          REFRESH_FAILED: {
            guard: 'internal',
            actions: enqueueActions(({ enqueue, event }) => {
              const error = asPamError((event as Internal<'REFRESH_FAILED'>).error);
              enqueue.assign({ error });
              enqueue.emit({ type: 'refreshFailed', error });
            }),
          },
          SESSION_EXPIRED: { guard: 'internal', target: 'signedOut', actions: expire() },
          // Another tab refreshed (or logged in again), newer (the tabs flow's verdict): take its
          // token; the cycle restarts from it, aborting a refresh of ours still in flight.
          ADOPT: [
            // Another login: the signed-in flows (refresh, profile, play time) start over for it,
            // with none of the previous player's data.
            {
              guard: and(['internal', 'otherLogin']),
              target: 'signedIn',
              reenter: true,
              actions: ['adopt', 'loginRestrictions'],
            },
            {
              guard: 'internal',
              actions: [
                'adopt',
                sendTo('refresh', ({ context }) => adoptedTokenSaved(context)),
                emit({ type: 'tokenRefreshed' as const }),
              ],
            },
          ],
          ENDED_ELSEWHERE: {
            guard: 'internal',
            target: 'signedOut',
            actions: [
              'clearTokensUnlessNewer',
              {
                type: 'forget',
                params: ({ event }) => remoteForgetOf(event as Internal<'ENDED_ELSEWHERE'>),
              },
              emit(({ event }) => ({
                type: 'signedOut' as const,
                reason: (event as Internal<'ENDED_ELSEWHERE'>).reason,
                remote: true,
              })),
            ],
          },
          // A profile read elsewhere (another tab, the client's outcome re-read), for the login
          // held: the profile flow takes it.
          PROFILE_LOADED: {
            guard: 'owned',
            actions: sendTo('profile', ({ event }) =>
              profileFromElsewhere(event as Internal<'PROFILE_LOADED'>),
            ),
          },
          PROFILE_CHANGED: { guard: 'internal', actions: sendTo('profile', { type: 'CHECK' }) },
          PLAY_TIME_ALERT: { guard: 'owned', actions: 'alertPlayTime' },
          LOGOUT: { target: 'signingOut', actions: { type: 'announceSignOut', params: 'logout' } },
        },
      },
      signingOut: {
        tags: 'signingOut',
        // Another tab's login must not undo this logout: REMOTE_SESSION is not taken here.
        on: {
          ADOPT: { actions: 'dropAdopted' },
          // Honoured once signed out.
          LOGIN: { actions: 'rememberPending' },
          REGISTER: { actions: 'rememberPending' },
          CANCEL: { actions: 'dropPending' },
        },
        invoke: {
          id: 'logout',
          src: 'logout',
          input: ({ context: c }) => ({ auth: c.deps.auth, tokens: c.deps.tokens, timers: c.deps.timers }),
          // Signed out either way: a failed logout request must not keep a session alive here.
          onDone: { target: 'signedOut', actions: 'clearTokens' },
          onError: {
            target: 'signedOut',
            actions: ['clearTokens', assign({ error: ({ event }) => asPamError(event.error) })],
          },
        },
        exit: [
          { type: 'forget', params: { reason: 'logout' } },
          emit({ type: 'signedOut' as const, reason: 'logout' as const, remote: false }),
        ],
      },
    },
  });
}

/**
 * The session with none of its optional flows (no tabs, profile or play time): what
 * `createPamClient` provides its flows to. Most apps want `sessionMachine` or `createPamClient`.
 *
 * @example
 * const machine = sessionCore.provide(tabs().session); // the session shared with the other tabs
 */
export const sessionCore = /* @__PURE__ */ createSessionMachine();

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
 */
export const sessionMachine = /* @__PURE__ */ (() =>
  restorable(createSessionMachine(WITH_PLAY_CLOCK).provide(FULL_SESSION as never), {
    name: 'sessionMachine',
    keys: ['deps'],
    fromInput: (input: SessionInput) => services({ ...WITH_PLAY_CLOCK, ...input }),
  }))();
