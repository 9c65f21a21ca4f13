import {
  type AuthEndpoints,
  type AuthModule,
  createAuthModule,
  createMemoryTokenStore,
  createOfetchAdapter,
  createUserModule,
  type HttpAdapter,
  redactInspection,
  type Secret,
  secret,
  type TokenStore,
  type UserModule,
} from 'pam-client';
import { type Actor, createActor, type InspectionEvent, type Observer } from 'xstate';
import { type DebugLogger, debugInspector } from './client/debug';
import { type MutationOutcomeUnknown, withOutcomeCheck } from './client/outcome';
import { withPendingWrites } from './client/pending-writes';
import { type CrossTab, createCrossTab } from './cross-tab';
import { browserEnvironment, isOwnedChannel, onWake, type PamEnvironment } from './environment';
import { type SessionEmitted, sessionMachine } from './sessionMachine';

export type { DebugLogger } from './client/debug';
export type { Mutation, MutationOutcomeUnknown } from './client/outcome';

export interface PamClientOptions {
  baseURL: string;
  /** Where the session is kept. Default: memory (gone on reload). Opt in to `createWebStorageTokenStore()`. */
  storage?: TokenStore;
  endpoints?: Partial<AuthEndpoints>;
  timeout?: number;
  retry?: number;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /** Refresh cycle tuning (defaults: 6 h interval, a check every 60 s). */
  refresh?: { intervalMs?: number; tickMs?: number };
  /** The wall clock. Same as `environment.now`, which it overrides. */
  now?: () => number;
  /**
   * Clock, timers, visibility, focus, network and the cross-tab channel. Each part left out is
   * the browser's (looked up when the client is created, never at import); outside a browser the
   * signals are inert and there is no channel. `channel: null` keeps the session to this tab.
   */
  environment?: Partial<PamEnvironment>;
  /**
   * An XState inspector (e.g. the Stately inspector's `inspect`). Always wrapped in
   * `redactInspection`, so it never sees a password, code or token.
   */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** A debug log of the session (`true`: `console.debug`). Goes through the same redaction as `inspect`. */
  debug?: boolean | DebugLogger;
  /**
   * Wake-up signals that make the refresh cycle look at the wall clock at once (a tab coming
   * back, the network returning). Default: the environment's `visibilitychange` (to visible),
   * `focus` and `online`. Return an unsubscribe function.
   */
  onWake?: (wake: () => void) => () => void;
}

type ClientEmitted = SessionEmitted | MutationOutcomeUnknown;
export type PamClientEvent = ClientEmitted['type'];
type Listener<T extends PamClientEvent> = (event: Extract<ClientEmitted, { type: T }>) => void;

export interface LoginCredentials {
  login: string;
  password: string | Secret;
  captchaToken?: string | Secret;
  appSource?: string;
}

export interface PamClient {
  http: HttpAdapter;
  auth: AuthModule;
  /** The user module; a mutation whose outcome is unknown (timeout) re-reads the profile, never resends. */
  user: UserModule;
  tokens: TokenStore;
  /** The environment in use (the injected parts, browser defaults for the rest). */
  environment: PamEnvironment;
  /** The running session actor (`signedOut` / `signingIn` / `signedIn` / `signingOut`). */
  session: Actor<typeof sessionMachine>;
  /** Starts (or restarts) a login; the password is boxed before it reaches any actor. */
  login(credentials: LoginCredentials): void;
  /** Sends the two-factor code; boxed like the password. */
  submitCode(code: string | Secret, captchaToken?: string | Secret): void;
  logout(): void;
  /** Fires after the state it reports is committed. Returns an unsubscribe function. */
  on<T extends PamClientEvent>(type: T, listener: Listener<T>): () => void;
  /** Stops the session, its timers and its channel listener, aborting requests in flight. */
  stop(): void;
}

function inspector(options: PamClientOptions) {
  const observers: Array<(event: InspectionEvent) => void> = [];
  const { inspect, debug } = options;
  if (typeof inspect === 'function') observers.push(redactInspection(inspect));
  else if (inspect) {
    const wrapped = redactInspection(inspect);
    observers.push((event) => wrapped.next?.(event));
  }
  if (debug) observers.push(debugInspector(debug));
  if (observers.length === 0) return {};
  return {
    inspect: (event: InspectionEvent) => {
      for (const observe of observers) observe(event);
    },
  };
}

/**
 * One adapter, one token store, both modules and a running session, wired together: the
 * adapter reads the token from the store, and a 401 on any authenticated call waits for one
 * shared refresh through the session's refresh cycle. In a browser, the tabs of an origin share
 * the session over a `BroadcastChannel`.
 *
 * @example
 * const client = createPamClient({ baseURL: 'https://api.example.com' });
 * client.on('signedIn', () => router.push('/account'));
 * client.login({ login: 'player@example.com', password: typedPassword });
 */
