// The view an app renders and its listeners, one mechanism for both clients (`createPamClient`,
// the server-session client): a listener per subscription, none called once removed, and a view
// that fails closed when its session stops or crashes.

import { type SessionView, sameView } from '../session/view';

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
