import type {
  AuthModule,
  AuthUser,
  LoginSuccess,
  PamError,
  Secret,
  StoredSession,
  TokenStore,
} from 'pam-client';
import { assign, emit, enqueueActions, fromPromise, raise, sendTo, setup } from 'xstate';
import { loginMachine } from './loginMachine';
import { asPamError } from './shared';
import { tokenRefreshMachine } from './tokenRefreshMachine';

export interface SessionInput {
  auth: AuthModule;
  tokens: TokenStore;
  /** Passed to the refresh cycle. */
  intervalMs?: number;
  tickMs?: number;
  now?: () => number;
}

export interface SessionContext {
  auth: AuthModule;
  tokens: TokenStore;
  intervalMs: number | undefined;
  tickMs: number | undefined;
  now: () => number;
  /** The signed-in user as the login answered it (no token: that lives in the token store). */
  user: AuthUser | null;
  error: PamError | null;
}

export type SessionEvent =
  | { type: 'LOGIN'; login: string; password: string | Secret; captchaToken?: string; appSource?: string }
  | { type: 'SUBMIT_CODE'; code: string | Secret; captchaToken?: string }
  | { type: 'CANCEL' }
  | { type: 'LOGOUT' }
  | { type: 'TICK' }
  | { type: 'REFRESH' }
  | { type: 'TOKEN_REFRESHED'; accessToken: string }
  | { type: 'REFRESH_FAILED'; error: PamError }
  | { type: 'SESSION_EXPIRED' };

/** What `client.on(...)` listens to; each fires after the state it reports is committed. */
export type SessionEmitted =
  | { type: 'signedIn'; user: AuthUser | null }
  | { type: 'signedOut'; reason: 'logout' | 'expired' }
  | { type: 'tokenRefreshed'; accessToken: string }
  | { type: 'sessionExpired' }
  | { type: 'refreshFailed'; error: PamError };

/**
 * The refresh cycle as a child of the session. XState has no declarative way for a parent to
 * hear a child's `emit` (statelyai/xstate#5059), so the session provides the cycle's notify
 * actions with versions that both emit (for direct listeners) and tell the parent.
 */
const sessionRefreshCycle = tokenRefreshMachine.provide({
  actions: {
    emitRefreshed: enqueueActions(({ enqueue }, params: { accessToken: string }) => {
      enqueue.emit({ type: 'tokenRefreshed', accessToken: params.accessToken });
      enqueue.sendParent({ type: 'TOKEN_REFRESHED', accessToken: params.accessToken });
    }),
    emitExpired: enqueueActions(({ enqueue }) => {
      enqueue.emit({ type: 'sessionExpired' });
      enqueue.sendParent({ type: 'SESSION_EXPIRED' });
    }),
    emitRefreshFailed: enqueueActions(({ enqueue }, params: { error: PamError }) => {
      enqueue.emit({ type: 'refreshFailed', error: params.error });
      enqueue.sendParent({ type: 'REFRESH_FAILED', error: params.error });
    }),
  },
});

function sessionFromLogin(response: LoginSuccess, now: number): StoredSession {
  return {
    accessToken: response.access_token,
    tokenType: response.token_type || 'Bearer',
    expiresAt: Number.isFinite(response.expires_in) ? now + response.expires_in * 1000 : null,
    savedAt: now,
    ...(typeof response.user.id === 'number' ? { userId: response.user.id } : {}),
  };
}

/**
 * Runs `fn` at once for a synchronous store (the built-in ones), so the token is in the store
 * before anyone hears `tokenRefreshed` and retries with it; after the promise for an async one.
 */
function andThen<T, R>(value: T | Promise<T>, fn: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(fn) : fn(value);
}

/** Storage failures never crash the session (the store itself already swallows its own). */
function settle(result: unknown): void {
  if (result instanceof Promise) result.catch(() => {});
}

function savedAtOf(event: { type: string }): number | undefined {
  const output = (event as { output?: unknown }).output;
  const savedAt =
    output && typeof output === 'object' ? (output as { savedAt?: unknown }).savedAt : undefined;
  return typeof savedAt === 'number' ? savedAt : undefined;
}

