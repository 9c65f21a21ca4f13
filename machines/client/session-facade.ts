// The session as an app holds it (issue 32.3), one room for both clients (`createPamClient`, the
// server-session client):
// - `client.state`: the view and its changes in the shape every store-reading hook takes
//   (`getSnapshot` / `subscribe`, as React's useSyncExternalStore and the bindings' `useSelector` /
//   `toStore` / `subscribeTo` read it), and the commands. It holds no actor: nothing on it reaches
//   the session's children, its system or a token. The raw actor is a developer tool's, behind
//   `sessionActorOf`.
// - The door: every way that reaches the actor or one of its actors from outside (`send` on the
//   actor, on `actor.ref`, on a child from `snapshot.children`, a child's parent) passes commands
//   only, their secrets boxed. Built on XState's public surface: an actor's `send` and the system's
//   inspection.
// - The view: the one object an app renders from (`selectSessionView`, a pure selector over the
//   session snapshot: no child actor, no token, no secret), and when two views are the same.
// - The view hub: the view an app renders and its listeners (a listener per subscription, none
//   called once removed), failing closed when the session stops or crashes.
// - The link: how the client's modules and the session meet (the adapter and the session read
//   one token store, a write still in flight read back; a 401 waits for the session's refresh; a
//   responsible-gaming change makes the session read the restrictions again).

import {
  AbortedError,
  type AuthUser,
  type PamError,
  type PlayTime,
  UnauthorizedError,
  type UserModule,
  type UserProfileInfo,
} from 'pam-client';
import { clampDelay, USER_CALLS } from 'pam-client/internal';
import type { Actor, AnyActorRef } from 'xstate';
import { DEFAULT_TIMEOUT_MS } from '../../src/http/timeout-default';
import { readingOf, trusted } from '../clock';
import { deepFreeze } from '../deep-freeze';
import { acceptedStoreOf } from '../session/accepted-store';
import { servicesOf } from '../session/context';
import { internal, type Owner, takeTicket } from '../session/events';
import { boxCommand } from '../session/login';
import type { SessionRestrictions } from '../session/profile-rules';
import type { AcceptedRestriction, AcceptedStore } from '../session/profile-services';
import type { SessionContext, SessionEvent, SessionServices } from '../session/types';
import type { sessionCore, sessionMachine } from '../sessionMachine';
import { abortedBeforeCall, type LoginBound, mayHaveApplied, wrapCalls } from './outcome';
import { withPlayTime } from './play-time-view';
import { holds, RESTRICTION_CHANGES, type RestrictionChange, recheck } from './restriction-changes';

/**
 * Where the session is, in words an app branches on (each is also a tag of `sessionMachine`):
 * - `restoring`: reading the stored session at start;
 * - `signedOut`: no session (`signedOutReason` says why, when one ended);
 * - `signingIn` / `registering`: the login or registration request is in flight;
 * - `twoFactorRequired`: the server asked for a code (`codeAttemptsLeft`; `error` after a rejected one);
 * - `verifyingCode`: the code is being checked;
 * - `signedIn`: a session is live (`user`, `userInfo`, `expiresAt`);
 * - `signingOut`: the logout request is running (the store is already empty);
 * - `cancelledAccount`: the login answered that the account is cancelled;
 * - `failed`: the login or registration failed (`error`; `retryAt` after a 429).
 */
export const SESSION_STATUSES = [
  'restoring',
  'signedOut',
  'signingIn',
  'registering',
  'twoFactorRequired',
  'verifyingCode',
  'signedIn',
  'signingOut',
  'cancelledAccount',
  'failed',
] as const;

