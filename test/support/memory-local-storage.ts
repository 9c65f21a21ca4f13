import { afterEach, beforeEach } from 'vitest';

/**
 * A `localStorage` over a Map for each test of the file (installed before, removed after); `keys()`
 * reads what the test's clients kept.
 */
export function useMemoryLocalStorage() {
  let storage = new Map<string, string>();
  beforeEach(() => {
    const m = new Map<string, string>();
    storage = m;
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => m.set(k, String(v)),
      removeItem: (k: string) => m.delete(k),
    };
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });
  return { keys: () => [...storage.keys()] };
}
