// What every session binding needs from a client, typed structurally: `createPamClient(...)`
// (pam-client/machines) fits, and so does a test double. Bindings import no machine, no module
// and no transport: the view and the commands are all they touch.

/** A current value and change notifications: what `client.view` / `client.subscribe` give. */
export interface SessionSource<V = unknown> {
  /** The current view (a new object only when something changed). */
  readonly view: V;
  /** Calls `listener` with each new view (not at once); returns an unsubscribe function. */
  subscribe(listener: (view: V) => void): () => void;
}

/** What a `subscribe` returns: XState's subscription, or an unsubscribe function (`client.state`'s). */
export type Unsubscribable =
  | {
      /** Ends the subscription. */
      unsubscribe(): void;
    }
  | (() => void);

/** The unsubscribe function of either. Internal to the bindings: not exported from any entry. */
export const unsubscriber = (off: Unsubscribable): (() => void) =>
  typeof off === 'function' ? off : () => off.unsubscribe();

/**
 * What the selector bindings need: the current value and change notifications, ended by a
 * subscription or a function (the listeners get no argument: the value is read again). Any XState
 * actor has both, and so has `client.state`.
 */
export interface Observable {
  /** The current value (a snapshot, or `client.state`'s view). */
  // biome-ignore lint/suspicious/noExplicitAny: any snapshot type; `SnapshotOf` reads the actual one
  getSnapshot(): any;
  /** Calls `next` on each change (and `error` / `complete` when an actor errors or stops). */
  subscribe(next: () => void, error: () => void, complete: () => void): Unsubscribable;
}

/** The snapshot type of an actor. */
export type SnapshotOf<TActor extends Observable> = ReturnType<TActor['getSnapshot']>;

/**
 * `subscribeTo` (./vanilla.ts) from a value already told (`current`, read from snapshot `seen`): a
 * snapshot that changed since is told at once (a store's first call that sent an event: review
 * 121). One call at a time, each with the value as it is then (a call that moves the actor on is
 * followed once it has returned, at most 16 in a row: review 122, as `onSessionChange`); a catch-up
 * call that throws leaves nothing subscribed. Internal to the bindings: not exported from any entry.
 */
export function subscribeFrom<TActor extends Observable, T>(
  actorRef: TActor,
  selector: (snapshot: SnapshotOf<TActor>) => T,
  listener: (selected: T) => void,
  compare: (previous: T, next: T) => boolean,
  current: T,
  seen: unknown,
): () => void {
  let running = false;
  let stopped = false;
  const sync = () => {
    if (running) return;
    running = true;
    try {
      // (Again only when the snapshot moved on during the call: a selector making a fresh object
      // per read is called once per snapshot.)
      for (let n = 0, snapshot = actorRef.getSnapshot(); n < 16 && !stopped; n++) {
        const next = selector(snapshot);
        if (!compare(current, next)) {
          current = next;
          listener(next);
        }
        if (actorRef.getSnapshot() === snapshot) return;
        snapshot = actorRef.getSnapshot();
      }
    } finally {
      running = false;
    }
  };
  const unsubscribe = unsubscriber(actorRef.subscribe(sync, sync, sync));
  const off = () => {
    stopped = true;
    unsubscribe();
  };
  if (actorRef.getSnapshot() !== seen)
    try {
      sync();
    } catch (error) {
      off();
      throw error;
    }
  return off;
}

/** The commands an app sends the session. */
export type SessionCommand = 'login' | 'register' | 'submitCode' | 'cancel' | 'logout';

/** A session client as the bindings see it: the view, its notifications and the commands. */
export type SessionClient<V = unknown> = SessionSource<V> & {
  [K in SessionCommand]: (...args: never[]) => void;
};

/** The view type of a client. */
export type ViewOf<C extends SessionSource> = C['view'];

/** The client's commands, typed as the client types them. */
export type SessionCommands<C extends SessionClient> = Pick<C, SessionCommand>;

/**
 * The client's commands as free functions (safe to destructure or pass as handlers).
 * Internal to the bindings: not exported from any entry.
 */
export function commandsOf<C extends SessionClient>(client: C): SessionCommands<C> {
  const target = client as unknown as Record<SessionCommand, (...args: never[]) => void>;
  // A method call (`this` is the client), so a class-based client works too. (The names mapped, in
  // this order: smaller gzipped than the object written out.)
  return Object.fromEntries(
    (['login', 'register', 'submitCode', 'cancel', 'logout'] as const).map((name) => [
      name,
      (...args: never[]) => target[name](...args),
    ]),
  ) as SessionCommands<C>;
}
