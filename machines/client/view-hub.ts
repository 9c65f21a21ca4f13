// The view hub: a client's view and its listeners (both clients), and the checks of what a caller
// hands the client's commands (a listener, a login's fields).

import { unknownKey } from '../login/request';
import { staleView } from './ended-view';
import type { SessionView } from './session-facade';
import { sameView } from './session-facade';

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

/** The view of a client and its listeners; once its session ended, the view `staleView` gives. */
export const viewHub = (initial: SessionView) => createViewHub(initial, staleView);

/**
 * `listener`, or a TypeError naming `call` when it is no function (REVIEW-O 7: stored, it threw at
 * every later view change, uncaught).
 */
export const listenerOf = <T>(listener: T, call: string): T => {
  if (typeof listener !== 'function') throw new TypeError(`${call}: the listener must be a function`);
  return listener;
};

/**
 * A login command from its fields: every key as given (one the login does not take is refused by
 * name, nothing sent: REVIEW-Y Y-11; the door boxes its value); none from what cannot be read (a
 * Proxy trap), so the session refuses it as invalid input, nothing sent (REVIEW-O 7), never a raw
 * TypeError. A `type` of the caller's other than the command's own (`'LOGIN'`, or none): another
 * command given to `client.login` (LoginCredentials has none), refused here, at the call: a
 * `RequestValidationError` (`unrecognized_key` at `type`), nothing sent, the session untouched
 * (before, it was overwritten and the call went out as a login).
 */
export const loginFields = (c: unknown): object => {
  let o = { type: 'LOGIN' };
  try {
    o = { ...o, ...(c as object) };
  } catch {}
  if (o.type !== 'LOGIN') throw unknownKey('type');
  return o;
};

/**
 * The view of a client and its listeners; `ended`: the view once its session ended (none: as it
 * is). `createPamClient` takes it from its flows (the profile flow's, which brings restrictions).
 */
export function createViewHub(view: SessionView, ended?: (view: SessionView) => SessionView | undefined) {
  const listeners = new Set<(v: SessionView) => void>();
  const publish = (next: SessionView) => {
    view = next;
    notify(listeners, view);
  };
  return {
    get: () => view,
    set: (next: SessionView) => {
      if (!sameView(view, next)) publish(next);
    },
    subscribe: (listener: (v: SessionView) => void) => {
      listenerOf(listener, 'subscribe');
      const entry = (v: SessionView) => listener(v);
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    end: () => {
      const next = ended?.(view);
      if (next) publish(next);
    },
    clear: () => listeners.clear(),
  };
}
