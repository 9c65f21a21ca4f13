// The store seam over unstorage (any driver: Redis, Cloudflare KV, memory, ...). Typed by shape,
// so `unstorage` stays an optional peer that this file never imports.

import { clockOption, objectOption, serviceOption, textOption, wholeOption } from './option';
import type { PamSessionStore } from './types';

/**
 * The part of an unstorage `Storage` the session store uses.
 *
 * @example
 * const storage: UnstorageLike = createStorage(); // from 'unstorage'
 */
export interface UnstorageLike {
  /** The value under `key` (unstorage parses what it stored). */
  getItem(key: string): Promise<unknown>;
  /** Stores `value` under `key`; drivers that can expire entries take `ttl` in seconds. */
  // biome-ignore lint/suspicious/noExplicitAny: unstorage's own signature
  setItem(key: string, value: any, options?: { ttl?: number }): Promise<void>;
}

/** The options of `unstorageSessionStore`. */
export interface UnstorageSessionStoreOptions {
  /** Key prefix. Default `pam-session:`. */
  prefix?: string;
  /**
   * How long a claim waits before reading back whose it is (unstorage has no set-if-absent).
   * At most 500 ms (the whole claim is one store call: `STORE_MS`). Default 50 ms: longer than the store's write latency, so of two claims the later write wins
   * and both read it back.
   */
  claimSettleMs?: number;
  /** The clock. Default `Date.now`. */
  now?: () => number;
}

interface Entry {
  value: string;
  exp: number;
}

const isEntry = (v: unknown): v is Entry =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Entry).value === 'string' &&
  typeof (v as Entry).exp === 'number';

const settle = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

/**
 * A `PamSessionStore` over an unstorage `Storage`: token rotations shared by every instance on
 * that storage, so a token is refreshed once across them. Entries carry their expiry (drivers
 * with a `ttl` get it too); the claim is write, settle, read back (best effort: a store with an
 * atomic set-if-absent can implement `PamSessionStore` itself).
 *
 * @example
 * import { createStorage } from 'unstorage';
 * import redisDriver from 'unstorage/drivers/redis';
 * const pam = createPamServer({ apiBaseURL, secrets, store: unstorageSessionStore(createStorage({ driver: redisDriver({ url }) })) });
 */
export function unstorageSessionStore(
  storage: UnstorageLike,
  options: UnstorageSessionStoreOptions = {},
): PamSessionStore {
  // Checked as `createPamServer`'s options are (option.ts): a ConfigurationError now, not at a call.
  serviceOption('storage', storage, ['getItem', 'setItem']);
  const given: UnstorageSessionStoreOptions = objectOption('options', options, [
    'prefix',
    'claimSettleMs',
    'now',
  ]);
  const prefix = textOption('prefix', given.prefix, 'pam-session:', /^[^\0]*$/, 'a string');
  // At most 500 ms (a literal: CONTRIBUTING.md): the claim is one store call, within `STORE_MS`.
  const settleMs = wholeOption('claimSettleMs', given.claimSettleMs, 50, 0, 500);
  const now = clockOption('now', given.now);

  async function get(key: string): Promise<string | null> {
    const entry = await storage.getItem(prefix + key);
    return isEntry(entry) && entry.exp > now() ? entry.value : null;
  }
  async function set(key: string, value: string, ttlMs: number): Promise<void> {
    const entry: Entry = { value, exp: now() + ttlMs };
    await storage.setItem(prefix + key, entry, { ttl: Math.max(1, Math.ceil(ttlMs / 1000)) });
  }
  return {
    get,
    set,
    async claim(key, value, ttlMs) {
      if ((await get(key)) !== null) return false;
      const mine = `${value}:${globalThis.crypto.randomUUID()}`;
      await set(key, mine, ttlMs);
      await settle(settleMs);
      return (await get(key)) === mine;
    },
  };
}

/** A store's call that failed (REVIEW-P P4): answered as the typed `503`, never the store's error. */
export class StoreFailure extends Error {}

/**
 * A store call's deadline: 1 s (a literal: CONTRIBUTING.md), `timeoutMs` when that is shorter. A
 * healthy store answers in milliseconds; one that stalls (a hung connection, a command queue with
 * no timeout: REVIEW-S S-2) fails at it, so a logout over a stalled store still answers in seconds.
 */
export const STORE_MS = 1_000;

/**
 * How long after a logout a call carrying its cookie may still be in flight (sent before the
 * logout's answer reached the browser): a login sent with it then is refused (it may have been in
 * flight across the logout), one arriving later joins its successor (`joinedBy`: the browser kept
 * the cookie, the logout's answer lost: `endedLongBefore`); a try of the logout itself is known as
 * it within it only; a clearing answer's check is held as long (`Rotations.endedBefore`). Its own
 * figure, not `graceMs` (which may be 0): four times the client's default timeout.
 */
export const IN_FLIGHT_MS = 60_000;

/**
 * How long a check held as a claim (`probe`: a logout's of a lineage's slot) stays: longer than
 * any claim takes (its settle, at most 500 ms, within `STORE_MS`),
 * so a store that reads a claim back finds its own (review 75: at 1 ms, unstorage's read-back after
 * its 50 ms settle found it expired, and every check was lost to nobody).
 */
export const PROBE_MS = 2 * STORE_MS;

/**
 * `store` with each call's failure (a throw, a rejection, or no answer within `ms`) made a
 * `StoreFailure`: the server tells it from any other failure (`handle`: the typed `503`;
 * `getSession`: `unavailable`; a logout: best effort).
 */
export function guarded(store: PamSessionStore | undefined, ms: number): PamSessionStore | undefined {
  if (!store) return undefined;
  const guard =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      new Promise<R>((resolve, reject) => {
        const fail = () => reject(new StoreFailure('The session store failed.'));
        const timer = setTimeout(fail, ms);
        (async () => method.apply(store, args))()
          .then(resolve, fail)
          .finally(() => clearTimeout(timer));
      });
  return { get: guard(store.get), set: guard(store.set), claim: guard(store.claim) };
}
