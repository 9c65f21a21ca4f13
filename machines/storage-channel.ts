// The cross-tab channel where there is no `BroadcastChannel` (older browsers, some webviews): a
// message is written under one localStorage key and removed at once, and the other tabs of the
// origin hear it in their `storage` event (each write changes the value from none: repeats fire).
// Never a secret nor personal data in web storage: a session is told without its token and its
// user (a tab that hears it takes the session from its own store, the web token store's
// localStorage key the sender wrote it to, and reads its own profile); a session in no
// localStorage key (the memory store) is not told at all, nor is a refresh claimed (without
// BroadcastChannel tabs do not share a memory store's token: README, Failure behaviour);
// keys named like a secret, and any token this channel knows, are left out of every message.

import type { StoredSession } from 'pam-client';

/** The part of `BroadcastChannel` the cross-tab session uses. */
export interface BroadcastChannelLike {
  /** Sends `message` to the other tabs. */
  postMessage(message: unknown): void;
  /** Listens to the other tabs' messages. */
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  /** Stops listening. */
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  /** Closes the channel. */
  close(): void;
}

type Listener = (event: { data: unknown }) => void;
/** A message as heard or given: nothing is assumed of it (the schema checks it, ./cross-tab.ts). */
type Message = {
  type?: unknown;
  key?: unknown;
  session?: Partial<StoredSession> | null;
  user?: unknown;
} | null;

/** Keys never written: a token, a password or a secret a server echoed anywhere in a message. */
const SECRET = /token|password|secret/i;

/**
 * A channel named `name` over `win`'s localStorage, or null where it cannot work (no page, storage
 * blocked or full).
 *
 * @example
 * const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : storageChannel(name);
 */
export function storageChannel(
  name: string,
  win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'localStorage'> = (
    globalThis as { window: Window }
  ).window,
): BroadcastChannelLike | null {
  let storage: Storage;
  try {
    storage = win.localStorage;
    storage.setItem(name, '');
    storage.removeItem(name);
  } catch {
    return null;
  }
  const listeners = new Set<Listener>();
  /** Tokens this channel was given (the last few): never written, whatever field carries them. */
  let seen: unknown[] = [];
  /** The session stored under `key` (a web token store's, this tab's own), or undefined. */
  const read = (key: unknown): Partial<StoredSession> | undefined => {
    try {
      const s = JSON.parse(storage.getItem(key as string)!);
      return typeof s?.accessToken === 'string' ? s : undefined;
    } catch {}
  };
  const onStorage = (e: StorageEvent) => {
    let m: Message = null;
    try {
      if (e.key === name) m = JSON.parse(e.newValue!);
    } catch {}
    if (m?.type === 'session') {
      // The token from this tab's store, when it holds that very session (else: dropped, its
      // newer write is told on its own). The schema (./cross-tab.ts) checks it as any session.
      const s = read(m.key);
      const h = m.session;
      m = s && s.sid === h?.sid && s.seq === h?.seq && s.userId === h?.userId ? { ...m, session: s } : null;
    }
    if (m) for (const listener of [...listeners]) listener({ data: m });
  };
  win.addEventListener('storage', onStorage);
  return {
    postMessage(message) {
      let m = message as Message;
      // A profile notice carries the player's personal data (CPF, e-mail, address): never written to
      // web storage; the other tabs read their own (REVIEW-V 2).
      if (m?.type === 'profile') return;
      const all: Array<[string, Partial<StoredSession>]> = [];
      try {
        for (let i = 0; i < storage.length; i++) {
          const key = storage.key(i)!;
          const s = read(key);
          if (s) all.push([key, s]);
        }
      } catch {}
      if (m?.type === 'session') seen = [m.session?.accessToken, ...seen].slice(0, 4);
      // Every token known here: a server's echo of one, under any name, is left out too.
      const tokens = [...seen, ...all.map(([, s]) => s.accessToken)];
      if (m?.type === 'session') {
        const key = all.find(([, s]) => s.accessToken === seen[0])?.[0];
        if (!key) return;
        // (Its user, name and e-mail, never: REVIEW-V F2.)
        m = { ...m, key, user: null };
      } else if (m?.type === 'claim' && !all.length) return;
      try {
        storage.setItem(
          name,
          JSON.stringify(m, (k, v) =>
            SECRET.test(k) || (typeof v === 'string' && tokens.some((t) => t && v.includes(t as string)))
              ? undefined
              : v,
          ),
        );
        storage.removeItem(name);
      } catch {
        // Storage full or gone: this tab stops telling, as with a broken channel.
      }
    },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    close() {
      listeners.clear();
      win.removeEventListener('storage', onStorage);
    },
  };
}
