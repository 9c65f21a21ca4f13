// `createServerSessionClient`: the browser client in server-session mode (issue 28.2), opted into
// by import. It talks to `pam-client/server`'s same-origin prefix (docs/server.md) with the
// ordinary HTTP adapter and no token getter: the token stays in the server's HttpOnly cookie, so
// nothing a page script can reach (the client, web storage, `document.cookie`, the tabs channel)
// ever holds one. The same surface as `createPamClient`'s, so every session binding takes it.

import {
  type AuthEndpoints,
  type AuthModule,
  ConfigurationError,
  createOfetchAdapter,
  type HttpAdapter,
  type PamSessionSeed,
  type PlayTime,
  type Secret,
  type SyncTokenStore,
  type UserModule,
} from 'pam-client';
import { type Actor, createActor } from 'xstate';
import { type ClientFlow, type FlowParts, inspectAll } from '../client/flows';
import type { MutationOutcomeUnknown } from '../client/outcome';
import { withPlayTime } from '../client/play-time-view';
import { ownerOf } from '../client/restriction-changes';
import { limitsSent, watchRestrictionWrites } from '../client/restriction-writes';
import { isInertOnServer } from '../client/server-render';
import type { SessionRef } from '../client/session-facade';
import {
  guardCommands,
  refreshWaitOf,
  type SessionActor,
  type SessionState,
  type SessionView,
  sessionActors,
  viewOf,
} from '../client/session-facade';
import type { StepUpPrompt } from '../client/step-up';
import { stoppable } from '../client/stoppable';
import { listenerOf, loginFields, notify, viewHub } from '../client/view-hub';
import type { LoginCredentials, PamClientEvent } from '../createPamClient';
import { browserEnvironment, isOwnedChannel, type PamEnvironment, randomTabId } from '../environment';
import { statusOf } from '../errors';
import type { CaptchaToken } from '../login/request';
import { checkOptions } from '../options-check';
import { acceptedStoreOf } from '../session/accepted-store';
import { trusted } from '../session/events';
import { boxCommand } from '../session/login';
import type { RegisterCommandPayload, SessionEmitted, SessionEvent } from '../session/types';
import { readServerClock } from './actors';
import { asCoreError, serverSessionAuth } from './auth';
import { barredFor } from './context';
import { followedLogins } from './followed-logins';
import { keptLogins } from './kept-login';
import { serverSessionMachine } from './machine';
import { pageOf } from './page';
import type { SERVER_PLAY_TIME } from './play-time';
import { proxied } from './proxied';
import { parseSeed, readSession, unlessSignedOut, withoutTokens } from './seed';
import { refusedOnServer, seedOnServer, untrustedReading } from './server-render';
import { createServerTabs, UNNAMED } from './tabs';

/**
 * The flows a server-session client may add: the user module, a debug log, an inspector, play
 * time (`playTime()`: without it a time limit above 0 is not enforced, shown as held).
 * Any other is a `ConfigurationError`.
 *
 * @example
 * const flows: ServerSessionFlow[] = [userModule(), playTime(), debugLog()];
 */
export type ServerSessionFlow = ClientFlow<'user' | 'debug' | 'inspect' | 'playTime'>;

/**
 * The options of `createServerSessionClient`.
 *
 * @example
 * const options: ServerSessionClientOptions = { prefix: '/pam', initial: seed };
 */
export interface ServerSessionClientOptions<
  F extends readonly ServerSessionFlow[] = readonly ServerSessionFlow[],
