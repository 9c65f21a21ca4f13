import type { StoredSession, TokenStore } from 'pam-client';

/**
 * Reads see a write still in flight. With an async store (IndexedDB, a native bridge) the session
 * hears `tokenRefreshed` before `set` settles; without this, a request retried on that signal
 * would read the old token back and fail with 401 although the refresh worked. A sync store
 * (the built-in ones) settles at once, so nothing changes for it.
 */
export function withPendingWrites(store: TokenStore): TokenStore {
  // `undefined`: no write pending; `null`: a clear pending.
  let pending: StoredSession | null | undefined;
  let generation = 0;

  function track(value: StoredSession | null, result: void | Promise<void>): void | Promise<void> {
    const mine = ++generation;
    // A write that settled at once is the store's word: an older one still pending is overtaken.
    if (!(result instanceof Promise)) {
      pending = undefined;
      return result;
    }
    pending = value;
    return result.finally(() => {
      if (generation === mine) pending = undefined;
    });
  }

  return {
    get: () => (pending === undefined ? store.get() : pending),
    set: (session) => track(session, store.set(session)),
    clear: () => track(null, store.clear()),
  };
}
