// pam-client/vanilla: follow the session view, or a selected part of any actor, without a framework.
import { type Observable, type SessionSource, type SnapshotOf, subscribeFrom } from './session';

export type { Observable, SnapshotOf } from './session';

/**
 * Calls `listener` each time `selector(snapshot)` changes (by `compare`, default `Object.is`).
 * It does not fire at once: read the current value with `selector(actorRef.getSnapshot())`.
 * An actor that errors or stops is read once more, so a selector over `status` sees
 * `'error'` or `'stopped'` (an error is reported this way, not re-thrown).
 * Returns an unsubscribe function.
 *
 * @example
 * const stop = subscribeTo(client.state, (view) => view.status, (status) => render(status));
 * // later
 * stop();
 */
export function subscribeTo<TActor extends Observable, T>(
  actorRef: TActor,
  selector: (snapshot: SnapshotOf<TActor>) => T,
  listener: (selected: T) => void,
  compare: (previous: T, next: T) => boolean = Object.is,
): () => void {
  const seen = actorRef.getSnapshot();
  return subscribeFrom(actorRef, selector, listener, compare, selector(seen), seen);
}

export type {
  SessionClient,
  SessionCommand,
  SessionCommands,
  SessionSource,
  Unsubscribable,
  ViewOf,
} from './session';

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
  // One call at a time, each with the view as it is then: a view that changes while the listener
  // runs (it called `client.cancel()`) is shown once it has returned, never nested (review 86: the
  // catch-up call was made subscribed, so a change it made called the listener inside it).
  let shown: V | undefined;
  let running = false;
  // (Once let go, never called again, not even by the catch-up of a call that let go: review 90.)
  let stopped = false;
  const show = () => {
    if (running) return;
    running = true;
    try {
      // (At most 16 in a row: a listener that changes the view at every call would never return.)
      for (let n = 0; n < 16 && !stopped && shown !== client.view; n++) {
        shown = client.view;
        listener(shown);
      }
    } finally {
      running = false;
    }
  };
  const off = client.subscribe(show);
  const stop = () => {
    stopped = true;
    off();
  };
  try {
    show();
  } catch (error) {
    // A listener that throws before the caller has the unsubscribe function leaves nothing subscribed.
    stop();
    throw error;
  }
  return stop;
}
