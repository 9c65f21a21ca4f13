// The players' play clocks of the session (the play-time flow's stores), kept per token store and
// play-clock factory: not per client, so a remount on the same store counts on (review 135).

import type { PlayClockStore } from '../playTimeMachine';
import { storeKey } from './store-key';
import type { SessionServices } from './types';

/** The play clocks of each token store, by factory, then player (review 135: not per client). */
const playClocks = new WeakMap<object, WeakMap<object, Map<number | null, PlayClockStore>>>();

/**
 * The player's play clock, one for the life of the token store (its clients: a remount's too): one
 * in memory (no `localStorage`) must not start again at the next login or client. A factory (the app's) that throws or
 * gives none leaves no store to count in: the time played is not known (a store whose reads throw:
 * no betting, fail closed; a fresh memory clock would show an app's player over the limit as free
 * to bet), and the factory is asked again at each beat (every second while not known) and login
 * until it gives one.
 */
export function playClockOf(s: SessionServices, userId: number | null): PlayClockStore {
  // Kept per token store (its key, `storeKey`) and factory: a client stopped and made again on the
  // same store (a remount, a hot reload) counts on where the last one left (a memory clock too).
  const key = storeKey(s.tokens);
  const byFactory = playClocks.get(key) ?? new WeakMap<object, Map<number | null, PlayClockStore>>();
  playClocks.set(key, byFactory);
  const factory = s.playClock as object;
  const kept = byFactory.get(factory) ?? new Map<number | null, PlayClockStore>();
  byFactory.set(factory, kept);
  const store = () => {
    const made = kept.get(userId) ?? (s.playClock as NonNullable<typeof s.playClock>)(userId);
    if (!made) throw made;
    kept.set(userId, made);
    return made;
  };
  try {
    return store();
  } catch {
    return { read: () => store().read(), write: (record) => store().write(record) };
  }
}
