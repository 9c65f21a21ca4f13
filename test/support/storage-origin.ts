// One origin's localStorage as the tabs (windows) of a browser share it, for the storage-event
// channel (machines/storage-channel.ts): one map, a `Storage` view per window, and a write through
// one window's view heard as a `storage` event by every OTHER window (never its own), on a later
// microtask, only when the value changed — as browsers do.

/** A window of the origin: its `localStorage` view and its `storage` events. */
export type StorageWindow = EventTarget & { localStorage: Storage };

export interface StorageOrigin {
  /** The shared map (what every window's `localStorage` reads). */
  readonly map: Map<string, string>;
  /** Every `[key, value]` written through any view, in order. */
  readonly writes: Array<[string, string]>;
  /** While true, `setItem` throws a QuotaExceededError (full or refused storage). */
  failing: boolean;
  /** A new window (tab) of the origin. */
  window(): StorageWindow;
}

export function storageOrigin(): StorageOrigin {
  const windows: StorageWindow[] = [];
  const origin: StorageOrigin = {
    map: new Map(),
    writes: [],
    failing: false,
    window() {
      const target = new EventTarget() as StorageWindow;
      const tell = (key: string, oldValue: string | null, newValue: string | null) => {
        if (oldValue === newValue) return;
        for (const other of windows)
          if (other !== target)
            queueMicrotask(() =>
              other.dispatchEvent(Object.assign(new Event('storage'), { key, oldValue, newValue })),
            );
      };
      const m = origin.map;
      target.localStorage = {
        get length() {
          return m.size;
        },
        key: (i: number) => [...m.keys()][i] ?? null,
        getItem: (k: string) => m.get(k) ?? null,
        setItem(k: string, v: string) {
          if (origin.failing) throw new DOMException('full', 'QuotaExceededError');
          const old = m.get(k) ?? null;
          m.set(k, String(v));
          origin.writes.push([k, String(v)]);
          tell(k, old, String(v));
        },
        removeItem(k: string) {
          const old = m.get(k) ?? null;
          m.delete(k);
          tell(k, old, null);
        },
        clear() {
          for (const k of [...m.keys()]) this.removeItem(k);
        },
      };
      windows.push(target);
      return target;
    },
  };
  return origin;
}
