// pam-client/vanilla: follow the session view, or a selected part of any actor, without a framework.
import type { AnyActorRef } from 'xstate';
import type { SessionSource } from './session';

/** What the bindings need from an actor: any XState actor (or actor ref) has both. */
export type Observable = Pick<AnyActorRef, 'getSnapshot' | 'subscribe'>;
/** The snapshot type of an actor. */
export type SnapshotOf<TActor extends Observable> = ReturnType<TActor['getSnapshot']>;

/**
 * Calls `listener` each time `selector(snapshot)` changes (by `compare`, default `Object.is`).
 * It does not fire at once: read the current value with `selector(actorRef.getSnapshot())`.
 * An actor that errors or stops is read once more, so a selector over `status` sees
 * `'error'` or `'stopped'` (an error is reported this way, not re-thrown).
 * Returns an unsubscribe function.
 *
 * @example
 * const stop = subscribeTo(client.session, (s) => s.value, (state) => render(state));
 * // later
 * stop();
 */
export function subscribeTo<TActor extends Observable, T>(
  actorRef: TActor,
  selector: (snapshot: SnapshotOf<TActor>) => T,
  listener: (selected: T) => void,
  compare: (previous: T, next: T) => boolean = Object.is,
): () => void {
  let current = selector(actorRef.getSnapshot());
  const sync = () => {
    const next = selector(actorRef.getSnapshot());
    if (compare(current, next)) return;
    current = next;
    listener(next);
  };
  const subscription = actorRef.subscribe({ next: sync, error: sync, complete: sync });
  return () => subscription.unsubscribe();
}

export type { SessionClient, SessionCommand, SessionCommands, SessionSource, ViewOf } from './session';

/**
 * Calls `listener` with the client's current view at once, then with each new view, until the
 * returned function is called. Calling at once means one render function covers the first paint
 * and every change (unlike `client.subscribe`, which only reports changes).
 *
 * @example
 * const stop = onSessionChange(client, (view) => {
 *   form.hidden = view.status !== 'signedOut' && view.status !== 'failed';
 *   codeForm.hidden = view.status !== 'twoFactorRequired';
 * });
 */
export function onSessionChange<V>(client: SessionSource<V>, listener: (view: V) => void): () => void {
  const first = client.view;
  listener(first);
  const stop = client.subscribe(listener);
  // The first call may have changed the view (e.g. it called `client.cancel()`): catch up once.
  if (client.view !== first) listener(client.view);
  return stop;
}
