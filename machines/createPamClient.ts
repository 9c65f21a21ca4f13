import {
  AbortedError,
  type AuthEndpoints,
  type AuthModule,
  createMemoryTokenStore,
  createOfetchAdapter,
  type HttpAdapter,
  type RegistrationModule,
  type Secret,
  type TokenStore,
  UnauthorizedError,
  type UserModule,
} from 'pam-client';
import { createAuthCore } from 'pam-client/internal';
import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { type DebugLogger, noServerDateOnce } from './client/debug';
import {
  type ClientFlow,
  debugLog,
  type FlowParts,
  inspectAll,
  inspector,
  operatorPreset,
} from './client/flows';
import type { MutationOutcomeUnknown } from './client/outcome';
import { inertClient, isInertOnServer } from './client/server-render';
import {
  guardCommands,
  refreshThroughSession,
  refreshWaitOf,
  type SessionActor,
  type SessionRef,
  type SessionState,
  type SessionView,
  sessionActors,
  viewOf,
} from './client/session-facade';
import type { StepUpPrompt } from './client/step-up';
import { stoppable, stoppedAtSend } from './client/stoppable';
import { createViewHub, listenerOf, loginFields, notify } from './client/view-hub';
import { environmentOf, type PamEnvironment } from './environment';
import type { FunnelEvent } from './funnel/events';
import type { CaptchaToken } from './login/request';
import { checkOptions } from './options-check';
import { mergeFlows } from './session/flows';
import { sameOwner } from './session/profile-rules';
import { revokeToken } from './session/revoke';
import { guardStore, ownSession, sidOf } from './session/store';
import {
  createSessionMachine,
  type RegisterCommandPayload,
  type SessionEmitted,
  type SessionInput,
} from './sessionMachine';

export type { DebugLogger } from './client/debug';
export type { Mutation, MutationOutcomeUnknown } from './client/outcome';
export type { SessionActor, SessionState } from './client/session-facade';

/**
 * The options of `createPamClient` and `createCustomPamClient` (README: Options).
 *
 * @example
 * createPamClient({ baseURL: 'https://api.example.com', timeout: 10_000 } satisfies PamClientOptions);
 */
export interface PamClientOptions {
  /** The service's absolute URL (a relative one such as `/api` only in a browser page). */
  baseURL: string;
  /** Where the session is kept. Default: memory (gone on reload). Opt in to `createWebStorageTokenStore()`. */
  storage?: TokenStore;
  /** Where some auth operations go (registration's included) instead of the defaults. */
  endpoints?: Partial<AuthEndpoints>;
  /** Per request, ms (default 15 000). Also how long a tab waits for another tab's refresh. */
  timeout?: number;
  retry?: number;
  headers?: Record<string, string>;
  /** The `fetch` the adapter sends with (default the global one). */
  fetch?: typeof fetch;
  /** Refresh cycle tuning (defaults: 6 h interval, a check every 60 s). */
  refresh?: { intervalMs?: number; tickMs?: number };
  /**
   * Clock, timers, visibility, focus, network and the cross-tab channel: the one seam to the
   * outside world. Each part left out is the browser's (looked up when the client is created, never
   * at import); outside a browser the signals are inert and there is no channel. `channel: null`
   * keeps the session to this tab.
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
   * Where a player's play-time clock is kept (one clock for the tabs of an origin). Default:
   * `localStorage` under `pam-client.play-time:<user id>` in a browser, memory elsewhere.
   */
  playClock?: SessionInput['playClock'];
  /**
   * The step-up prompt for every sensitive change made without its own `onStepUp` (limits, pause,
   * self-exclusion, e-mail, phone, address, profile): the player's password, or null to cancel.
   * Wrong passwords are limited per player like 2FA codes. Needs the user module.
   */
  onStepUp?: StepUpPrompt;
  /**
   * The flows the client runs (see `tabs`, `profile`, `playTime`, `userModule`, `debugLog`).
   * `createPamClient` runs `operatorPreset()` when absent; `createCustomPamClient` runs only these.
   */
  flows?: readonly ClientFlow[];
}

type ClientEmitted = SessionEmitted | MutationOutcomeUnknown | FunnelEvent;
/**
 * The event names `client.on` takes: the session's, `mutationOutcomeUnknown`, and the funnel's.
 *
 * @example
 * const name: PamClientEvent = 'signedOut';
 */
export type PamClientEvent = ClientEmitted['type'];
type Listener<T extends PamClientEvent> = (event: Extract<ClientEmitted, { type: T }>) => void;

