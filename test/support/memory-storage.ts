// A Web Storage stand-in.

/**
 * A `localStorage` stand-in; several tabs given the same one share it like `localStorage`.
 *
 * @example
 * const storage = memoryStorage();
 * const store = createWebStorageTokenStore({ storage });
 */
export function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}
