// The store of reviews 59-62's scenarios: one shared store (instances on one clock), and a view of it
// whose calls on the keys a test names fail, as one shard failing over does while every other key
// answers.

import { createStorage } from 'unstorage';
import { unstorageSessionStore } from '../../src/server/index';
import type { PamSessionStore } from '../../src/server/types';
import type { TestClock } from './harness';

/** A store in memory on `clock`, whose claims settle at once. */
export function sharedStore(clock: TestClock): PamSessionStore {
  return unstorageSessionStore(createStorage(), { now: () => clock.now, claimSettleMs: 0 });
}

/** Which calls fail: `get` of a key, or `set` of a key (`'lost'`: answered, nothing written). */
export interface Faults {
  get?: (key: string) => boolean;
  set?: (key: string) => boolean | 'lost';
}

/**
 * `shared` as an instance sees it when `faults` name a key: its `get` or `set` rejected (or a set
 * lost), every other call passed on. The faults are read at each call, so a test turns them on and
 * off as it goes.
 *
 * @example
 * const fault = { key: '' };
 * const onX = failing(shared, { get: (key) => key === fault.key });
 */
export function failing(shared: PamSessionStore, faults: Faults): PamSessionStore {
  return {
    get: (key) => (faults.get?.(key) ? Promise.reject(new Error('shard failing over')) : shared.get(key)),
    set: (key, value, ttl) => {
      const fault = faults.set?.(key);
      if (fault === 'lost') return Promise.resolve();
      return fault ? Promise.reject(new Error('store fails this key')) : shared.set(key, value, ttl);
    },
    claim: shared.claim.bind(shared),
  };
}
