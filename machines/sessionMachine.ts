import {
  type AuthModule,
  type LoginSuccess,
  parseStoredSession,
  type StoredSession,
  type TokenStore,
} from 'pam-client';
import { assign, emit, enqueueActions, fromPromise, raise, sendTo, setup } from 'xstate';
import { withoutUserToken } from './login/request';
import { loginMachine } from './loginMachine';
import { guardedRefresh, sessionFromLogin, sessionRefreshCycle, settle } from './session/support';
import type { SessionContext, SessionEmitted, SessionEvent, SessionInput } from './session/types';
import { asPamError } from './shared';

export type * from './session/types';

type Remote = Extract<SessionEvent, { type: 'REMOTE_SESSION' }>;
const live = (c: SessionContext, s: StoredSession) => s.expiresAt === null || s.expiresAt > c.now();

/** What the session remembers of the stored session: everything but the token itself. */
const sessionMeta = (session: StoredSession) => ({
  savedAt: session.savedAt,
  expiresAt: session.expiresAt,
  tokenType: session.tokenType,
  userId: session.userId ?? null,
});

/**
 * The session: login (with its two-factor branch), the refresh cycle while signed in, and
 * logout. The access token lives only in the token store (which the HTTP adapter reads), never
 * in a snapshot. With a `crossTab`, logins, refreshes and logouts are shared with the other tabs.
 *
 * States: `restoring` (reads the store once at start), `signedOut`, `signingIn` (the login
 * machine runs as child `login`: read its state for the form), `signedIn` (the refresh cycle
 * runs as child `refresh`), `signingOut`.
 *
 * @example
 * const session = createActor(sessionMachine, { input: { auth, tokens: createMemoryTokenStore() } }).start();
 * session.send({ type: 'LOGIN', login: 'player@example.com', password: secret(typed) });
 */