/**
 * What `client.login` takes (the session's `LOGIN` command).
 *
 * @example
 * client.login({ login: 'ana@example.com', password: secret(pw) } satisfies LoginCredentials);
 */
export interface LoginCredentials {
  login: string;
  password: string | Secret;
  /** The captcha token, or a provider called at each send (the two-factor step too). */
  captchaToken?: CaptchaToken;
  appSource?: string;
}

/** A client as `createCustomPamClient` builds it: `user` only with the `userModule()` flow. */
export interface PamClientBase {
  http: HttpAdapter;
  /**
   * The auth operations, with the session's token. A login made through it (`login`, its
   * two-factor step too) is the caller's, not the session's: its answer holds the access token, and
   * the session neither shows, refreshes nor revokes it (review 121). Sign players in with
   * `client.login(...)` (or a session binding's `login`).
   */
  auth: AuthModule;
  tokens: TokenStore;
  /** The environment in use (the injected parts, browser defaults for the rest). */
  environment: PamEnvironment;
  /**
   * The running session actor.
   *
   * @deprecated Kept for this release only (0.2.0), removed in the next. Apps: `client.state`
   * (`getSnapshot()`, `subscribe`, `send`), `client.view` / `client.subscribe` and the session
   * bindings; developer tools: `sessionActorOf(client)` (`pam-client/devtools`).
   */
  session: SessionActor;
  /**
   * The session as an app follows it: `getSnapshot()` (the view), `subscribe`, `send(command)`.
   * What `useSelector`, `toStore` and `subscribeTo` take. No actor, child or token.
   */
  readonly state: SessionState;
  /** What to render: one flat, frozen object (see `SessionView`); a new object only when something changed. */
  readonly view: SessionView;
  /** Calls `listener` with the new view each time it changes (not at once). Returns an unsubscribe function. */
  subscribe(listener: (view: SessionView) => void): () => void;
  /** Starts (or restarts) a login; the password is boxed before it reaches any actor. */
  login(credentials: LoginCredentials): void;
  /**
   * Registers (spec 5.3) and signs the new player in, as a login would; the password is boxed at once.
   * Needs the `registration()` flow (in the operator preset): without it the session fails at once
   * (`view.status` 'failed', `view.error` a `ConfigurationError` naming the flow) and nothing is sent.
   */
  register(payload: RegisterCommandPayload): void;
  /** Sends the two-factor code; boxed like the password. */
  submitCode(code: string | Secret, captchaToken?: CaptchaToken): void;
  /** Abandons a login or registration (the two-factor step included), or leaves `failed` / `cancelledAccount`. */
  cancel(): void;
  /** Ends the session here and in every tab; during a login, abandons it. */
  logout(): void;
  /** Fires after the state it reports is committed. Returns an unsubscribe function. */
  on<T extends PamClientEvent>(type: T, listener: Listener<T>): () => void;
  /**
   * Stops the session, its timers and its channel listener. Calls of `user`, `http` and `auth` in
   * flight end with `aborted`, and later ones are refused with `aborted`, nothing sent (a revoke
   * already scheduled still goes out; a login `auth` made, answered after, is revoked).
   */
  stop(): void;
}

/** The client of `createPamClient` (the operator preset): with the user module and registration. */
export interface PamClient extends PamClientBase {
  /** The auth module with registration's `registerSimplified` and `validateDocument`. */
  auth: AuthModule & RegistrationModule;
  /**
   * The user module. A mutation whose outcome is unknown (timeout) re-reads the profile, never
   * resends; a responsible-gaming change (limits, pause, self-exclusion) re-reads the restrictions.
   */
  user: UserModule;
}

/**
 * A custom client: with `user` when its flows include `userModule()`, and registration in `auth`
 * with `registration()`. For a list whose names the type cannot see (a wide `ClientFlow[]` built at
 * run time), both are optional: check before calling.
 */
export type CustomPamClient<F extends readonly ClientFlow[]> = PamClientBase &
  (string extends F[number]['name']
    ? { user?: UserModule; auth: Partial<RegistrationModule> }
    : ('user' extends F[number]['name'] ? { user: UserModule } : { user?: undefined }) &
        ('registration' extends F[number]['name'] ? { auth: RegistrationModule } : unknown));

/** The flows there are: each of the first five at most once (a second would run its part twice); observers may repeat. */
const FLOWS = ['tabs', 'profile', 'playTime', 'user', 'registration', 'debug', 'inspect', 'funnel'];