/**
 * One of the session's statuses (`view.status`); each is also a tag of `sessionMachine`.
 *
 * @example
 * if (client.view.status === ('twoFactorRequired' satisfies SessionStatus)) showCodeForm();
 */
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** The view of the session an app renders: plain, frozen data, never a secret or a token. */
export interface SessionView {
  readonly status: SessionStatus;
  /** The signed-in player (without the answer's `token`). */
  readonly user: AuthUser | null;
  /** The latest `userInfo`: the login answer's, then the profile's (with the limits and exclusions). */
  readonly userInfo: Readonly<Partial<UserProfileInfo> & Record<string, unknown>> | null;
  /** The last error of the flow in progress or of the failed state (see `describeError`). */
  readonly error: PamError | null;
  /** Epoch ms when a 429 lockout of the login ends. */
  readonly retryAt: number | null;
  /** While a code is asked for: how many more codes may be tried. */
  readonly codeAttemptsLeft: number | null;
  /** Epoch ms when the access token expires, when the server said. */
  readonly expiresAt: number | null;
  /** Why the last session ended: a logout here, an expiry, or a logout in another tab. */
  readonly signedOutReason: 'logout' | 'expired' | 'remote' | null;
  /**
   * The responsible-gaming restrictions in force and pending, and the four limits with any
   * pending change (`restrictionsOf(userInfo)`), with their `status` (`unknown` until this login's
   * first successful read, `stale` after a failed re-check or on an untrusted clock, or when the
   * read holds a date and no answer's `Date` was read yet; `canBet` false in both) and the failed
   * read's `error`; null without the profile flow, or when signed out.
   */
  readonly restrictions: SessionRestrictions | null;
  /**
   * Signed-in time in the time limit's period (used, left, warning, reached), when a time limit is
   * set: this browser's count (the profile carries no time played; another browser starts at 0),
   * so the operator's server must enforce the limit too (docs/responsible-gaming.md).
   */
  readonly playTime: PlayTime | null;
}

interface SnapshotLike {
  context: SessionContext;
  hasTag(tag: string): boolean;
}

/**
 * The session view of a snapshot. Pure: the same snapshot gives an equal view.
 *
 * @example
 * const view = selectSessionView(client.session.getSnapshot());
 * if (view.status === 'twoFactorRequired') showCodeForm(view.codeAttemptsLeft);
 */
export function selectSessionView(snapshot: SnapshotLike): SessionView {
  return viewOf(snapshot, withPlayTime);
}

/**
 * The session view of a snapshot, its restrictions as `shown` gives them (the play-time flow's
 * `withPlayTime`; none: as held). `createCustomPamClient` takes `shown` from its flows, so a client
 * without the play-time flow carries none of it (its `playTime` is always null: as held).
 */
export function viewOf(snapshot: SnapshotLike, shown?: typeof withPlayTime): SessionView {
  const c = snapshot.context;
  const status = SESSION_STATUSES.find((s) => snapshot.hasTag(s)) ?? 'signedOut';
  return deepFreeze({
    status,
    user: c.user,
    userInfo: c.userInfo as SessionView['userInfo'],
    error: c.error,
    retryAt: status !== 'signedIn' && status !== 'signingOut' ? c.login.retryAt : null,
    codeAttemptsLeft:
      status === 'twoFactorRequired' || status === 'verifyingCode' ? c.login.codeAttemptsLeft : null,
    expiresAt: c.expiresAt,
    signedOutReason: status === 'signedOut' ? c.signedOutReason : null,
    restrictions: shown ? shown(c.restrictions, c.playTime) : c.restrictions,
    playTime: c.playTime,
  });
}

/** Two views are the same when every field is (by identity): the client notifies only on a change. */
export const sameView = (a: SessionView, b: SessionView): boolean =>
  (Object.keys(a) as (keyof SessionView)[]).every((key) => Object.is(a[key], b[key]));

/** The session actor as a developer tool holds it (`sessionActorOf`): it accepts commands only. */
export type SessionActor = Omit<Actor<typeof sessionMachine>, 'send'> & {
  /** Sends a command (`LOGIN`, `REGISTER`, `SUBMIT_CODE`, `CANCEL`, `LOGOUT`, `TICK`, `REFRESH`); anything else is dropped. */
  send(event: SessionEvent): void;
};

/**
 * The session as an app follows it: the view (`getSnapshot()`, the same frozen object as
 * `client.view`), its changes (`subscribe`, as `client.subscribe`) and the commands (`send`). No
 * actor, no child, no system, no token. Any hook that reads `getSnapshot` / `subscribe` takes it.
 *
 * @example
 * const signingIn = useSelector(client.state, (view) => view.status === 'signingIn'); // Vue or React
 * const off = client.state.subscribe((view) => render(view));
 * client.state.send({ type: 'REFRESH' }); // LOGIN, REGISTER, SUBMIT_CODE, CANCEL, LOGOUT, TICK, REFRESH
 */
