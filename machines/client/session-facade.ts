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
// - The view hub: the view an app renders and its listeners (a listener per subscription, none
//   called once removed), failing closed when the session stops or crashes.

import { secret } from 'pam-client';
import type { Actor, AnyActorRef } from 'xstate';
import { boxCaptcha } from '../login/request';
import { takeTicket } from '../session/events';
import type { SessionEvent } from '../session/types';
import { type SessionView, sameView } from '../session/view';
import type { sessionMachine } from '../sessionMachine';

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
 * import { sessionActorOf } from 'pam-client/machines';
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

/** A command an app may send. */
const isCommand = (event: unknown): boolean =>
  typeof event === 'object' && event !== null && COMMANDS.has((event as { type?: unknown }).type as string);

type Rec = Record<string, unknown>;

/** `o` with its string `key` boxed by `box`. */
const boxKey = (o: Rec, key: string, box: (value: never) => unknown): Rec =>
  typeof o[key] === 'string' ? { ...o, [key]: box(o[key] as never) } : o;

/**
 * A command's secrets boxed (a string password, code or captcha token), whatever door it came
 * through (`client.state.send`, the deprecated `client.session`, the developer door): no
 * inspector, log or warning sees them raw. `client.login` and its siblings box them already.
 */
function boxed(event: Rec): Rec {
  if (event.type === 'REGISTER' && typeof event.payload === 'object' && event.payload !== null)
    return {
      ...event,
      payload: boxKey(boxKey(event.payload as Rec, 'password', secret), 'captcha_token', boxCaptcha),
    };
  return boxKey(boxKey(boxKey(event, 'password', secret), 'code', secret), 'captchaToken', boxCaptcha);
}

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
      else if (root && isCommand(event)) send(boxed(event as Rec) as never);
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

// The view hub.

/** Calls every listener still subscribed; one listener's bug neither hides the others nor reaches the caller. */
export function notify<T>(listeners: Set<(value: T) => void>, value: T): void {
  for (const listener of [...listeners]) {
    // One removed by an earlier listener of this round is not called.
    if (!listeners.has(listener)) continue;
    try {
      listener(value);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

/** The view of a client and its listeners. */
export function viewHub(initial: SessionView) {
  let view = initial;
  const listeners = new Set<(v: SessionView) => void>();
  const publish = (next: SessionView) => {
    view = next;
    notify(listeners, view);
  };
  return {
    get: () => view,
    /** Takes `next` unless it is the same view; tells the listeners. */
    set: (next: SessionView) => {
      if (!sameView(view, next)) publish(next);
    },
    /** One entry per subscription: the same listener twice is two, as with XState's subscribe. */
    subscribe: (listener: (v: SessionView) => void) => {
      const entry = (v: SessionView) => listener(v);
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    /**
     * The session stopped (or crashed) and re-checks nothing any more: its restrictions fail
     * closed (`stale`, `canBet` false), and the listeners hear it.
     */
    end: () => {
      const r = view.restrictions;
      if (!r || (r.status !== 'current' && !r.canBet)) return;
      publish(
        Object.freeze({
          ...view,
          restrictions: Object.freeze({
            ...r,
            status: r.status === 'unknown' ? r.status : 'stale',
            canBet: false,
          }),
        }),
      );
    },
    clear: () => listeners.clear(),
  };
}