> {
  /** The same-origin prefix `pam-client/server` serves (its `prefix`). Default `/pam`. */
  prefix?: string;
  /**
   * The server's view of the session (`getSession(request).initial`, serialised into the page):
   * the client starts from it without a request. `signedIn`: signed in at once, restrictions from
   * that read; `signedOut`: signed out at once; `unavailable` or absent: `GET <prefix>/session`.
   */
  initial?: PamSessionSeed | null;
  /** The same overrides as the server's `endpoints`. */
  endpoints?: Partial<AuthEndpoints>;
  /** Clock, timers, page signals and the tabs channel (`channel: null` keeps the session to this tab). */
  environment?: Partial<PamEnvironment>;
  /** Per request, ms (default 15 000). */
  timeout?: number;
  headers?: Record<string, string>;
  /** The `fetch` the client sends with (default the global one). */
  fetch?: typeof fetch;
  /** The step-up prompt for sensitive changes made through `client.user` (needs `userModule()`). */
  onStepUp?: StepUpPrompt;
  /**
   * `userModule()` (then `client.user`), `playTime()` (the player's play time counted against the
   * time limit: `view.playTime`, `timeLimitWarning`/`timeLimitReached`, a reached limit bars
   * betting; without it a time limit above 0 is shown as held, not enforced), `debugLog()`
   * (a debug log of the session, redacted like `inspect`), `inspector()`: each bundled only when
   * imported. Any other flow (`tabs()`, `profile()`, `registration()`: this client runs its own)
   * is a `ConfigurationError` naming it, nothing sent.
   */
  flows?: F;
}

type Emitted = SessionEmitted | MutationOutcomeUnknown;
type Listener<T extends PamClientEvent> = (event: Extract<Emitted, { type: T }>) => void;

/**
 * The session actor as the app holds it: commands only.
 *
 * @example
 * client.session.getSnapshot().hasTag('signedIn');
 */
export type ServerSessionActor = Omit<Actor<typeof serverSessionMachine>, 'send'> & {
  /** Sends a command (`LOGIN`, `REGISTER`, `SUBMIT_CODE`, `CANCEL`, `LOGOUT`, `TICK`, `REFRESH`). */
  send(event: SessionEvent): void;
};

/**
 * What `createServerSessionClient` returns: `createPamClient`'s surface, without a token.
 *
 * @example
 * const client: ServerSessionClientBase = createServerSessionClient();
 */
export interface ServerSessionClientBase {
  /** The adapter, under the prefix, with no token getter. */
  http: HttpAdapter;
  /** The auth module through the proxy (a completed login answers `ServerLoginSuccess`). */
  auth: AuthModule;
  /** A store that never holds a token: `get()` is always null. */
  tokens: SyncTokenStore;
  environment: PamEnvironment;
  /**
   * The running session actor.
   *
   * @deprecated Kept for this release only (0.2.0), removed in the next. Apps: `client.state`,
   * `client.view` / `client.subscribe` and the session bindings; developer tools:
   * `sessionActorOf(client)`.
   */
  session: ServerSessionActor;
  /**
   * The session as an app follows it: `getSnapshot()` (the view), `subscribe`, `send(command)`,
   * as on `createPamClient`. No actor, child or token.
   */
  readonly state: SessionState;
  /** What to render (the session view): never a token. */
  readonly view: SessionView;
  /** Calls `listener` with the new view each time it changes; returns an unsubscribe function. */
  subscribe(listener: (view: SessionView) => void): () => void;
  /**
   * Settles with the first view that is not `restoring`, or at `stop()`: within one read of the seed
   * route; a read that could not tell (`unavailable`, a 5xx, a timeout) shows signed out with its error.
   */
  readonly ready: Promise<SessionView>;
  /** Signs in (the session's `LOGIN`). */
  login(credentials: LoginCredentials): void;
  /** Registers (the session's `REGISTER`). */
  register(payload: RegisterCommandPayload): void;
  /** Sends the two-factor code (the session's `SUBMIT_CODE`). */
  submitCode(code: string | Secret, captchaToken?: CaptchaToken): void;
  /** Abandons a login in progress (the session's `CANCEL`). */
  cancel(): void;
  /** Revokes the session at the server (which clears the cookie) and tells the other tabs. */
  logout(): void;
  /** Listens to one of the session's events; returns an unsubscribe function. */
  on<T extends PamClientEvent>(type: T, listener: Listener<T>): () => void;
  /** Stops the session (no request or timer after): calls of `user`, `http` and `auth` in flight end with `aborted`, later ones are refused. */
  stop(): void;
}

