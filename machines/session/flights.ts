// The refreshes on their way, per token store (review 134): a client stopped while its refresh was
// in flight (an unmount, a hot reload) stores the answer when it lands (`tookBack`, ./refresh.ts),
// but the client opened again on the same store at once restored the token that refresh sent, which
// the server has rotated away: its own refresh of it is answered 401. That 401 is final only once
// the other refreshes of the same token on the same store have settled (their answer stored, or
// failed): then the store is read again (`newerOwn`). Only calls of this realm are known here; other
// pages tell theirs through the tabs flow's claim.

import type { TimersLike } from '../environment';
import { settleWithin } from '../settle-within';
import { storeKey } from './store-key';

/** The refreshes sent from this realm, per token store: the token each sent and its end. */
const flights = new WeakMap<object, Set<Flight>>();

interface Flight {
  token: string;
  done: Promise<unknown>;
  /** Whether its call stopped (its client stopped, or signed out): its answer goes to `tookBack`. */
  stopped: () => boolean;
}

/**
 * A refresh of `token` sent on `store`: registered until `done` settles (its answer taken or
 * stored, or its failure). Returns the entry, to tell it apart from the others (`othersLanded`).
 */
export function flying(store: object, token: string, done: Promise<unknown>, stopped: () => boolean) {
  const key = storeKey(store);
  const set = flights.get(key) ?? new Set();
  flights.set(key, set);
  const entry = { token, done, stopped };
  set.add(entry);
  const drop = () => set.delete(entry);
  done.then(drop, drop);
  return entry;
}

/**
 * Waits until every other refresh of `token` on `store` (not `mine`) whose call stopped has settled,
 * at most `ms` (the adapter's timeout) or until `signal` aborts. Resolves true when there was one to
 * wait for (the store is then worth reading again), false at once when none. (A live client's
 * refresh is not waited for here: it stores its answer itself, which the lost-race grace and the
 * tabs' claim read, as before.)
 */
export async function othersLanded(
  store: object,
  token: string,
  mine: object | undefined,
  ms: number,
  timers: TimersLike,
  signal: AbortSignal,
): Promise<boolean> {
  const others = [...(flights.get(storeKey(store)) ?? [])].filter(
    (f) => f !== mine && f.token === token && f.stopped(),
  );
  if (!others.length) return false;
  const all = Promise.all(others.map((f) => f.done.then(undefined, () => undefined)));
  await settleWithin(all, ms, undefined, timers, signal);
  return !signal.aborted;
}
