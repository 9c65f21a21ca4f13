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
import { type SessionEmitted, sessionMachine } from './sessionMachine';

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
  now?: () => number;
  /**
   * An XState inspector (e.g. the Stately inspector's `inspect`). Always wrapped in
   * `redactInspection`, so it never sees a password, code or token.
   */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /**
   * Wake-up signals that make the refresh cycle look at the wall clock at once (a tab coming
   * back, the network returning). Default: `visibilitychange`, `focus` and `online` in a browser,
   * nothing elsewhere. Return an unsubscribe function.
   */
  onWake?: (wake: () => void) => () => void;
}

export type PamClientEvent = SessionEmitted['type'];
type Listener<T extends PamClientEvent> = (event: Extract<SessionEmitted, { type: T }>) => void;

export interface LoginCredentials {
  login: string;
  password: string | Secret;
  captchaToken?: string;
  appSource?: string;
}

export interface PamClient {
  http: HttpAdapter;
  auth: AuthModule;
  user: UserModule;
  tokens: TokenStore;
  /** The running session actor (`signedOut` / `signingIn` / `signedIn` / `signingOut`). */
  session: Actor<typeof sessionMachine>;
  /** Starts (or restarts) a login; the password is boxed before it reaches any actor. */
  login(credentials: LoginCredentials): void;
  /** Sends the two-factor code; boxed like the password. */
  submitCode(code: string | Secret, captchaToken?: string): void;
  logout(): void;
  /** Fires after the state it reports is committed. Returns an unsubscribe function. */
  on<T extends PamClientEvent>(type: T, listener: Listener<T>): () => void;
  /** Stops the session and its timers, aborting requests in flight. */
  stop(): void;
}

function redacted(inspect: NonNullable<PamClientOptions['inspect']>) {
  return typeof inspect === 'function' ? redactInspection(inspect) : redactInspection(inspect);
}

function browserWake(wake: () => void): () => void {
  // Looked up at call time, so importing this module never touches `window` (SSR-safe).
  const doc = (globalThis as { document?: Document }).document;
  const win = (globalThis as { window?: Window }).window;
  if (!doc || !win) return () => {};
  const onVisible = () => {
    if (doc.visibilityState === 'visible') wake();
  };
  doc.addEventListener('visibilitychange', onVisible);
  win.addEventListener('focus', wake);
  win.addEventListener('online', wake);
  return () => {
    doc.removeEventListener('visibilitychange', onVisible);
    win.removeEventListener('focus', wake);
    win.removeEventListener('online', wake);
  };
}

/**
 * One adapter, one token store, both modules and a running session, wired together: the
 * adapter reads the token from the store, and a 401 on any authenticated call waits for one
 * shared refresh through the session's refresh cycle.
 *
 * @example
 * const client = createPamClient({ baseURL: 'https://api.example.com' });
 * client.on('signedIn', () => router.push('/account'));
 * client.login({ login: 'player@example.com', password: typedPassword });
 */
export function createPamClient(options: PamClientOptions): PamClient {
  const tokens = options.storage ?? createMemoryTokenStore();
  let session: Actor<typeof sessionMachine> | undefined;

  const http = createOfetchAdapter({
    baseURL: options.baseURL,
    getAccessToken: async () => (await tokens.get())?.accessToken ?? null,
    onUnauthorized: () => (session ? refreshThroughSession(session) : Promise.resolve(false)),
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  const auth = createAuthModule(http, options.endpoints ? { endpoints: options.endpoints } : {});
  const user = createUserModule(http);

  session = createActor(sessionMachine, {
    input: {
      auth,
      tokens,
      intervalMs: options.refresh?.intervalMs,
      tickMs: options.refresh?.tickMs,
      ...(options.now ? { now: options.now } : {}),
    },
    ...(options.inspect ? { inspect: redacted(options.inspect) } : {}),
  });
  const actor = session;
  const unwake = (options.onWake ?? browserWake)(() => actor.send({ type: 'TICK' }));
  actor.start();

  return {
    http,
    auth,
    user,
    tokens,
    session: actor,
    login: ({ login, password, captchaToken, appSource }) =>
      actor.send({ type: 'LOGIN', login, password: secret(password), captchaToken, appSource }),
    submitCode: (code, captchaToken) => actor.send({ type: 'SUBMIT_CODE', code: secret(code), captchaToken }),
    logout: () => actor.send({ type: 'LOGOUT' }),
    on: (type, listener) => {
      const sub = actor.on(type, listener as (event: SessionEmitted) => void);
      return () => sub.unsubscribe();
    },
    stop: () => {
      unwake();
      actor.stop();
    },
  };
}

/**
 * The adapter's `onUnauthorized`: ask the session for a refresh and wait for its outcome. The
 * adapter already makes this single-flight, and the refresh cycle ignores a REFRESH while one is
 * in flight, so N concurrent 401s cost one refresh.
 */
function refreshThroughSession(session: Actor<typeof sessionMachine>): Promise<boolean> {
  if (!session.getSnapshot().matches('signedIn')) return Promise.resolve(false);
  return new Promise((resolve) => {
    const subs = [
      session.on('tokenRefreshed', () => done(true)),
      session.on('sessionExpired', () => done(false)),
      session.on('refreshFailed', () => done(false)),
      session.subscribe({
        next: (s) => {
          if (!s.matches('signedIn')) done(false);
        },
        error: () => done(false),
        complete: () => done(false),
      }),
    ];
    function done(ok: boolean) {
      for (const sub of subs) sub.unsubscribe();
      resolve(ok);
    }
    session.send({ type: 'REFRESH' });
  });
}
