// pam-client/svelte: the session view and actors as Svelte stores. The store contract is plain JavaScript, so this
// entry never imports svelte, and `$store` works the same in Svelte 3, 4 and 5.
import {
  commandsOf,
  type SessionClient,
  type SessionCommands,
  type SessionSource,
  subscribeFrom,
  type ViewOf,
} from './session';
import { type Observable, onSessionChange, type SnapshotOf } from './vanilla';

/** The Svelte store contract (what `$store` reads): `run` gets the value now, then each change. */
export interface ActorStore<T> {
  /** Calls `run` with the value now and on each change; returns the unsubscribe function. */
  subscribe(this: void, run: (value: T) => void): () => void;
}

/**
 * A store of `selector(snapshot)`, notifying only when the selected value changes (by
 * `compare`, default `Object.is`). It only subscribes: start and stop the actor yourself.
 *
 * @example
 * <script>
 *   const actor = createActor(incomeReportMachine, { input: { user: client.user } }).start();
 *   onDestroy(() => actor.stop()); // aborts a poll in flight
 *   const error = selectorStore(actor, (s) => s.context.error?.message);
 * </script>
 * {#if $error}<p role="alert">{$error}</p>{/if}
 */
export function selectorStore<TActor extends Observable, T>(
  actorRef: TActor,
  selector: (snapshot: SnapshotOf<TActor>) => T,
  compare: (previous: T, next: T) => boolean = Object.is,
): ActorStore<T> {
  return {
    subscribe(run) {
      const seen = actorRef.getSnapshot();
      const first = selector(seen);
      run(first);
      // A change `run`'s first call made (it sent an event): told once that call has returned,
      // never missed nor nested (review 121; `onSessionChange` does the same for the view).
      return subscribeFrom(actorRef, selector, run, compare, first, seen);
    },
  };
}

/**
 * A store of the actor's snapshot (`$store.value`, `$store.context`, `$store.matches(…)`), or of
 * `client.state`'s view (`$store.status`).
 *
 * @example
 * <script>
 *   const session = toStore(client.state);
 * </script>
 * {#if $session.status === 'signedIn'}<AccountMenu />{/if}
 */
export function toStore<TActor extends Observable>(actorRef: TActor): ActorStore<SnapshotOf<TActor>> {
  return selectorStore(actorRef, (snapshot) => snapshot);
}

/** A store of the session view that also carries the client's commands. */
export type SessionStore<C extends SessionClient> = ActorStore<ViewOf<C>> & SessionCommands<C>;

/**
 * A readable store of the client's session view (`$session.status`, `$session.error`, ...),
 * plus the commands (`session.login(...)`). Works with `$session` in Svelte 4 and 5, and with
 * Svelte 5's `fromStore(session)`. Subscribers get the current view at once, then each new one.
 *
 * @example
 * <script>
 *   import { client } from './client'; // createPamClient(...) once, in a module
 *   const session = sessionStore(client);
 * </script>
 * {#if $session.status === 'twoFactorRequired'}
 *   <CodeForm attemptsLeft={$session.codeAttemptsLeft} onsubmit={(code) => session.submitCode(code)} />
 * {/if}
 */
export function sessionStore<C extends SessionClient>(client: C): SessionStore<C> {
  return {
    subscribe: (run) => onSessionChange(client as SessionSource<ViewOf<C>>, run),
    ...commandsOf(client),
  };
}