export const sessionMachine = /* @__PURE__ */ setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    input: {} as SessionInput,
    children: {} as { login: 'login'; refresh: 'refreshCycle' },
  },
  actors: {
    restore: fromPromise<StoredSession | null, { tokens: TokenStore; now: () => number }>(
      async ({ input }) => {
        // A custom store may hand back anything (class instances, extra fields): only a valid,
        // plain StoredSession goes on.
        const stored = parseStoredSession(await input.tokens.get());
        if (!stored) return null;
        if (stored.expiresAt !== null && stored.expiresAt <= input.now()) {
          await input.tokens.clear();
          return null;
        }
        return stored;
      },
    ),
    login: loginMachine,
    refreshCycle: sessionRefreshCycle,
    // The store is emptied the moment logout starts (synchronously for the built-in stores), so
    // a stop or a crash mid-logout cannot leave the session behind; the request then revokes the
    // token it held.
    logout: fromPromise<void, { auth: AuthModule; tokens: TokenStore }>(async ({ input, signal }) => {
      const read = input.tokens.get();
      const current = read instanceof Promise ? await read : read;
      const cleared = input.tokens.clear();
      if (cleared instanceof Promise) await cleared;
      await input.auth.logout({ signal, ...(current ? { accessToken: current.accessToken } : {}) });
    }),
  },
  guards: {
    // A wake-up after a sleep longer than the token's life: end the session, send nothing.
    isExpired: ({ context: c }) => c.expiresAt !== null && c.expiresAt <= c.now(),
    // Signed out here: take another tab's login, or its answer to our sync, if newer than our sign-out.
    canAdopt: ({ context: c }, e: Remote) =>
      e.reason !== 'refresh' && live(c, e.session) && e.session.savedAt > (c.signedOutAt ?? -Infinity),
    // Signed in here: take only a newer token (a sync answer with our own token changes nothing).
    isNewer: ({ context: c }, e: Remote) =>
      live(c, e.session) && e.session.savedAt > (c.savedAt ?? -Infinity),
  },
  actions: {
    saveLogin: assign(({ context }, params: { output: LoginSuccess }) => {
      const session = sessionFromLogin(params.output, context.now());
      const user = withoutUserToken(params.output).user ?? null;
      settle(context.tokens.set(session));
      context.crossTab?.publishSession(session, 'login', user);
      return { user, ...sessionMeta(session) };
    }),
    saveRefreshed: assign(({ context }, params: { accessToken: string }) => {
      const now = context.now();
      const lifespan =
        context.expiresAt !== null && context.savedAt !== null ? context.expiresAt - context.savedAt : null;
      // Built from context, not read back from the store: the write starts before anyone hears
      // `tokenRefreshed`, so a request retried on that signal finds the new token (async stores too).
      const session: StoredSession = {
        accessToken: params.accessToken,
        tokenType: context.tokenType ?? 'Bearer',
        // The refresh answer carries no expiry: keep the life span the login announced.
        expiresAt: lifespan === null ? null : now + lifespan,
        savedAt: now,
        ...(context.userId === null ? {} : { userId: context.userId }),
      };
      settle(context.tokens.set(session));
      context.crossTab?.publishSession(session, 'refresh', context.user);
      return { savedAt: now, expiresAt: session.expiresAt };
    }),
    adopt: assign(({ context }, e: Remote) => {
      settle(context.tokens.set(e.session));
      return {
        ...sessionMeta(e.session),
        user: e.user ? (withoutUserToken({ user: e.user } as LoginSuccess).user ?? null) : context.user,
        error: null,
      };
    }),
    restored: assign((_, stored: StoredSession) => sessionMeta(stored)),
    clearTokens: ({ context }) => {
      settle(context.tokens.clear());
    },
    // A shared store may already hold a newer session (the other tab logged out, then in again,
    // while this tab was frozen): only a session as old as ours is cleared.
    clearTokensUnlessNewer: ({ context }) => {
      const clearIfOurs = (current: StoredSession | null) => {
        if (current && context.savedAt !== null && current.savedAt > context.savedAt) return;
        settle(context.tokens.clear());
      };
      const read = context.tokens.get();
      if (read instanceof Promise) settle(read.then(clearIfOurs));
      else clearIfOurs(read);
    },
    forget: assign(({ context }, params?: { at: number | null }) => ({
      user: null,
      savedAt: null,
      expiresAt: null,
      tokenType: null,
      userId: null,
      // When the sign-out happened, not when this tab heard of it (a frozen tab hears late).
      signedOutAt: params?.at ?? context.now(),
    })),
    announceSignOut: ({ context }) => context.crossTab?.publishSignedOut(),
    emitExpired: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'sessionExpired' });
      enqueue.emit({ type: 'signedOut', reason: 'expired' });
    }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    auth: input.auth,
    tokens: input.tokens,
    intervalMs: input.intervalMs,
    tickMs: input.tickMs,
    now: input.now ?? Date.now,
    user: null,
    error: null,
    crossTab: input.crossTab ?? null,
    random: input.random ?? Math.random,
    timers: input.timers ?? {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    },
    savedAt: null,
    expiresAt: null,
    signedOutAt: null,
    tokenType: null,
    userId: null,
  }),
  initial: 'restoring',
  on: {
    REMOTE_SESSION: {
      guard: { type: 'canAdopt', params: ({ event }) => event },
      target: '.signedIn',
      actions: { type: 'adopt', params: ({ event }) => event },
    },
  },
  states: {
    restoring: {
      invoke: {
        src: 'restore',
        input: ({ context }) => ({ tokens: context.tokens, now: context.now }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'signedIn',
            actions: { type: 'restored', params: ({ event }) => event.output as StoredSession },
          },
          { target: 'signedOut' },
        ],
        // A store that throws is treated as empty: never crash on storage.
        onError: { target: 'signedOut' },
      },
      // An explicit login or logout wins over a restore still reading the store.
      on: {
        LOGIN: { target: 'signingIn' },
        LOGOUT: { target: 'signedOut', actions: ['clearTokens', 'forget'] },
      },
    },
    signedOut: {
      on: {
        LOGIN: { target: 'signingIn' },
      },
    },
    signingIn: {
      // Entry actions run before the login child is spawned, so the LOGIN that brought us here
      // is raised again and forwarded by the handler below once the child exists.
      entry: [assign({ error: null }), raise(({ event }) => event)],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ auth: context.auth }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'saveLogin', params: ({ event }) => ({ output: event.output as LoginSuccess }) },
        },
      },
      // Re-entry on LOGIN would restart the login child; instead forward to it.
      on: {
        LOGIN: {
          // A LOGIN while a request is in flight is ignored, like a second SUBMIT; otherwise it
          // starts over (also from the two-factor step, with other credentials).
          actions: enqueueActions(({ enqueue, event, self }) => {
            // `self.getSnapshot()` is the last committed snapshot: right after entering, it has
            // no login child yet, which means the child is fresh and idle.
            const child = self.getSnapshot().children.login?.getSnapshot();
            if (child?.matches('submitting') || child?.matches('verifyingTwoFactor')) return;
            if (child && !child.matches('idle')) enqueue.sendTo('login', { type: 'RESET' });
            enqueue.sendTo('login', {
              type: 'SUBMIT',
              login: event.login,
              password: event.password,
              ...(event.captchaToken === undefined ? {} : { captchaToken: event.captchaToken }),
              ...(event.appSource === undefined ? {} : { appSource: event.appSource }),
            });
          }),
        },
        SUBMIT_CODE: {
          actions: sendTo('login', ({ event }) => ({
            type: 'SUBMIT_CODE' as const,
            code: event.code,
            captchaToken: event.captchaToken,
          })),
        },
        CANCEL: { target: 'signedOut' },
      },
    },
    signedIn: {
      entry: emit(({ context }) => ({ type: 'signedIn' as const, user: context.user })),
      invoke: {
        id: 'refresh',
        src: 'refreshCycle',
        // The cycle starts from when the token was saved: now after a login, or the stored
        // `savedAt` after a restore (a tab reopened 5 h in refreshes 1 h later, not 6).
        input: ({ context }) => ({
          auth: guardedRefresh({
            auth: context.auth,
            tokens: context.tokens,
            crossTab: context.crossTab,
            timers: context.timers,
            now: context.now,
          }),
          intervalMs: context.intervalMs,
          tickMs: context.tickMs,
          now: context.now,
          random: context.random,
          savedAt: context.savedAt ?? context.now(),
        }),
      },
      on: {
        TICK: [
          { guard: 'isExpired', target: 'signedOut', actions: ['clearTokens', 'forget', 'emitExpired'] },
          { actions: sendTo('refresh', { type: 'TICK' }) },
        ],
        REFRESH: { actions: sendTo('refresh', { type: 'REFRESH' }) },
        TOKEN_REFRESHED: {
          actions: [
            { type: 'saveRefreshed', params: ({ event }) => ({ accessToken: event.accessToken }) },
            assign({ error: null }),
            emit(({ event }) => ({ type: 'tokenRefreshed' as const, accessToken: event.accessToken })),
          ],
        },
        REFRESH_FAILED: {
          actions: [
            assign({ error: ({ event }) => event.error }),
            emit(({ event }) => ({ type: 'refreshFailed' as const, error: event.error })),
          ],
        },
        SESSION_EXPIRED: { target: 'signedOut', actions: ['clearTokens', 'forget', 'emitExpired'] },
        // Another tab refreshed (or logged in again): take its token; the cycle restarts from
        // it, aborting a refresh of ours still in flight (we lost that race).
        REMOTE_SESSION: [
          {
            guard: { type: 'isNewer', params: ({ event }) => event },
            actions: [
              { type: 'adopt', params: ({ event }) => event },
              sendTo('refresh', ({ event }) => ({
                type: 'TOKEN_SAVED' as const,
                accessToken: event.session.accessToken,
                savedAt: event.session.savedAt,
              })),
              emit(({ event }) => ({
                type: 'tokenRefreshed' as const,
                accessToken: event.session.accessToken,
              })),
            ],
          },
          // An older or identical session (a sync answer crossing our refresh) is dropped here,
          // so it never reaches the root handler, which would re-enter signedIn with it.
          {},
        ],
        REMOTE_SIGNED_OUT: {
          target: 'signedOut',
          actions: [
            'clearTokensUnlessNewer',
            { type: 'forget', params: ({ event }) => ({ at: event.at ?? null }) },
            emit({ type: 'signedOut' as const, reason: 'logout' as const }),
          ],
        },
        LOGOUT: { target: 'signingOut', actions: 'announceSignOut' },
      },
    },
    signingOut: {
      // Another tab's login must not undo this logout: REMOTE_SESSION is not taken here.
      on: { REMOTE_SESSION: {} },
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ auth: context.auth, tokens: context.tokens }),
        // Signed out either way: a failed logout request must not keep a session alive here.
        onDone: { target: 'signedOut', actions: 'clearTokens' },
        onError: {
          target: 'signedOut',
          actions: ['clearTokens', assign({ error: ({ event }) => asPamError(event.error) })],
        },
      },
      exit: ['forget', emit({ type: 'signedOut' as const, reason: 'logout' as const })],
    },
  },
});
