import { type AuthUser, type LoginSuccess, restrictionsOf, secret } from 'pam-client';
import { and, assign, emit, enqueueActions, raise, sendTo, setup } from 'xstate';
import { loginMachine, MAX_REJECTED_CODES } from './loginMachine';
import { selectPlayTime } from './playTimeMachine';
import {
  crossTabListener,
  logoutSession,
  profileWatch,
  restoreSession,
  type SessionMeta,
  wakeSignals,
} from './session/actors';
import { settle } from './session/deps';
import { answerSync, clearTokensUnlessNewer, revokeIfNewer, writeSession } from './session/effects';
import {
  asPamErrorOrNull,
  boxCommand,
  childIs,
  DEFAULT_REFRESH_WAIT_MS,
  type LoginChildSnapshot,
  metaFields,
  sameJson,
  services,
  toChild,
  vaultedAuthOf,
} from './session/helpers';
import { internal, isInternal, type SessionInternalEvent } from './session/internal';
import {
  guardedRefresh,
  isNewerSession,
  sessionMetaFromLogin,
  sessionPlayTime,
  sessionRefreshCycle,
} from './session/support';
import type {
  PendingCommand,
  SessionContext,
  SessionEmitted,
  SessionEvent,
  SessionInput,
} from './session/types';
import { asPamError, restorable } from './shared';

export type * from './session/types';

type Internal<T extends SessionInternalEvent['type']> = Extract<SessionInternalEvent, { type: T }>;

/** The session's token expired (a wake-up past its life, or the refresh answered 401). */
const expire = () =>
  [
    { type: 'announceSignOut', params: 'expired' },
    'clearTokensUnlessNewer',
    { type: 'forget', params: { reason: 'expired' } },
    'emitExpired',
  ] as const;