/**
 * The client with `user` when its flows include `userModule()`.
 *
 * @example
 * const client: ServerSessionClient<[ReturnType<typeof userModule>]> = createServerSessionClient({ flows: [userModule()] });
 */
export type ServerSessionClient<F extends readonly ServerSessionFlow[]> = ServerSessionClientBase &
  ('user' extends F[number]['name'] ? { user: UserModule } : { user?: undefined });

/** The token store of this mode: nothing is ever kept (the token is in the HttpOnly cookie). */
const NO_TOKENS: SyncTokenStore = { get: () => null, set: () => {}, clear: () => {} };

/**
 * The browser client for a server-rendered app behind `pam-client/server`. Add `playTime()` to enforce
 * the players' time limits (mandatory, Portaria SPA/MF 2.579/2025): without it their play time is
 * not counted and a limit above 0 is shown as held. It holds no token
 * (`client.tokens.get()` is null; nothing in web storage, `document.cookie` or the tabs channel),
 * runs no refresh cycle (the server refreshes), starts from the server's view (`initial`: no
 * second profile read, never signed in without a player), tells the other tabs of logins and
 * logouts by login id, and on a 401 from the proxy reads the session once before signing out (a
 * login found there is taken).
 *
 * @example
 * import { createServerSessionClient, userModule } from 'pam-client/machines';
 * const client = createServerSessionClient({ initial: data.pamSession, flows: [userModule()] });
 * await client.ready; // client.view.status: 'signedIn' | 'signedOut' | ...
 * client.login({ login: 'player@example.com', password: typed });
 */
