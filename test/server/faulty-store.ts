// The store of reviews 59-62's scenarios: one shared store (instances on one clock), and a view of it
// whose calls on the keys a test names fail, as one shard failing over does while every other key
// answers.

import { createStorage } from 'unstorage';
import { unstorageSessionStore } from '../../src/server/index';
import type { PamSessionStore } from '../../src/server/types';
import { Browser, type TestClock } from './harness';

/** A store in memory on `clock`, whose claims settle at once. */
export function sharedStore(clock: TestClock): PamSessionStore {
  return unstorageSessionStore(createStorage(), { now: () => clock.now, claimSettleMs: 0 });
}

/**
 * Which calls fail: `get` of a key, or `set` of a key (`'lost'`: answered, nothing written); `stale`:
 * a `get` answered from a replica that lags (the value given, when not `undefined`).
 */
export interface Faults {
  get?: (key: string) => boolean;
  stale?: (key: string) => string | null | undefined;
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
    get: (key) => {
      if (faults.get?.(key)) return Promise.reject(new Error('shard failing over'));
      const lagging = faults.stale?.(key);
      return lagging === undefined ? shared.get(key) : Promise.resolve(lagging);
    },
    set: (key, value, ttl) => {
      const fault = faults.set?.(key);
      if (fault === 'lost') return Promise.resolve();
      return fault ? Promise.reject(new Error('store fails this key')) : shared.set(key, value, ttl);
    },
    claim: shared.claim.bind(shared),
  };
}

/**
 * A logout sent to `url` with `cookie`: as the browser client sends it (`id`: `<logout id>.<try>`,
 * naming `loginId`), or a form post (`id` null). Its status, and whether its answer clears the cookie.
 */
export async function sendLogout(url: string, cookie: string, loginId: string, id: string | null) {
  const tab = new Browser(url);
  tab.cookie = cookie;
  const headers: Record<string, string> =
    id === null ? {} : { 'x-pam-client': '1', 'x-pam-login': loginId, 'x-pam-logout': id };
  const r = await tab.call('POST', '/pam/auth/logout', undefined, headers);
  return { status: r.status, clears: r.headers.getSetCookie().some((l) => /Max-Age=0(;|$)/.test(l)) };
}
