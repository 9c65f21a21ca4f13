// A `localStorage` stand-in (its `getItem` and `setItem`) that counts its writes.

/** An empty `localStorage` stand-in; `writes` counts its `setItem` calls. */
export function countingStorage() {
  const items = new Map<string, string>();
  const storage = {
    writes: 0,
    getItem: (key: string) => items.get(key) ?? null,
    setItem(key: string, value: string) {
      storage.writes++;
      items.set(key, value);
    },
  };
  return storage;
}