export function createServerSessionClient<const F extends readonly ServerSessionFlow[] = readonly []>(
  options: ServerSessionClientOptions<F> = {},
): ServerSessionClient<F> {
  const flows = options.flows ?? [];
  // A flow this client does not run is refused, never ignored (REVIEW-P P11): before anything starts.
  for (const { name } of flows)
    if (!['user', 'debug', 'inspect', 'playTime'].includes(name))
      throw new ConfigurationError(`createServerSessionClient: no "${name}" flow here`);
  // The browser client's checks of the options both take (REVIEW-O 6): user and playTime once each.
  checkOptions(options, flows, ['user', 'playTime', 'debug', 'inspect'], 2);
  // The play-time flow's part here (./play-time.ts: bundled with `playTime()` only).
  const counted = (
    flows.find((f) => f.name === 'playTime') as { server?: typeof SERVER_PLAY_TIME } | undefined
  )?.server;
  const prefix = options.prefix === undefined ? '/pam' : options.prefix;
  // The server's rule (a same-origin path): an origin or a query here would send the password there.
  if (!/^(\/[\w-]+)+\/*$/.test(prefix as string))
    throw new ConfigurationError('createServerSessionClient: prefix must be a path like /pam');
  // A server render (a relative prefix, no page, no fetch of the app's): inert (server-render.ts).
  const inert = isInertOnServer({ baseURL: prefix, fetch: options.fetch });
  const env = browserEnvironment(
    inert ? { ...options.environment, channel: null } : options.environment,
    `pam-client:server-session:${prefix}`,
  );
  let actor: ServerSessionActor | undefined;
  let adapter: HttpAdapter;
  // The login the call being sent names (`X-Pam-Login`, the one held when it was made) and a
  // logout's id (`X-Pam-Logout`, on each of its tries), set by its `sent` hook right before the
  // adapter reads `headers`: read once (REVIEW-26B A-1, SENT27 2).
  let [naming, again]: (string | null | undefined)[] = [];
  const transport = inert ? refusedOnServer : options.fetch;
  try {
    adapter = createOfetchAdapter({
      baseURL: prefix,
      onServerDate: (serverMs: number) => env.clock.learn(serverMs),
      // Proves the same origin to the proxy (a header a cross-site page cannot send), and names the
      // login the call was made for (`naming`): the proxy refuses a call made for one login once
      // the cookie holds another (REVIEW-26B A-1).
      get headers() {
        const [loginId, id] = [naming, again];
        naming = again = undefined;
        const h = { ...options.headers, 'X-Pam-Client': '1', ...(loginId && { 'X-Pam-Login': loginId }) };
        return id ? { ...h, 'X-Pam-Logout': id } : h;
      },
      // (Absent ones, undefined, take the adapter's defaults.)
      timeout: options.timeout,
      fetch: transport,
    } as Parameters<typeof createOfetchAdapter>[0]);
  } catch (error) {
    if (isOwnedChannel(env.channel)) env.channel?.close();
    throw error;
  }
  // Every call (the auth module's, the session read's, `client.http`'s, the flows'): the login held
  // now is the one it names, on every attempt (its options copied with the hook; options that
  // cannot be read are passed as given, the adapter's to refuse).
  const bound: Record<string, (...a: unknown[]) => Promise<unknown>> = {};
  const http = bound as unknown as HttpAdapter;
  // Every call of `client.http` and the flows (`client.user`): no token in its answer (`withoutTokens`);
  // a proxy refusal is the core's error (REVIEW-AL AL-5: its fixed `invalid_response` 502 was a plain
  // HttpError there), named as the core's adapter names one; the auth module maps its own, by name.
  const typed = {} as Record<string, unknown>;
  for (const verb of ['get', 'post', 'patch', 'delete'] as const) {
    bound[verb] = (...args) => {
      const at = verb[0] === 'p' ? 2 : 1;
      const loginId = ending ?? actor?.getSnapshot().context.loginId;
      try {
        const o: Record<symbol, unknown> = { ...(args[at] as object) };
        const sent = o[Symbol.for('pam-client.sent')] as (() => void) | undefined;
        o[Symbol.for('pam-client.sent')] = () => {
          naming = loginId;
          again = o[Symbol.for('pam-client.again')] as string;
          sent?.();
        };
        args[at] = o;
      } catch {}
      // The proxy's 401 ends the held login only for a call made for it (reviews 51, 53), not the
      // auth module's, and only from under the prefix: a path (the adapter joins it there), or a URL
      // on the page's origin under it (reviews 54, 55: a link elsewhere, or one named in full).
      return (adapter[verb] as (...a: unknown[]) => Promise<unknown>)(...args).catch((error) => {
        if (
          statusOf(error) === 401 &&
          proxied(prefix, String(args[0])) &&
          loginId &&
          loginId === actor?.getSnapshot().context.loginId &&
          !(args[at] as { skipAuthRefresh?: boolean } | undefined)?.skipAuthRefresh
        )
          actor.send(trusted({ type: 'UNAUTHORIZED' }) as never);
        throw error;
      });
    };
    typed[verb] = (path: string, ...rest: never[]) =>
      bound[verb]!(path, ...rest).then(withoutTokens, (error) => {
        throw asCoreError(`${verb.toUpperCase()} ${String(path).split('?')[0]}`, error);
      });
  }
  // A login given up on and granted after (kept-login.ts): logged out naming that login, never
  // the one the session holds (or none): the proxy refuses a logout naming another login, and one
  // naming none ends whatever login the cookie holds by then (review 43). The auth module's call
  // reaches `bound` synchronously, which reads `ending` then.
  let ending: string | undefined;
  // The session read again, when the page may not show what the cookie holds: now, or as soon as
  // the session can take it (a login under way, a failure shown: review 46). The read decides.
  const reread = (loginId: string | null = null) => {
    const event = trusted({ type: 'REMOTE_LOGIN', loginId }) as never;
    const go = () => stop.signal.aborted || (actor?.getSnapshot().can(event) && (actor.send(event), true));
    if (go()) return;
    const sub = actor?.subscribe(() => go() && sub?.unsubscribe());
  };
  // Three tries (a dropped request, a 5xx; a 401: the cookie holds another login). Then, ended or not
  // (or none named), the session read again: never out over a live login, nor in over the ended one.
  const endLogin = async (loginId?: string) => {
    const id = randomTabId(env.random); // (each try names this logout, as setup.ts's: review 55)
    for (let tries = loginId ? 3 : 0; tries--; ) {
      ending = loginId;
      const sent = plain.logout({ [Symbol.for('pam-client.again')]: `${id}.${3 - tries}` } as never); // (never throws)
      ending = undefined;
      if (await sent.then(() => true).catch((error) => statusOf(error) === 401)) break;
    }
    // (No login to name, its answer lost: the other tabs asked to read too, review 51.)
    if (!loginId) tabs?.post({ type: 'signedIn', loginId: UNNAMED });
    reread();
  };
  const plain = serverSessionAuth(http, options.endpoints);
  const tabs = env.channel
    ? createServerTabs(env.channel, env.tabId ?? randomTabId(env.random), isOwnedChannel(env.channel))
    : null;
  const outcomeListeners = new Set<(event: MutationOutcomeUnknown) => void>();
  const stop = new AbortController();
  // A login refused for a logout of its cookie's lineage, that cookie cleared whatever login it held
  // by then: told as a logout naming none, here and to the tabs (each asks the server).
  const cleared = () => {
    const word = { type: 'signedOut', loginId: UNNAMED, reason: 'logout' } as const;
    tabs?.post(word);
    actor?.send(trusted({ ...word, type: 'REMOTE_LOGOUT' }) as never);
  };
  const auth = keptLogins(plain, endLogin, stop.signal, cleared);
  const flowHttp = stoppable(typed as unknown as HttpAdapter, stop.signal);
  // What is kept for a player (accepted, play time, step-up count) outlives the client: per page (`pageOf`).
  const page = pageOf(options.fetch, prefix as string);
  const accepted = acceptedStoreOf(page);
  // After stop() no session (an inert client's actor never started: its status stays active).
  const session = () => (stop.signal.aborted ? undefined : (actor as unknown as SessionRef));
  // A restriction change sent through `client.http` (and any module built on it) is followed as a
  // `client.user` change is here (SSRW30): barred from the send, in this tab and the login's other
  // tabs; accepted or unknown, read again and kept for the player; refused, released. Before the
  // flows: the user module sends through the calls as they were (`unwatched`), each change told once.
  watchRestrictionWrites(flowHttp, {
    session,
    serverNow: () => env.serverNow(),
    accepted,
    ownerNow: ownerOf(session),
    // (Its limits from its body, checked field by field: no user call's reader bundled for them.)
    sent: limitsSent,
  });
  const parts: FlowParts[] = flows.map(
    (flow) =>
      flow.setup?.({
        env,
        http: flowHttp,
        auth,
        session,
        refreshWaitMs: refreshWaitOf(options.timeout),
        onStepUp: options.onStepUp,
        reportOutcome: (event) => notify(outcomeListeners, event),
        accepted,
        page,
      }) ?? {},
  );
  const user = parts.find((p) => p.user)?.user;
  const observers = parts.flatMap((p) => (p.inspect ? [p.inspect] : []));

  const seed = options.initial == null ? null : parseSeed(options.initial);
  const initial = inert ? seedOnServer(seed) : unlessSignedOut(seed, null);
  const reading = readServerClock({ now: env.now, serverNow: env.serverNow, clock: env.clock });
  actor = guardCommands(
    createActor(counted ? serverSessionMachine.provide(counted as never) : serverSessionMachine, {
      input: {
        deps: {
          auth,
          readSeed: readSession(http),
          tabs,
          waitMs: refreshWaitOf(options.timeout),
          crossTab: null,
          now: env.now,
          serverNow: env.serverNow,
          random: env.random,
          timers: env.timers,
          clock: env.clock,
          accepted,
          signals: { visibility: env.visibility, focus: env.focus, online: env.online },
          playTime: counted?.input(env, page),
        },
        // A seed that does not check out is asked again of the server (null: `GET <prefix>/session`).
        initial,
        // The one clock as read now: the seed's read is judged at it, never at its own time.
        reading: inert ? untrustedReading(reading) : reading,
        barred: barredFor(initial, reading, accepted),
      },
      clock: env.timers,
      // Diagnostics never decide: an inspector or logger that throws is skipped (REVIEW-AM AM-3).
      ...inspectAll(observers),
    }),
  ) as unknown as ServerSessionActor;
  const running = actor;

  // The restrictions as shown (`withPlayTime`): by the play time counted (`playTime()`); else, for
  // an active time limit, reached when it allows nothing (0 minutes: `timeLimitReached`), and not
  // known (`playTimeUnknown`) while the flow has not counted yet or when the limit cannot be read
  // (no amount or period), `canBet` false either way. Without the flow, a readable limit above 0
  // is shown as held: the app enforces it only with `playTime()` (REVIEW-P P11).
  const view = () =>
    viewOf(running.getSnapshot() as never, (r, p) => {
      const t = r?.limits.time;
      return withPlayTime(
        r,
        p ??
          (t?.active && (counted || !(t.amount && t.period))
            ? ({ reached: true, known: t.amount === 0 } as PlayTime)
            : null),
      );
    });
  const views = viewHub(view());
  let settle: (view: SessionView) => void = () => {};
  const ready = new Promise<SessionView>((resolve) => {
    settle = resolve;
  });
  running.subscribe({
    next: () => {
      const next = view();
      if (next.status !== 'restoring') settle(next);
      views.set(next);
    },
    error: views.end,
    complete: views.end,
  });
  // Inert: never started, so no child runs (no request, timer or listener) and no command is taken.
  if (!inert) running.start();
  if (views.get().status !== 'restoring') settle(views.get());
  const send = inert ? () => {} : (command: SessionEvent) => running.send(command);
  // Inert: the view never changes, so no listener is kept (Vue's SSR unmounts nothing: REVIEW-P P3).
  const subscribe = inert ? () => () => {} : views.subscribe;

  const client: ServerSessionClientBase & { user?: UserModule } = {
    http: flowHttp,
    // Ended by stop() too (each call `aborted` at once; a login in flight given up on as by its
    // caller: kept-login.ts). Its logins followed (followed-logins.ts): tabs told, session read.
    auth: stoppable(
      followedLogins(auth, (loginId) => {
        if (stop.signal.aborted) return;
        tabs?.post({ type: 'signedIn', loginId });
        reread(loginId);
      }),
      stop.signal,
      () => {},
    ),
    ...(user ? { user } : {}),
    tokens: NO_TOKENS,
    environment: env,
    session: running,
    state: { getSnapshot: views.get, subscribe, send },
    get view() {
      return views.get();
    },
    ready,
    subscribe,
    // Boxed here, before the event reaches any actor (or an inspector); absent fields go as
    // undefined, as `createPamClient` sends them.
    login: (credentials) => send(boxCommand(loginFields(credentials) as never)),
    register: (payload) => send(boxCommand({ type: 'REGISTER', payload })),
    submitCode: (code, captchaToken) => send(boxCommand({ type: 'SUBMIT_CODE', code, captchaToken })),
    cancel: () => send({ type: 'CANCEL' }),
    logout: () => send({ type: 'LOGOUT' }),
    on: (type, listener) => {
      if (type === 'mutationOutcomeUnknown') {
        const l = listenerOf(listener, 'on') as (event: MutationOutcomeUnknown) => void;
        outcomeListeners.add(l);
        return () => outcomeListeners.delete(l);
      }
      const sub = running.on(
        type as SessionEmitted['type'],
        listenerOf(listener, 'on') as (event: SessionEmitted) => void,
      );
      return () => sub.unsubscribe();
    },
    stop: () => {
      stop.abort();
      tabs?.close();
      outcomeListeners.clear();
      running.stop();
      views.end();
      views.clear();
      settle(views.get());
    },
  };
  sessionActors.set(client, running as unknown as SessionActor);
  return client as ServerSessionClient<F>;
}