/**
 * One adapter, one token store, both modules and a running session, wired together: the
 * adapter reads the token from the store, and a 401 on any authenticated call waits for one
 * shared refresh through the session's refresh cycle. Runs this operator's preset of flows
 * (`operatorPreset()`: the tabs of an origin share the session, the profile with its
 * responsible-gaming restrictions, play time, the user module), or the `flows` given. Create it
 * once per app (a module), not per component.
 *
 * @example
 * export const client = createPamClient({ baseURL: 'https://api.example.com' });
 * client.subscribe((view) => render(view)); // view.status: 'signedOut' | 'signingIn' | ...
 * client.login({ login: 'player@example.com', password: typedPassword });
 */
export function createPamClient(options: PamClientOptions): PamClient {
  checkOptions(options, options?.flows === undefined ? [] : options.flows, FLOWS, 5);
  const flows = [
    ...(options.flows ?? operatorPreset()),
    ...(options.inspect ? [inspector(options.inspect)] : []),
    ...(options.debug ? [debugLog(options.debug)] : []),
  ];
  // With `debug`, one line when the API hides `Date` (paid for only by apps of the preset).
  const onNoServerDate = noServerDateOnce(options.debug);
  return createCustomPamClient({ ...options, flows, onNoServerDate } as typeof options & {
    flows: typeof flows;
  }) as PamClient;
}

/**
 * The client with only the flows given (each bundled only when imported): with none, it signs
 * in, out and refreshes, nothing more (no other tabs, no profile, no play time, no `user`).
 *
 * @example
 * import { createCustomPamClient, tabs, userModule } from 'pam-client/machines';
 * const client = createCustomPamClient({ baseURL, flows: [tabs(), userModule()] });
 */
