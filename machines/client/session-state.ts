// What an app holds of the session (issue 32.3): `client.state`, the view and its changes in the
// shape every store-reading hook takes (`getSnapshot` / `subscribe`, as React's
// useSyncExternalStore and the bindings' `useSelector` / `toStore` / `subscribeTo` read it), and
// the commands. It holds no actor: nothing on it reaches the session's children, its system or a
// token. The raw actor is a developer tool's, behind `sessionActorOf`.

import type { Actor } from 'xstate';
import type { SessionEvent } from '../session/types';
import type { SessionView } from '../session/view';
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