/**
 * The session: login (with its two-factor branch), the refresh cycle while signed in, and
 * logout. The access token lives only in the token store (which the HTTP adapter reads), never
 * in a snapshot.
 *
 * States: `restoring` (reads the store once at start), `signedOut`, `signingIn` (the login
 * machine runs as child `login`: read its state for the form), `signedIn` (the refresh cycle
 * runs as child `refresh`), `signingOut`.
 *
 * @example
 * const session = createActor(sessionMachine, { input: { auth, tokens: createMemoryTokenStore() } }).start();
 * session.send({ type: 'LOGIN', login: 'player@example.com', password: secret(typed) });
 */
export const sessionMachine = setup({
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
        const stored = await input.tokens.get();
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
    logout: fromPromise<void, { auth: AuthModule }>(({ input, signal }) => input.auth.logout({ signal })),
    clearTokens: fromPromise<void, { tokens: TokenStore }>(async ({ input }) => {
      await input.tokens.clear();
    }),
  },
  actions: {
    saveLogin: ({ context }, params: { output: LoginSuccess }) => {
      settle(context.tokens.set(sessionFromLogin(params.output, context.now())));
    },
    saveRefreshed: ({ context }, params: { accessToken: string }) => {
      const now = context.now();
      settle(
        andThen(context.tokens.get(), (current) =>
          context.tokens.set({
            accessToken: params.accessToken,
            tokenType: current?.tokenType ?? 'Bearer',
            // The refresh answer carries no expiry; keep the life span the login announced.
            expiresAt: current?.expiresAt != null ? now + (current.expiresAt - current.savedAt) : null,
            savedAt: now,
            ...(current?.userId === undefined ? {} : { userId: current.userId }),
          }),
        ),
      );
    },
    clearTokens: ({ context }) => {
      settle(context.tokens.clear());
    },
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
  }),
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        src: 'restore',
        input: ({ context }) => ({ tokens: context.tokens, now: context.now }),
        onDone: [
          { guard: ({ event }) => event.output !== null, target: 'signedIn' },
          { target: 'signedOut' },
        ],
        // A store that throws is treated as empty: never crash on storage.
        onError: { target: 'signedOut' },
      },
      // An explicit login wins over a restore still reading the store.
      on: { LOGIN: { target: 'signingIn' } },
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
          actions: [
            { type: 'saveLogin', params: ({ event }) => ({ output: event.output as LoginSuccess }) },
            assign({ user: ({ event }) => (event.output as LoginSuccess).user ?? null }),
          ],
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
        input: ({ context, event }) => ({
          auth: context.auth,
          intervalMs: context.intervalMs,
          tickMs: context.tickMs,
          now: context.now,
          savedAt: savedAtOf(event) ?? context.now(),
        }),
      },
      on: {
        TICK: { actions: sendTo('refresh', { type: 'TICK' }) },
        REFRESH: { actions: sendTo('refresh', { type: 'REFRESH' }) },
        TOKEN_REFRESHED: {
          actions: [
            { type: 'saveRefreshed', params: ({ event }) => ({ accessToken: event.accessToken }) },
            emit(({ event }) => ({ type: 'tokenRefreshed' as const, accessToken: event.accessToken })),
          ],
        },
        REFRESH_FAILED: {
          actions: [
            assign({ error: ({ event }) => event.error }),
            emit(({ event }) => ({ type: 'refreshFailed' as const, error: event.error })),
          ],
        },
        SESSION_EXPIRED: {
          target: 'signedOut',
          actions: [
            'clearTokens',
            assign({ user: null }),
            emit({ type: 'sessionExpired' as const }),
            emit({ type: 'signedOut' as const, reason: 'expired' as const }),
          ],
        },
        LOGOUT: { target: 'signingOut' },
      },
    },
    signingOut: {
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ auth: context.auth }),
        // Signed out either way: a failed logout request must not keep a session alive here.
        onDone: { target: 'signedOut', actions: 'clearTokens' },
        onError: {
          target: 'signedOut',
          actions: ['clearTokens', assign({ error: ({ event }) => asPamError(event.error) })],
        },
      },
      exit: [assign({ user: null }), emit({ type: 'signedOut' as const, reason: 'logout' as const })],
    },
  },
});