export function createPamClient(options: PamClientOptions): PamClient {
  const tokens = withPendingWrites(options.storage ?? createMemoryTokenStore());
  const overrides = { ...options.environment, ...(options.now ? { now: options.now } : {}) };
  const env = browserEnvironment(overrides, `pam-client:${options.baseURL}`);
  const crossTab: CrossTab | null = env.channel
    ? createCrossTab(env.channel, { ...env, ownsChannel: isOwnedChannel(env.channel) })
    : null;
  let session: Actor<typeof sessionMachine> | undefined;
  // Requests waiting on a refresh: `stop()` answers them (false), since a stopped actor never will.
  const waiters = new Set<(ok: boolean) => void>();

  const http = createOfetchAdapter({
    baseURL: options.baseURL,
    getAccessToken: async () => (await tokens.get())?.accessToken ?? null,
    onUnauthorized: () => (session ? refreshThroughSession(session, waiters) : Promise.resolve(false)),
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  const auth = createAuthModule(http, options.endpoints ? { endpoints: options.endpoints } : {});
  const outcomeListeners = new Set<(event: MutationOutcomeUnknown) => void>();
  const user = withOutcomeCheck(createUserModule(http), auth, (event) => {
    for (const listener of [...outcomeListeners]) {
      try {
        listener(event);
      } catch (error) {
        // An app listener's bug must not hide the others, nor the mutation's own error.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  });

  session = createActor(sessionMachine, {
    input: {
      auth,
      tokens,
      intervalMs: options.refresh?.intervalMs,
      tickMs: options.refresh?.tickMs,
      now: env.now,
      crossTab,
      random: env.random,
      timers: env.timers,
    },
    clock: env.timers as never,
    ...inspector(options),
  });
  const actor = session;
  const unwake = (options.onWake ?? ((wake: () => void) => onWake(env, wake)))(() =>
    actor.send({ type: 'TICK' }),
  );
  const unlisten = crossTab?.subscribe((message) => {
    if (message.type === 'session') {
      actor.send({
        type: 'REMOTE_SESSION',
        session: message.session,
        user: message.user,
        reason: message.reason,
      });
    } else if (message.type === 'signedOut') actor.send({ type: 'REMOTE_SIGNED_OUT', at: message.at });
    else if (message.type === 'syncRequest') answerSync(actor, tokens, crossTab);
  });
  actor.start();
  // A tab opened after the login asks the others for the session (the default store is per tab).
  crossTab?.requestSync();

  return {
    http,
    auth,
    user,
    tokens,
    environment: env,
    session: actor,
    login: ({ login, password, captchaToken, appSource }) =>
      actor.send({
        type: 'LOGIN',
        login,
        password: secret(password),
        captchaToken: boxed(captchaToken),
        appSource,
      }),
    submitCode: (code, captchaToken) =>
      actor.send({ type: 'SUBMIT_CODE', code: secret(code), captchaToken: boxed(captchaToken) }),
    logout: () => actor.send({ type: 'LOGOUT' }),
    on: (type, listener) => {
      if (type === 'mutationOutcomeUnknown') {
        const l = listener as (event: MutationOutcomeUnknown) => void;
        outcomeListeners.add(l);
        return () => outcomeListeners.delete(l);
      }
      const sub = actor.on(type as SessionEmitted['type'], listener as (event: SessionEmitted) => void);
      return () => sub.unsubscribe();
    },
    stop: () => {
      unwake();
      unlisten?.();
      crossTab?.close();
      outcomeListeners.clear();
      actor.stop();
      for (const done of [...waiters]) done(false);
    },
  };
}

/** A captcha token is single-use, but still a secret while it lives: boxed like the password. */
const boxed = (value: string | Secret | undefined) => (value === undefined ? undefined : secret(value));

/** Another tab asked for the session: a signed-in tab answers with the one in its store. */
function answerSync(actor: Actor<typeof sessionMachine>, tokens: TokenStore, crossTab: CrossTab | null) {
  const snapshot = actor.getSnapshot();
  if (!snapshot.matches('signedIn')) return;
  Promise.resolve(tokens.get())
    .then((stored) => {
      if (stored && actor.getSnapshot().matches('signedIn')) {
        crossTab?.publishSession(stored, 'sync', snapshot.context.user);
      }
    })
    .catch(() => {});
}

/**
 * The adapter's `onUnauthorized`: ask the session for a refresh and wait for its outcome. The
 * adapter already makes this single-flight, and the refresh cycle ignores a REFRESH while one is
 * in flight, so N concurrent 401s cost one refresh.
 */
function refreshThroughSession(
  session: Actor<typeof sessionMachine>,
  waiters: Set<(ok: boolean) => void>,
): Promise<boolean> {
  const snapshot = session.getSnapshot();
  // A stopped actor still shows its last state, but nothing will ever answer it.
  if (snapshot.status !== 'active' || !snapshot.matches('signedIn')) return Promise.resolve(false);
  return new Promise((resolve) => {
    let subs: { unsubscribe(): void }[] = [];
    function done(ok: boolean) {
      if (!waiters.delete(done)) return;
      for (const sub of subs) sub.unsubscribe();
      resolve(ok);
    }
    waiters.add(done);
    subs = [
      session.on('tokenRefreshed', () => done(true)),
      session.on('sessionExpired', () => done(false)),
      session.on('refreshFailed', () => done(false)),
      session.subscribe({
        next: (s) => {
          if (s.status !== 'active' || !s.matches('signedIn')) done(false);
        },
        error: () => done(false),
        complete: () => done(false),
      }),
    ];
    session.send({ type: 'REFRESH' });
  });
}