export function createCustomPamClient<const F extends readonly ClientFlow[]>(
  options: PamClientOptions & { flows: F },
): CustomPamClient<F> {
  checkOptions(options, options?.flows, FLOWS, 5);
  // On a server, a relative baseURL (the browser-only set-up) gives an inert client, not a throw.
  if (isInertOnServer(options)) return inertClient(options, createCustomPamClient<F>);
  // The one clock (docs/time.md): the adapter hands it the `Date` of each answer under the base
  // URL, learned on the clock's own base; every flow reads `serverNow()` from it.
  const implementations = mergeFlows(options.flows.map((f) => f.session ?? {}));
  const env = environmentOf(options.environment);
  // One store for the adapter and the session: guarded (never throws, writes in order, reads see a
  // write in flight, a refused write lives on in memory).
  const tokens = guardStore(options.storage ?? createMemoryTokenStore(), env.timers);
  let session: SessionRef | undefined;
  // Requests waiting on a refresh: `stop()` answers them (false), since a stopped actor never will.
  const waiters = new Set<(ok: boolean) => void>();

  const logins = new Map<string, string>();
  // A wrong option throws here, before anything is opened.
  const http = createOfetchAdapter({
    baseURL: options.baseURL,
    // (`open`: the call's `skipAuthRefresh`, which the adapter hands our getter: a public call
    // never waits for the restore.)
    // (Read last, right before the request leaves: a call of `client.auth` made before `stop()`, its
    // token read after it, sends nothing, as `client.user`'s and `client.http`'s. The session's own
    // sends after a stop, revokes, name their token: no reading. Review 152.)
    getAccessToken: async (open?: boolean, madeIn?: Parameters<typeof sameOwner>[0] | false) => {
      const read = await token(open, madeIn);
      if (stop.signal.aborted) throw new AbortedError('call', '(client stopped: not sent)');
      return read;
    },
    sameLogin: (sent, token) => logins.has(sent) && logins.get(sent) === logins.get(token),
    // (Never before the session stands: a call's 401 comes after it. Were it undefined, the throw is the
    // adapter's `singleFlight` `false`, as no refresh.)
    onUnauthorized: () => refreshThroughSession(session!, waiters),
    onServerDate: (serverMs: number) => env.clock.learn(serverMs),
    onNoServerDate: (options as { onNoServerDate?: () => void }).onNoServerDate,
    // Passed as given: the adapter reads an undefined option as absent (its default).
    timeout: options.timeout,
    retry: options.retry,
    headers: options.headers,
    fetch: options.fetch,
    // The adapter's memory of tokens (REVIEW-C F6): every token the session writes (a login's, a
    // refresh's, one taken from another tab) is scrubbed from its answers, also one never sent here.
    onHold: (hold: (token: string) => void) => {
      const write = tokens.set;
      tokens.set = (stored) => {
        hold(stored.accessToken);
        return write(stored);
      };
    },
  } as Parameters<typeof createOfetchAdapter>[0]);
  // The session's token for a call (the adapter's getter, above).
  async function token(
    open?: boolean,
    madeIn?: Parameters<typeof sameOwner>[0] | false,
  ): Promise<string | undefined> {
    // Restoring when the call asks (judged now: a slow store may answer once the restore landed).
    const then = session?.getSnapshot();
    const held = !open && then?.hasTag('restoring') ? 'restoring' : 'signedIn';
    // The login the call was made in (a try after a refresh keeps the first's): its token or none.
    const login = madeIn || (then?.hasTag('signedIn') && then.context);
    const read = await tokens.get();
    // Never another login's token (REVIEW-I i5): a tab still on an older login of a shared store
    // sends the token it holds of its own, or none when the store holds a newer login (the 401
    // then gives its login up, machines/session/refresh.ts).
    // A tab signed out here sends none: a store it has not taken (another tab's newer login)
    // is not its own until it adopts it (REVIEW-K 3).
    const snapshot = session?.getSnapshot();
    const c = snapshot?.context;
    // The call's login is gone by now, and nothing is sent (refused below, nothing refreshed; a
    // public call goes without: the adapter's `readToken`): made with a login held, and the
    // session holds another by now (signed out, and another player's taken, while a slow store
    // was read: PROBE32 P1); or made with none held (signing out, signed out, signing in), and the
    // session moved on meanwhile: a login taken then is not this call's (LOGREAD30).
    // (A login held then: a session, so a context now.)
    const moved = login ? !sameOwner(login, c!) : !then?.hasTag(held) && c !== then?.context;
    // (The context names the login as `ownerOf` would: its userId, sid and counter.)
    // With no login id held, the store's session only while restoring (the one the restore lands)
    // or signed in on it: signing in (a code asked, its answer on its way), failed or signed out, a
    // store shared with another tab holds that tab's login, never this call's (review 158: a call
    // made at the code prompt went with another player's token and got their profile).
    const stored =
      !moved &&
      (c?.sid != null
        ? ownSession(tokens, read, c).own
        : (snapshot?.hasTag('restoring') || snapshot?.hasTag('signedIn')) && read);
    if (stored && !snapshot?.hasTag('signedOut')) {
      // Which login each token handed out belongs to (a refresh keeps it; `sidOf`: a session of no
      // login id by its token, as the session restored from it holds it, never its counter): the last few.
      logins.set(stored.accessToken, `${stored.userId}:${sidOf(stored)}`);
      if (logins.size > 8) logins.delete(logins.keys().next().value as string);
      return stored.accessToken;
    }
    // Signed in, and no token of its login left (the store holds a newer login: REVIEW-AN AN-3):
    // nothing is sent. The session gives its login up as that call's 401 would have made it do
    // (a refresh of no token of its own), and the call is refused as the 401 would have ended
    // it (a change bound to the login `aborted` meanwhile); a public call goes without
    // (the adapter's `readToken`).
    // (Signed out by then: as `user` refuses a call made signed out.)
    // Restoring with no token to give (a page load: the store still read, the session on its way
    // from another tab), a call that needs one waits for the restore to land (FIXTOK29), as
    // `client.user`'s do (`signedInOnly`): then it goes with the landed login's token, or is
    // refused as above, nothing sent (never sent without one, answered 401 and sent again); its
    // signal or the adapter's timeout ends the wait (`readToken`'s guard). A public call goes without.
    // (Any other state, or a public call while restoring: no wait there, `false` at once, none sent.)
    if (!moved && (await refreshThroughSession(session!, waiters, held))) return token(open, login);
    // (Restoring when it asked: refused once the restore landed otherwise, whatever it is now.)
    if (moved || held !== 'signedIn' || snapshot?.hasTag(held))
      throw new UnauthorizedError({ status: 401, method: 'call', path: '(signed out: not sent)' });
  }
  // (Its `endpoints` checked, registration's too, before a channel is opened.) Without registration:
  // that is the registration flow's (`createAuthModule` would bundle it in every client).
  const core = createAuthCore(http, { endpoints: options.endpoints });
  // The origin's channel only for the tabs flow (its `openChannel`: opened here, and closed, when the
  // app gave none), once the adapter stands.
  env.channel =
    implementations.openChannel?.(options.environment ?? {}, `pam-client:${options.baseURL}`) ?? null;
  const outcomeListeners = new Set<(event: MutationOutcomeUnknown) => void>();
  const refreshWaitMs = refreshWaitOf(options.timeout);
  const stop = new AbortController();
  const flowHttp = stoppable(http, stop.signal);
  const atSend = stoppedAtSend(http, stop.signal);
  const parts: FlowParts[] = options.flows.map(
    (flow) =>
      flow.setup?.({
        env,
        http: flowHttp,
        // (Registration's calls refused as they leave once stopped, the login child's and client.auth's.)
        grants: atSend,
        auth: core,
        endpoints: options.endpoints,
        session: () => session,
        refreshWaitMs,
        onStepUp: options.onStepUp,
        reportOutcome: (event) => notify(outcomeListeners, event),
      }) ?? {},
  );
  // Each part from the first flow that gives it. With the registration flow, `client.auth` and the
  // login child register too.
  const { crossTab, user, registration }: FlowParts = Object.assign({}, ...[...parts].reverse());
  const auth = registration ? { ...core, ...registration } : core;
  // `client.auth`'s own core: its calls refused as they leave once stopped (the session's keep `core`),
  // but its logout: a revoke asked before the stop still goes (review 160).
  const publicCore = createAuthCore(atSend, { endpoints: options.endpoints });
  const defaults = Object.assign({}, ...options.flows.map((f) => f.input ?? {})) as Partial<SessionInput>;
  const observers = parts.flatMap((part) => part.inspect ?? []);

  // The flows' parts of the statechart (their children and verdicts).
  const machine = createSessionMachine(
    {},
    options.flows.flatMap((f) => f.transitions ?? []),
  ).provide(implementations);
  const actor = guardCommands(
    createActor(machine, {
      input: {
        ...defaults,
        // Without the registration flow, the login child refuses a registration, saying why.
        auth,
        tokens,
        intervalMs: options.refresh?.intervalMs,
        tickMs: options.refresh?.tickMs,
        environment: env,
        crossTab,
        refreshWaitMs,
        ...(options.playClock && { playClock: options.playClock }),
      },
      clock: env.timers,
      // Diagnostics never decide: an app's observer or logger that throws is skipped.
      ...inspectAll(observers),
    }),
  );
  session = actor;

  // Once the session ended, the view its flows say (the profile flow's: restrictions go stale).
  // The view's restrictions as the flows show them (the play-time flow's: barred at the limit).
  const views = createViewHub(viewOf(actor.getSnapshot(), implementations.shown), implementations.ended);
  actor.subscribe({
    next: (snapshot) => views.set(viewOf(snapshot, implementations.shown)),
    error: views.end,
    complete: views.end,
  });
  actor.start();
  // A tab opened after the login asks the others for the session (the default store is per tab).
  crossTab?.requestSync();

  const client: PamClientBase & { user?: UserModule } = {
    http: flowHttp,
    // Ended by stop() too; a login it answers after is revoked (the session's own calls keep `auth`).
    auth: stoppable(
      { ...publicCore, logout: core.logout, ...registration },
      stop.signal,
      (a: { access_token?: unknown }) => revokeToken(core, a?.access_token, env),
    ),
    ...(user && { user }),
    tokens,
    environment: env,
    session: actor,
    // Read through the client at each call, so an inert client's view (replaced) is followed.
    state: {
      getSnapshot: () => client.view,
      subscribe: (listener) => client.subscribe(listener),
      send: (command) => actor.send(command),
    },
    get view() {
      return views.get();
    },
    subscribe: views.subscribe,
    // The password, code and captcha token are boxed at the session's door (`guardCommands`), before
    // the event reaches any actor or inspector, as any command sent there.
    login: (credentials) => actor.send(loginFields(credentials) as never),
    register: (payload) => actor.send({ type: 'REGISTER', payload }),
    submitCode: (code, captchaToken) => actor.send({ type: 'SUBMIT_CODE', code, captchaToken }),
    cancel: () => actor.send({ type: 'CANCEL' }),
    logout: () => actor.send({ type: 'LOGOUT' }),
    on: (type, listener) => {
      const checked = listenerOf(listener, 'on') as (event: ClientEmitted) => void;
      if (type === 'mutationOutcomeUnknown') {
        outcomeListeners.add(checked);
        return () => outcomeListeners.delete(checked);
      }
      const sub = actor.on(type as SessionEmitted['type'], checked);
      return () => sub.unsubscribe();
    },
    stop: () => {
      stop.abort();
      crossTab?.close();
      outcomeListeners.clear();
      actor.stop();
      views.end();
      views.clear();
      for (const done of [...waiters]) done(false);
    },
  };
  sessionActors.set(client, actor);
  return client as CustomPamClient<F>;
}
