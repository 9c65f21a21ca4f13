import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredSession } from '../../src/session/token';
import {
  createMemoryTokenStore,
  createWebStorageTokenStore,
  DEFAULT_SESSION_KEY,
  type StorageLike,
} from '../../src/session/token-store';

const session: StoredSession = {
  accessToken: 'tok-123',
  tokenType: 'Bearer',
  expiresAt: 1_700_000_360_000,
  savedAt: 1_700_000_000_000,
  userId: 42,
};

/** A Map-backed Storage whose methods can be made to throw. */
function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const fail = { get: false, set: false, remove: false };
  const storage: StorageLike = {
    getItem: vi.fn((k: string) => {
      if (fail.get) throw new DOMException('denied', 'SecurityError');
      return data.get(k) ?? null;
    }),
    setItem: vi.fn((k: string, v: string) => {
      if (fail.set) throw new DOMException('full', 'QuotaExceededError');
      data.set(k, String(v));
    }),
    removeItem: vi.fn((k: string) => {
      if (fail.remove) throw new DOMException('denied', 'SecurityError');
      data.delete(k);
    }),
  };
  return { storage, data, fail };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createMemoryTokenStore', () => {
  it('starts empty or with the initial session, sets and clears', () => {
    expect(createMemoryTokenStore().get()).toBeNull();
    const store = createMemoryTokenStore(session);
    expect(store.get()).toEqual(session);
    const next = { ...session, accessToken: 'tok-456' };
    store.set(next);
    expect(store.get()).toEqual(next);
    store.clear();
    expect(store.get()).toBeNull();
  });

  it('keeps a frozen copy, so mutating the argument changes nothing', () => {
    const mine = { ...session };
    const store = createMemoryTokenStore();
    store.set(mine);
    mine.accessToken = 'changed';
    expect(store.get()?.accessToken).toBe('tok-123');
    expect(Object.isFrozen(store.get())).toBe(true);
  });
});

describe('createWebStorageTokenStore', () => {
  it('round-trips a session under the default key', () => {
    const { storage, data } = fakeStorage();
    const store = createWebStorageTokenStore({ storage });
    expect(store.get()).toBeNull();
    store.set(session);
    expect(JSON.parse(data.get(DEFAULT_SESSION_KEY)!)).toEqual(session);
    expect(store.get()).toEqual(session);
    expect(Object.isFrozen(store.get())).toBe(true);
    store.clear();
    expect(data.has(DEFAULT_SESSION_KEY)).toBe(false);
    expect(store.get()).toBeNull();
  });

  it('uses a custom key and accepts a session without userId', () => {
    const { storage, data } = fakeStorage();
    const store = createWebStorageTokenStore({ storage, key: 'app.s' });
    const { userId: _, ...noUser } = session;
    store.set({ ...noUser, expiresAt: null });
    expect(data.has('app.s')).toBe(true);
    expect(data.has(DEFAULT_SESSION_KEY)).toBe(false);
    expect(store.get()).toEqual({ ...noUser, expiresAt: null });
  });

  it('reads a session another tab (another store) wrote', () => {
    const { storage } = fakeStorage();
    createWebStorageTokenStore({ storage }).set(session);
    expect(createWebStorageTokenStore({ storage }).get()).toEqual(session);
  });

  it('drops unknown keys of a stored value', () => {
    const { storage } = fakeStorage({ [DEFAULT_SESSION_KEY]: JSON.stringify({ ...session, extra: 'x' }) });
    expect(createWebStorageTokenStore({ storage }).get()).toEqual(session);
  });

  it.each([
    ['bad JSON', '{"accessToken":'],
    ['JSON null', 'null'],
    ['a string', '"tok"'],
    ['an array', JSON.stringify([session])],
    ['an empty token', JSON.stringify({ ...session, accessToken: '' })],
    ['a missing token', JSON.stringify({ ...session, accessToken: undefined })],
    ['a numeric token', JSON.stringify({ ...session, accessToken: 5 })],
    ['a string savedAt', JSON.stringify({ ...session, savedAt: '1700000000000' })],
    ['a string expiresAt', JSON.stringify({ ...session, expiresAt: 'soon' })],
    ['a missing tokenType', JSON.stringify({ ...session, tokenType: undefined })],
    ['a string userId', JSON.stringify({ ...session, userId: '42' })],
  ])('discards and removes %s without throwing', (_label, raw) => {
    const { storage, data } = fakeStorage({ [DEFAULT_SESSION_KEY]: raw, other: 'kept' });
    const store = createWebStorageTokenStore({ storage });
    expect(store.get()).toBeNull();
    expect(data.has(DEFAULT_SESSION_KEY)).toBe(false);
    expect(data.get('other')).toBe('kept');
  });

  it('returns null when reading throws (SecurityError)', () => {
    const { storage, fail } = fakeStorage({ [DEFAULT_SESSION_KEY]: JSON.stringify(session) });
    fail.get = true;
    expect(createWebStorageTokenStore({ storage }).get()).toBeNull();
  });

  it('keeps the session in memory when writing throws (quota), and removes the stale one', () => {
    const old = { ...session, accessToken: 'old' };
    const { storage, data, fail } = fakeStorage({ [DEFAULT_SESSION_KEY]: JSON.stringify(old) });
    const store = createWebStorageTokenStore({ storage });
    fail.set = true;
    expect(() => store.set(session)).not.toThrow();
    expect(data.has(DEFAULT_SESSION_KEY)).toBe(false);
    expect(store.get()).toEqual(session);
    // Storage works again: the next write goes there and memory is dropped.
    fail.set = false;
    store.set({ ...session, accessToken: 'new' });
    expect(JSON.parse(data.get(DEFAULT_SESSION_KEY)!).accessToken).toBe('new');
    expect(store.get()?.accessToken).toBe('new');
  });

  it('clear never throws and forgets the memory fallback', () => {
    const { storage, fail } = fakeStorage();
    const store = createWebStorageTokenStore({ storage });
    fail.set = true;
    fail.remove = true;
    store.set(session);
    expect(store.get()).toEqual(session);
    expect(() => store.clear()).not.toThrow();
    expect(store.get()).toBeNull();
  });

  it('without storage (SSR) returns null and keeps sets in memory', () => {
    vi.stubGlobal('localStorage', undefined);
    const store = createWebStorageTokenStore();
    expect(store.get()).toBeNull();
    store.set(session);
    expect(store.get()).toEqual(session);
    store.clear();
    expect(store.get()).toBeNull();
  });

  it('survives a localStorage getter that throws', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    try {
      const store = createWebStorageTokenStore();
      expect(store.get()).toBeNull();
      expect(() => store.clear()).not.toThrow();
    } finally {
      if (original) Object.defineProperty(globalThis, 'localStorage', original);
      else Reflect.deleteProperty(globalThis, 'localStorage');
    }
  });

  it('looks up globalThis.localStorage lazily, at call time', () => {
    const store = createWebStorageTokenStore(); // created before any storage exists
    const { storage, data } = fakeStorage();
    vi.stubGlobal('localStorage', storage);
    store.set(session);
    expect(data.has(DEFAULT_SESSION_KEY)).toBe(true);
    expect(store.get()).toEqual(session);
  });
});