export interface SessionState {
  /** The current view (a new frozen object only when something changed). */
  getSnapshot(): SessionView;
  /** Calls `listener` with each new view (not at once). Returns an unsubscribe function. */
  subscribe(listener: (view: SessionView) => void): () => void;
  /** Sends a command; anything else is dropped. */
  send(command: SessionEvent): void;
}

/** Each client's raw session actor (nothing on the client leads to it): what `sessionActorOf` reads. */
export const sessionActors = new WeakMap<object, SessionActor>();

/**
 * **Developer tool**: the raw session actor of a client made by `createPamClient` or
 * `createCustomPamClient`, for inspection (the visualizer, a debugging session, a test): its
 * snapshot with `context` and `children`, `getPersistedSnapshot()`, emitted events. Its `send` and
 * every child's take commands only, as `client.state.send` does. Not for app code: render from
 * `client.view` / `client.state`, which keep working when the machine's insides change; the
 * actor's shape (states, context, children) is not part of the semver contract.
 *
 * @example
 * import { sessionActorOf } from 'pam-client/devtools';
 * const actor = sessionActorOf(client);
 * actor.subscribe((snapshot) => console.log(snapshot.value, Object.keys(snapshot.children)));
 */
export function sessionActorOf(client: { readonly state: SessionState }): SessionActor {
  const actor = sessionActors.get(client);
  if (!actor)
    throw new TypeError('sessionActorOf: not a client made by createPamClient or createCustomPamClient');
  return actor;
}

// The door: commands only.

/** What an app may send the session (`SessionEvent`): everything else is dropped at the door. */
const COMMANDS: ReadonlySet<string> = new Set([
  'LOGIN',
  'REGISTER',
  'SUBMIT_CODE',
  'CANCEL',
  'LOGOUT',
  'TICK',
  'REFRESH',
]);

/**
 * Replaces `ref.send` (the door from outside: XState delivers its own events, a child's done, error
 * and snapshot events, `sendParent`, `sendTo`, delayed events, past it) with one that lets through
 * an event built by our own modules (`trusted()`/`internal()`, once: a copy or a replay of an
 * inspected one is refused) and, at the root, an app's command.
 */
function guard(ref: AnyActorRef, root: boolean, guarded: WeakSet<AnyActorRef>): void {
  if (guarded.has(ref)) return;
  guarded.add(ref);
  const send = ref.send.bind(ref);
  Object.defineProperty(ref, 'send', {
    value: (event: unknown) => {
      // A stopped (or finished) actor takes nothing: XState would print the event in a warning.
      if ((ref.getSnapshot() as { status?: string }).status !== 'active') return;
      if (takeTicket(event)) send(event as never);
      // A command an app may send (at the root only).
      else if (
        root &&
        typeof event === 'object' &&
        event !== null &&
        COMMANDS.has((event as { type?: unknown }).type as string)
      )
        send(boxCommand(event) as never);
    },
  });
}

/** `ref` and every actor below it that exists now. */
function guardTree(ref: AnyActorRef, root: boolean, guarded: WeakSet<AnyActorRef>): void {
  guard(ref, root, guarded);
  const children = (ref.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> }).children;
  for (const child of Object.values(children ?? {})) if (child) guardTree(child, false, guarded);
}

/**
 * Guards the actor itself (not a proxy of it, which `actor.ref`, `self` or a child's parent would
 * bypass) and every actor of its system, those that exist now and those created later (each is
 * announced to the system's inspectors as it is made, before anything can reach it). The session
 * takes a command, or an event its own modules built; a child (login, refresh, profile, play time,
 * tabs) takes only an event its own code built, never an app's `snapshot.children.x.send(...)`.
 * Forged internal events and `xstate.*` events (`xstate.done.actor.*`, `xstate.error.actor.*`)
 * are dropped.
 *
 * @example
 * const session = guardCommands(createActor(sessionMachine, { input })); // before start()
 */
export function guardCommands<T extends AnyActorRef>(actor: T): T {
  const guarded = new WeakSet<AnyActorRef>();
  guardTree(actor, true, guarded);
  actor.system.inspect((event) => {
    // The inspection types an actor as `ActorRefLike`; the one announced here is an actor of this system.
    if (event.type === '@xstate.actor')
      guard(event.actorRef as AnyActorRef, event.actorRef === actor, guarded);
    // An event of ours XState delivers (a callback's sendBack, sendTo, sendParent) spends its ticket:
    // an inspector that saw it cannot send it again through a door. This observer is the system's
    // first, so it runs before any an app adds.
    if (event.type === '@xstate.event') takeTicket(event.event);
  });
  return actor;
}

