// The key of a token store: what is kept per store (the accepted records, the play clocks, the
// step-up count in memory, the refreshes on their way) is kept under the store the app gave, never
// under a client's own guarded view of it (./store.ts `guardStore`).

/** Each guarded view's store (set by `guardStore`). */
export const raws = new WeakMap<object, object>();

/**
 * The store a guarded view is of (any other object: itself). Every client guards the store it is
 * given anew: two clients of one store (a remount, a hot reload) share what is kept per store only
 * under this key (review 135: a remount forgot what the player accepted).
 */
export const storeKey = (tokens: object): object => raws.get(tokens) ?? tokens;