/**
 * The session: login or registration (with the two-factor branch), the refresh cycle while signed
 * in, the profile and its responsible-gaming restrictions, and logout. The access token lives only
 * in the token store (which the HTTP adapter reads), never in a snapshot, an event or a child's
 * output. With a `crossTab`, logins, refreshes, restrictions and logouts are shared with the other tabs.
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
  restorable(createSessionMachine(), { name: 'sessionMachine', keys: ['deps'], fromInput: services }))();

function createSessionMachine() {
  return setup({
    types: {
      context: {} as SessionContext,
      events: {} as SessionEvent | SessionInternalEvent,
      emitted: {} as SessionEmitted,
      input: {} as SessionInput,
      children: {} as {
        login: 'login';
        refresh: 'refreshCycle';
        profile: 'profileWatch';
        playTime: 'playTime';
      },
    },
    actors: {
      restore: restoreSession,
      login: loginMachine,
      refreshCycle: sessionRefreshCycle,
      logout: logoutSession,
      wake: wakeSignals,
      crossTab: crossTabListener,
      profileWatch,
      playTime: sessionPlayTime,
    },
    guards: {
      internal: ({ event }) => isInternal(event),
      isExpired: ({ context: c }) => c.expiresAt !== null && c.expiresAt <= c.deps.now(),
      // Only a token the session's own actors put in the vault signs it in (not a forged done event).
      vaulted: ({ context }, handle: unknown) => typeof handle === 'string' && context.deps.vault.has(handle),
      // Signed out here: take another tab's login, or its answer to our sync, if newer than our sign-out.
      canAdopt: ({ context: c, event }) => {
        if (!isInternal(event) || event.type !== 'REMOTE_SESSION' || event.reason === 'refresh') return false;
        const s = event.session;
        if (s.expiresAt !== null && s.expiresAt <= c.deps.now()) return false;
        if (!c.signedOut) return true;
        return isNewerSession(s, { seq: c.signedOut.seq ?? undefined, savedAt: c.signedOut.at });
      },
      // Signed in here: take only a newer session (a sync answer with our own token changes nothing).
      isNewer: ({ context: c, event }) => {
        if (!isInternal(event) || event.type !== 'REMOTE_SESSION') return false;
        const s = event.session;
        if (s.expiresAt !== null && s.expiresAt <= c.deps.now()) return false;
        return isNewerSession(s, c.savedAt === null ? null : { seq: c.seq ?? undefined, savedAt: c.savedAt });
      },
      // Another tab's sign-out ends this tab's session only if it ended this session or a newer one.
      endsOurs: ({ context: c, event }) => {
        if (!isInternal(event) || event.type !== 'REMOTE_SIGNED_OUT') return false;
        if (event.sid !== null && c.sid !== null) return event.sid >= c.sid;
        if (event.seq !== null && c.seq !== null) return event.seq >= c.seq;
        return event.at === null || c.savedAt === null || event.at >= c.savedAt;
      },
    },
    actions: {
      // --- context (pure) ---
      progress: assign(({ event }) => {
        const s = (event as { snapshot?: LoginChildSnapshot }).snapshot;
        if (!s) return {};
        const twoFactor = s.value === 'twoFactorRequired' || s.value === 'verifyingTwoFactor';
        return {
          error: asPamErrorOrNull(s.context.error),
          login: {
            retryAt: s.context.retryAt,
            codeAttemptsLeft: twoFactor ? Math.max(0, MAX_REJECTED_CODES - s.context.rejectedCodes) : null,
          },
        };
      }),
      startFlow: assign({
        error: null,
        signedOutReason: null,
        login: { retryAt: null, codeAttemptsLeft: null },
      }),
      signedInFromLogin: assign(({ context }, output: LoginSuccess) => {
        const seq = context.clock + 1;
        const meta = sessionMetaFromLogin(output, context.deps.now(), seq);
        const user = (output.user as AuthUser | undefined) ?? null;
        const userInfo = output.userInfo as unknown as Record<string, unknown> | undefined;
        return {
          ...metaFields(meta),
          clock: seq,
          user,
          userInfo: userInfo ?? null,
          userInfoAt: userInfo ? meta.savedAt : null,
          restrictions: userInfo ? restrictionsOf(userInfo, meta.savedAt) : null,
          error: null,
          login: { retryAt: null, codeAttemptsLeft: null },
        };
      }),
      refreshed: assign(({ context }) => {
        const now = context.deps.now();
        const seq = context.clock + 1;
        // The refresh answer carries no expiry: keep the life span the login announced.
        const life =
          context.expiresAt !== null && context.savedAt !== null ? context.expiresAt - context.savedAt : null;
        return { savedAt: now, expiresAt: life === null ? null : now + life, seq, clock: seq, error: null };
      }),
      adopted: assign(({ context }, e: Internal<'REMOTE_SESSION'>) => ({
        ...metaFields(e.session),
        clock: Math.max(context.clock, e.session.seq ?? 0),
        user: e.user ?? context.user,
        error: null,
        signedOutReason: null,
      })),
      restored: assign(({ context }, meta: SessionMeta) => ({
        ...metaFields(meta),
        clock: Math.max(context.clock, meta.seq ?? 0),
      })),
      heardSeq: assign(({ context, event }) => {
        const seq = isInternal(event) && event.type === 'REMOTE_SIGNED_OUT' ? event.seq : null;
        return seq === null ? {} : { clock: Math.max(context.clock, seq) };
      }),
      forget: assign(({ context }, p: { reason: 'logout' | 'expired' | 'remote'; at?: number | null }) => ({
        user: null,
        userInfo: null,
        userInfoAt: null,
        restrictions: null,
        savedAt: null,
        expiresAt: null,
        tokenType: null,
        userId: null,
        seq: null,
        sid: null,
        playTime: null,
        // When the sign-out happened, not when this tab heard of it (a frozen tab hears late).
        signedOut: { seq: context.seq, at: p.at ?? context.deps.now() },
        signedOutReason: p.reason,
      })),
      profileLoaded: assign(({ context }, e: Internal<'PROFILE_LOADED'>) => {
        const restrictions = restrictionsOf(e.userInfo, e.at);
        return {
          userInfo: e.userInfo,
          userInfoAt: e.at,
          user: e.user ?? context.user,
          // The same restrictions keep their object, so the view (and a UI) changes only on a change.
          restrictions: sameJson(restrictions, context.restrictions) ? context.restrictions : restrictions,
        };
      }),
      rememberPending: assign(({ event }) => ({
        pending: event.type === 'LOGIN' || event.type === 'REGISTER' ? boxCommand(event) : null,
      })),
      dropPending: assign({ pending: null }),
      // --- effects (named actions: xstate's pure `transition()` never runs them) ---
      writeSession: ({ context }, p: { handle: string; reason: 'login' | 'refresh' | 'adopt' }) =>
        writeSession(context, p),
      dropHandle: ({ context }, handle: string) => {
        context.deps.vault.take(handle);
      },
      clearTokens: ({ context }) => settle(context.deps.tokens.clear()),
      clearTokensUnlessNewer: ({ context }) => clearTokensUnlessNewer(context),
      revokeIfNewer: ({ context, event }) => revokeIfNewer(context, event as Internal<'REMOTE_SIGNED_OUT'>),
      announceSignOut: ({ context }, reason: 'logout' | 'expired') =>
        context.deps.crossTab?.publishSignedOut({ seq: context.seq, sid: context.sid, reason }),
      answerSync: ({ context }) => answerSync(context),
      publishProfile: ({ context }) => {
        if (context.userInfo) context.deps.crossTab?.publishProfile(context.userInfo);
      },
      emitExpired: enqueueActions(({ enqueue }) => {
        enqueue.emit({ type: 'sessionExpired' });
        enqueue.emit({ type: 'signedOut', reason: 'expired', remote: false });
      }),
    },
  }).createMachine({
    id: 'session',
    context: ({ input }) => ({
      ...services(input),
      intervalMs: input.intervalMs,
      tickMs: input.tickMs,
      refreshWaitMs: input.refreshWaitMs ?? DEFAULT_REFRESH_WAIT_MS,
      user: null,
      userInfo: null,
      userInfoAt: null,
      restrictions: null,
      error: null,
      login: { retryAt: null, codeAttemptsLeft: null },
      savedAt: null,
      expiresAt: null,
      tokenType: null,
      userId: null,
      seq: null,
      sid: null,
      clock: 0,
      signedOut: null,
      signedOutReason: null,
      pending: null,
      playTime: null,
    }),
    initial: 'restoring',
    // Listening to the page and to the other tabs is the machine's own job, so an app that starts
    // `sessionMachine` itself gets it too.
    invoke: [
      { src: 'wake', input: ({ context }) => context.deps.signals },
      {
        src: 'crossTab',
        input: ({ context }) => ({ crossTab: context.deps.crossTab, vault: context.deps.vault }),
      },
    ],
    on: {
      REMOTE_SESSION: {
        guard: 'canAdopt',
        target: '.signedIn',
        actions: [
          { type: 'adopted', params: ({ event }) => event as Internal<'REMOTE_SESSION'> },
          {
            type: 'writeSession',
            params: ({ event }) => ({
              handle: (event as Internal<'REMOTE_SESSION'>).session.handle,
              reason: 'adopt' as const,
            }),
          },
        ],
      },
      REMOTE_SIGNED_OUT: { guard: 'internal', actions: 'heardSeq' },
    },
    states: {
      restoring: {
        tags: 'restoring',
        invoke: {
          src: 'restore',
          input: ({ context }) => ({
            tokens: context.deps.tokens,
            now: context.deps.now,
            vault: context.deps.vault,
          }),
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
                { type: 'dropHandle', params: ({ event }) => event.output!.handle },
              ],
            },
            { target: 'signedOut' },
          ],
          // A store that throws is treated as empty: never crash on storage.
          onError: { target: 'signedOut' },
        },
        // An explicit login or logout wins over a restore still reading the store.
        on: {
          LOGIN: { target: 'signingIn' },
          REGISTER: { target: 'signingIn' },
          // A logout while the store is still being read: the stored session (if any) is revoked and
          // the other tabs are told, as from signedIn.
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
        on: {
          LOGIN: { target: 'signingIn' },
          REGISTER: { target: 'signingIn' },
        },
      },
      signingIn: {
        // The command that brought us here is raised again: entry actions run before the login
        // child exists, and the handler below forwards it once it does.
        entry: [
          'startFlow',
          raise(({ event }) => internal({ type: 'BEGIN', command: boxCommand(event as PendingCommand) })),
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
                (event.output as LoginSuccess | undefined)?.access_token,
            },
            target: 'signedIn',
            actions: [
              { type: 'signedInFromLogin', params: ({ event }) => event.output as LoginSuccess },
              {
                type: 'writeSession',
                params: ({ event }) => ({
                  handle: (event.output as LoginSuccess).access_token,
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
                  ...(event.captchaToken === undefined ? {} : { captchaToken: secret(event.captchaToken) }),
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
      failed: {
        tags: 'failed',
        on: {
          LOGIN: 'signingIn',
          REGISTER: 'signingIn',
          CANCEL: { target: 'signedOut', actions: assign({ error: null }) },
          LOGOUT: { target: 'signedOut', actions: assign({ error: null }) },
        },
      },
      cancelledAccount: {
        tags: 'cancelledAccount',
        on: {
          LOGIN: 'signingIn',
          REGISTER: 'signingIn',
          CANCEL: { target: 'signedOut', actions: assign({ error: null }) },
          LOGOUT: { target: 'signedOut', actions: assign({ error: null }) },
        },
      },
      signedIn: {
        tags: 'signedIn',
        entry: emit(({ context }) => ({ type: 'signedIn' as const, user: context.user })),
        invoke: [
          {
            id: 'refresh',
            src: 'refreshCycle',
            onError: { actions: assign({ error: ({ event }) => asPamError(event.error) }) },
            // The cycle starts from when the token was saved: now after a login, or the stored
            // `savedAt` after a restore (a tab reopened 5 h in refreshes 1 h later, not 6).
            input: ({ context: c }) => ({
              auth: guardedRefresh({
                auth: c.deps.auth,
                tokens: c.deps.tokens,
                crossTab: c.deps.crossTab,
                timers: c.deps.timers,
                now: c.deps.now,
                vault: c.deps.vault,
                waitMs: c.refreshWaitMs,
              }),
              intervalMs: c.intervalMs,
              tickMs: c.tickMs,
              now: c.deps.now,
              random: c.deps.random,
              savedAt: c.savedAt ?? c.deps.now(),
              ...(c.expiresAt === null ? {} : { expiresAt: c.expiresAt }),
            }),
          },
          {
            id: 'playTime',
            src: 'playTime',
            input: ({ context: c }) => ({
              limit: c.restrictions?.limits.time ?? null,
              store: c.deps.playClock(c.userId),
              now: c.deps.now,
            }),
            onSnapshot: {
              actions: assign({
                playTime: ({ context, event }) => {
                  const next = selectPlayTime(event.snapshot as never);
                  return sameJson(next, context.playTime) ? context.playTime : next;
                },
              }),
            },
            onError: { actions: [] },
          },
          {
            id: 'profile',
            src: 'profileWatch',
            onError: { actions: assign({ error: ({ event }) => asPamError(event.error) }) },
            input: ({ context: c }) => ({ auth: c.deps.auth, now: c.deps.now, timers: c.deps.timers }),
          },
        ],
        on: {
          TICK: [
            { guard: 'isExpired', target: 'signedOut', actions: expire() },
            { actions: sendTo('refresh', { type: 'TICK' }) },
          ],
          WAKE: [
            { guard: and(['internal', 'isExpired']), target: 'signedOut', actions: expire() },
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
            actions: [
              assign({ error: ({ event }) => asPamError((event as Internal<'REFRESH_FAILED'>).error) }),
              emit(({ event }) => ({
                type: 'refreshFailed' as const,
                error: asPamError((event as Internal<'REFRESH_FAILED'>).error),
              })),
            ],
          },
          SESSION_EXPIRED: { guard: 'internal', target: 'signedOut', actions: expire() },
          // Another tab refreshed (or logged in again): take its token; the cycle restarts from
          // it, aborting a refresh of ours still in flight (we lost that race).
          REMOTE_SESSION: [
            {
              guard: 'isNewer',
              actions: [
                { type: 'adopted', params: ({ event }) => event as Internal<'REMOTE_SESSION'> },
                {
                  type: 'writeSession',
                  params: ({ event }) => ({
                    handle: (event as Internal<'REMOTE_SESSION'>).session.handle,
                    reason: 'adopt' as const,
                  }),
                },
                sendTo('refresh', ({ context }) => ({
                  type: 'TOKEN_SAVED' as const,
                  accessToken: '[adopted]',
                  savedAt: context.savedAt ?? undefined,
                  ...(context.expiresAt === null ? {} : { expiresAt: context.expiresAt }),
                })),
                emit({ type: 'tokenRefreshed' as const }),
              ],
            },
            // An older or identical session (a sync answer crossing our refresh) is dropped here,
            // so it never reaches the root handler, which would re-enter signedIn with it.
            {
              actions: {
                type: 'dropHandle',
                params: ({ event }) => (event as Internal<'REMOTE_SESSION'>).session?.handle ?? '',
              },
            },
          ],
          REMOTE_SIGNED_OUT: [
            {
              guard: 'endsOurs',
              target: 'signedOut',
              actions: [
                'revokeIfNewer',
                'clearTokensUnlessNewer',
                {
                  type: 'forget',
                  params: ({ event }) => {
                    const e = event as Internal<'REMOTE_SIGNED_OUT'>;
                    return {
                      reason: e.reason === 'expired' ? ('expired' as const) : ('remote' as const),
                      at: e.at,
                    };
                  },
                },
                emit(({ event }) => ({
                  type: 'signedOut' as const,
                  reason: (event as Internal<'REMOTE_SIGNED_OUT'>).reason,
                  remote: true,
                })),
              ],
            },
            { guard: 'internal', actions: 'heardSeq' },
          ],
          SYNC_REQUESTED: { guard: 'internal', actions: 'answerSync' },
          PROFILE_LOADED: {
            guard: 'internal',
            actions: enqueueActions(({ context, event, enqueue }) => {
              const e = event as Internal<'PROFILE_LOADED'>;
              const restrictions = restrictionsOf(e.userInfo, e.at);
              const changed = !sameJson(restrictions, context.restrictions);
              enqueue({ type: 'profileLoaded', params: e });
              enqueue.sendTo('playTime', { type: 'LIMIT', limit: restrictions.limits.time });
              if (!e.remote && !sameJson(e.userInfo, context.userInfo)) enqueue('publishProfile');
              if (changed) enqueue.emit({ type: 'restrictionsChanged', restrictions });
            }),
          },
          PROFILE_CHANGED: { guard: 'internal', actions: sendTo('profile', { type: 'CHECK' }) },
          PLAY_TIME_ALERT: {
            guard: 'internal',
            // Sent from the child's transition, before its new snapshot reaches us: read it.
            actions: enqueueActions(({ event, enqueue, self }) => {
              const child = self.getSnapshot().children.playTime;
              const playTime = child ? selectPlayTime(child.getSnapshot() as never) : null;
              if (!playTime) return;
              const level = (event as Internal<'PLAY_TIME_ALERT'>).level;
              enqueue.emit(
                level === 'warning'
                  ? { type: 'timeLimitWarning', playTime }
                  : { type: 'timeLimitReached', playTime },
              );
            }),
          },
          LOGOUT: { target: 'signingOut', actions: { type: 'announceSignOut', params: 'logout' } },
        },
      },
      signingOut: {
        tags: 'signingOut',
        // Another tab's login must not undo this logout: REMOTE_SESSION is not taken here.
        on: {
          REMOTE_SESSION: {
            actions: {
              type: 'dropHandle',
              params: ({ event }) => (event as Internal<'REMOTE_SESSION'>).session?.handle ?? '',
            },
          },
          // Honoured once signed out.
          LOGIN: { actions: 'rememberPending' },
          REGISTER: { actions: 'rememberPending' },
          CANCEL: { actions: 'dropPending' },
        },
        invoke: {
          src: 'logout',
          input: ({ context }) => ({ auth: context.deps.auth, tokens: context.deps.tokens }),
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
