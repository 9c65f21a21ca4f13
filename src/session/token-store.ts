/**
 * Where the session keeps its token: the `TokenStore` contract, in memory or on Web Storage; what
 * it keeps is a `StoredSession`, checked whenever it is read back (`parseStoredSession`, ./token).
 */

import { parseStoredSession, type StoredSession } from './token';

/**
 * Where the session keeps its token. Sync or async, so a store can be `localStorage`, memory,
 * a cookie bridge or IndexedDB. Implementations never throw for bad stored data.
 *
 * @example
 * const store: TokenStore = createMemoryTokenStore();
 * await store.set(session);
 * (await store.get())?.accessToken;
 */
export interface TokenStore {
  /** The saved session, or `null` when there is none. */
  get(): StoredSession | null | Promise<StoredSession | null>;
  /** Saves the session (replacing any other). */
  set(session: StoredSession): void | Promise<void>;
  /** Forgets the session. */
  clear(): void | Promise<void>;
}

/**
 * A `TokenStore` whose methods answer synchronously (the memory and web-storage stores).
 *
 * @example
 * const store: SyncTokenStore = createMemoryTokenStore();
 * const token = store.get()?.accessToken; // no await needed
 */
export interface SyncTokenStore extends TokenStore {
  /** The saved session, or `null` when there is none. */
  get(): StoredSession | null;
  /** Saves the session (replacing any other). */
  set(session: StoredSession): void;
  /** Forgets the session. */
  clear(): void;
}

/**
 * The subset of the Web Storage API a web-storage token store uses.
 *
 * @example
 * const storage: StorageLike = window.sessionStorage;
 */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Options of `createWebStorageTokenStore`.
 *
 * @example
 * const options: WebStorageTokenStoreOptions = { key: 'my-app.session' };
 */
export interface WebStorageTokenStoreOptions {
  /** Default: `globalThis.localStorage`, looked up at each call (so importing is SSR-safe). */
  storage?: StorageLike;
  /** Default: `'pam-client.session'`. */
  key?: string;
}

/**
 * The default key under which `createWebStorageTokenStore` keeps the session.
 *
 * @example
 * localStorage.getItem(DEFAULT_SESSION_KEY);
 */
export const DEFAULT_SESSION_KEY = 'pam-client.session';

/**
 * A token store that lives as long as the page (or process): nothing survives a reload.
 *
 * @example
 * const store = createMemoryTokenStore();
 * store.set({ accessToken: 't', tokenType: 'Bearer', expiresAt: null, savedAt: Date.now() });
 * store.get()?.accessToken; // 't'
 */
export function createMemoryTokenStore(initial?: StoredSession | null): SyncTokenStore {
  // A frozen copy, so a caller mutating the object it passed cannot change the stored session.
  let current: StoredSession | null = initial ? Object.freeze({ ...initial }) : null;
  return {
    get: () => current,
    set: (session) => {
      current = Object.freeze({ ...session });
    },
    clear: () => {
      current = null;
    },
  };
}

function defaultStorage(): StorageLike | undefined {
  try {
    // Reading `localStorage` itself throws a SecurityError in sandboxed frames and with
    // third-party storage blocked; in SSR it is simply absent.
    return (globalThis as { localStorage?: StorageLike }).localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * A token store on Web Storage (`localStorage` by default), shared by the tabs of an origin.
 * Corrupt or foreign values are discarded and removed; storage errors (quota, SecurityError,
 * no storage during SSR) never throw: the session then lives in memory until the page closes.
 *
 * @example
 * const store = createWebStorageTokenStore({ storage: sessionStorage, key: 'my-app.session' });
 * const session = store.get(); // StoredSession | null
 */
export function createWebStorageTokenStore(options?: WebStorageTokenStoreOptions): SyncTokenStore {
  const key = options?.key ?? DEFAULT_SESSION_KEY;
  const storageOf = (): StorageLike | undefined => options?.storage ?? defaultStorage();
  // Holds the session only while storage refuses to; storage wins again after the next good write.
  let fallback: StoredSession | null = null;

  const remove = (storage: StorageLike | undefined): void => {
    try {
      storage?.removeItem(key);
    } catch {
      // A removal refused while writes work: the value overwritten with one no reader takes, so a
      // later page never restores a session signed out of (review 158). Else nothing more to do.
      try {
        storage?.setItem(key, '');
      } catch {}
    }
  };

  return {
    get() {
      if (fallback) return fallback;
      const storage = storageOf();
      let raw: unknown;
      try {
        raw = storage?.getItem(key) ?? null;
      } catch {
        return null;
      }
      if (raw === null) return null;
      let parsed: unknown;
      try {
        parsed = typeof raw === 'string' ? JSON.parse(raw) : undefined;
      } catch {
        parsed = undefined;
      }
      const session = parseStoredSession(parsed);
      if (!session) remove(storage);
      return session;
    },
    set(session) {
      const storage = storageOf();
      try {
        if (!storage) throw new Error('no storage');
        storage.setItem(key, JSON.stringify(session));
        fallback = null;
      } catch {
        fallback = Object.freeze({ ...session });
        // An older session may still sit in storage; it must not come back after this one.
        remove(storage);
      }
    },
    clear() {
      fallback = null;
      remove(storageOf());
    },
  };
}
