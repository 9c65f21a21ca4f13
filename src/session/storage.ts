import * as z from 'zod/mini';
import { HeaderSafeToken } from '../schemas/common';

/**
 * What a token store keeps between page loads: the access token and when it was saved.
 *
 * @example
 * const session: StoredSession = { accessToken: 'eyJ…', tokenType: 'Bearer', expiresAt: null, savedAt: Date.now() };
 */
export interface StoredSession {
  accessToken: string;
  tokenType: string;
  /** Epoch ms when the token expires, when the server said (`expires_in`), in `timeBase`'s time. */
  expiresAt: number | null;
  /** Epoch ms when the token was saved, in `timeBase`'s time; the refresh cycle counts from here. */
  savedAt: number;
  /**
   * Which time `savedAt` and `expiresAt` are in: `'server'`, the server's (`serverNow()`, the one
   * clock: a device clock stepped since does not move them); absent (or `'device'`), the device
   * clock of the tab that wrote it (sessions stored by versions before this field). An expiry
   * the device clock calls past is then checked with the server, never believed alone.
   */
  timeBase?: 'server' | 'device';
  userId?: number;
  /**
   * The session's place in a logical clock shared by the tabs of an origin (a Lamport counter):
   * each login or refresh takes one more than the highest it has seen. Sessions are ordered by
   * it, not by `savedAt`, so a wall clock stepping back never makes a newer session look older.
   */
  seq?: number;
  /**
   * The `seq` of the login this session comes from: refreshes keep it. A logout ends every
   * session of its login, even one another tab refreshed meanwhile.
   */
  sid?: number;
}

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
 * The largest `seq` or `sid` a session may carry: far beyond any real count of logins and
 * refreshes, and small enough that one more is still a safe integer. A foreign message or store
 * with a bigger one is refused, so it cannot push the tabs' clock out of the safe range.
 *
 * @example
 * parseStoredSession({ accessToken: 't', tokenType: 'Bearer', expiresAt: null, savedAt: 0, seq: 2 ** 53 }); // null
 */
export const MAX_SESSION_COUNTER = 281_474_976_710_656; // 2 ** 48 (a literal: CONTRIBUTING.md)

/** A wall-clock instant (epoch ms): finite. */
const instant = () => z.number();
const counter = () => z.number().check(z.int(), z.nonnegative(), z.lte(MAX_SESSION_COUNTER));

// Validates what comes back from storage: another app, an old version or a user may have
// written anything under the key.
// Pure-annotated so a bundle that never reads storage drops zod with it.
const StoredSessionSchema = /* @__PURE__ */ (() =>
  z.object({
    // A token that cannot be a header value would fail every call: a corrupt store reads as empty.
    accessToken: HeaderSafeToken,
    tokenType: z.string().check(z.maxLength(64)),
    expiresAt: z.nullable(instant()),
    savedAt: instant(),
    userId: z.optional(
      z.number().check(z.int(), z.lte(Number.MAX_SAFE_INTEGER), z.gte(Number.MIN_SAFE_INTEGER)),
    ),
    seq: z.optional(counter()),
    sid: z.optional(counter()),
    // Liberal: an unknown value (a newer writer) reads as the device's (checked with the server).
    timeBase: z.optional(z.string().check(z.maxLength(16))),
  }))();

/**
 * A `StoredSession` when `value` is one (a frozen copy), else `null`: for anything read back from
 * storage or another tab, which may hold foreign or corrupt data.
 *
 * @example
 * parseStoredSession(JSON.parse(raw)); // StoredSession | null, never throws
 */
export function parseStoredSession(value: unknown): StoredSession | null {
  const result = StoredSessionSchema.safeParse(value);
  if (!result.success) return null;
  const { userId, seq, sid, timeBase, ...rest } = result.data;
  return Object.freeze({
    ...rest,
    ...(timeBase === 'server' ? { timeBase } : {}),
    ...(userId === undefined ? {} : { userId }),
    ...(seq === undefined ? {} : { seq }),
    ...(sid === undefined ? {} : { sid }),
  });
}

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
      // Nothing more to do: the value stays unreadable to us either way.
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
