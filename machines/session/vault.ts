// The vault: opaque handles for tokens in flight between the session's actors (the values live in
// a closure, never in a snapshot), and the mark of a service object. A leaf of the session.

/** Opaque handles for tokens in flight between the session's actors; the values live in a closure. */
export interface Vault {
  put(token: string): string;
  /** The token behind `handle`, once (the entry is removed), or null. */
  take(handle: string): string | null;
  has(handle: string): boolean;
}

const VAULT_SIZE = 16;

export function createVault(random: () => number = Math.random): Vault {
  const entries = new Map<string, string>();
  let n = 0;
  return service({
    put(token) {
      const handle = `vault:${++n}:${Math.floor(random() * 2 ** 32).toString(36)}`;
      entries.set(handle, token);
      // Handles nobody took (an ignored message) must not keep tokens alive.
      for (const key of entries.keys()) {
        if (entries.size <= VAULT_SIZE) break;
        entries.delete(key);
      }
      return handle;
    },
    has: (handle) => entries.has(handle),
    take(handle) {
      const token = entries.get(handle) ?? null;
      entries.delete(handle);
      return token;
    },
  });
}

/**
 * Marks an object of functions as a service: `JSON.stringify` shows `"[service]"` (a snapshot's
 * JSON, the visualizer) instead of `{}` or whatever state it holds.
 */
export function service<T extends object>(value: T): T {
  Object.defineProperty(value, 'toJSON', { value: () => '[service]', enumerable: false });
  return value;
}
