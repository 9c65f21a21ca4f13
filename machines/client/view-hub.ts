// The view hub: a client's view and its listeners (both clients), and the checks of what a caller
// hands the client's commands (a listener, a login's fields).

import { LOGIN_KEYS, unknownKey } from '../login/request';
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
 * A login command (`type: 'LOGIN'`) from its fields, as given; none from what cannot be read (a
 * Proxy trap), so the session refuses it as invalid input, nothing sent (REVIEW-O 7), never a raw
 * TypeError. A key the login does not take (`LOGIN_KEYS`: the spec's `captcha_token`, a typo;
 * REVIEW-Y Y-11), or a `type` of the caller's other than the command's own (`'LOGIN'`, or none:
 * another command given to `client.login`), is refused here, at the call: a
 * `RequestValidationError` (`unrecognized_key` naming the first such key, never its value),
 * nothing sent, the session untouched. (Before, an unknown key put the session in `failed` while
 * a `type` threw; a LOGIN sent to the session itself still ends `failed` with that error.)
 */
export const loginFields = (c: unknown): object => {
  let o = { type: 'LOGIN' };
  // An object's keys only: a string's characters (`login('x')`) are no keys the caller gave; it is
  // no credentials at all, which the session fails as invalid input (REVIEW-O 7: never thrown).
  try {
    o = { ...o, ...(typeof c === 'object' && c) };
  } catch {}
  const key = o.type !== 'LOGIN' ? 'type' : Object.keys(o).find((k) => !LOGIN_KEYS.test(k));
  if (key) throw unknownKey(key);
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