// The link: how the client's modules and the session meet.

/** The running session as the client holds it. */
export type SessionRef = Actor<typeof sessionCore>;

/**
 * The adapter's `onUnauthorized`: a refresh asked of the session, its outcome awaited (single-flight
 * in the adapter, and a REFRESH in flight ignored by the cycle: N concurrent 401s, one refresh).
 * With `held` 'restoring', `signedInOnly`'s and the token getter's wait for a restore (FIXREST28,
 * FIXTOK29): true once it lands signed in (the REFRESH is ignored there, as in every state but
 * `signedIn`). Without `held` at the start: false at once.
 */
export function refreshThroughSession(
  session: SessionRef,
  waiters: Set<(ok: boolean) => void>,
  held = 'signedIn',
): Promise<boolean> {
  const snapshot = session.getSnapshot();
  // A stopped actor still shows its last state, but nothing will ever answer it.
  if (snapshot.status !== 'active' || !snapshot.hasTag(held)) return Promise.resolve(false);
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
        // (A crash or a stop comes as `error` or `complete`, never as a snapshot here.)
        next: (s) => s.hasTag(held) || done(s.hasTag('signedIn')),
        error: () => done(false),
        complete: () => done(false),
      }),
    ];
    session.send({ type: 'REFRESH' });
  });
}

/**
 * A signal that aborts once `session` no longer holds the login of `owner` (a sign-out, another
 * login; for a call made signed out: a login).
 */
export function loginBound(session: () => SessionRef | undefined, owner: Owner): LoginBound {
  const s = session();
  if (!s) return;
  const stop = new AbortController();
  // (Its reason 1 when another login holds or none: a stopped session's, the default.)
  const check = () => holds(s, owner) || stop.abort(1);
  // (An error handler: one here changes nothing of how a crash is reported.) Stopped: no login held.
  const sub = s.subscribe({ next: check, error: check, complete: () => stop.abort() });
  check();
  return { signal: stop.signal, off: () => sub.unsubscribe() };
}

/**
 * `user` with the responsible-gaming changes followed by a profile re-read in the session, each told
 * with the server time it was sent at (`serverNow`, the one clock's; none: the session's own). With
 * `ownerNow`, a change is its player's (REVIEW-O O-8, O-12): a pause or self-exclusion accepted (or
 * maybe applied) is kept in `accepted` (none: the store beside the session's token store) for its
 * player whatever the session does meanwhile; the session is told only while it holds that login
 * (`recheck`, ./restriction-changes.ts).
 */
export function withProfileRecheck(
  user: UserModule,
  session: () => SessionRef | undefined,
  serverNow?: () => number,
  accepted?: AcceptedStore,
  ownerNow?: () => Owner,
): UserModule {
  // (A limit change's limits as its call's reader sends them: U-1.)
  const deps = { session, serverNow, accepted, ownerNow, sent: USER_CALLS.sent };
  return wrapCalls(
    user,
    Object.keys(RESTRICTION_CHANGES) as RestrictionChange[],
    (original, name) =>
      (...args) =>
        recheck(name, args, () => original(...args), deps),
  );
}

/** A profile read elsewhere (the outcome check's re-read, `user.token` dropped) is the session's too. */
export function profileRead(
  session: SessionRef,
  profile: { user?: unknown; userInfo?: unknown },
  at: number,
  owner: Owner,
) {
  const userInfo = profile.userInfo;
  if (!userInfo || typeof userInfo !== 'object') return;
  session.send(
    internal({
      type: 'PROFILE_LOADED',
      user: (profile.user || null) as never,
      userInfo: userInfo as Record<string, unknown>,
      at,
      remote: false,
      owner,
    }),
  );
}

/**
 * How long a tab that gave way to another's refresh waits for its outcome: one request's timeout
 * (the client's `timeout`), the adapter's default when none is given, clamped to the longest
 * timer (no timeout, `Infinity`, still ends the wait). Both clients read it here.
 */
export const refreshWaitOf = (timeout: number | undefined): number =>
  // (None, NaN, zero or less: the default.)
  (timeout as number) > 0 ? clampDelay(timeout as number) : DEFAULT_TIMEOUT_MS;
