import { type PlayClockRecord, type PlayClockStore, playClockRecordOf } from './clock';

// Where the play clock is kept: `localStorage` by default (shared by every tab of the origin), or
// memory.

/** The default localStorage key. Pass one per player (`…:<user id>`) when players share a browser. */
export const PLAY_CLOCK_KEY = 'pam-client.play-time';

/**
 * A play clock kept in memory: for tests, or to share between actors of one page.
 *
 * @example
 * const store = createMemoryPlayClock();
 * createActor(playTimeMachine, { input: { limit, store } });
 */
export function createMemoryPlayClock(record: PlayClockRecord | null = null): PlayClockStore {
  return {
    read: () => (record ? { ...record } : null),
    write: (next) => {
      record = { ...next };
    },
  };
}

/** The part of `Storage` the play clock uses. */
export interface PlayClockStorage {
  /** The value under `key`, or null. */
  getItem(key: string): string | null;
  /** Stores `value` under `key`. */
  setItem(key: string, value: string): void;
}

/** `localStorage`, or none: reading it throws a SecurityError where site data is blocked. */
function webStorage(): PlayClockStorage | undefined {
  try {
    return (globalThis as { localStorage?: PlayClockStorage }).localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The play clock in `localStorage` (shared by every tab of the origin), or in `storage`. Garbage
 * in the key reads as no record. This tab keeps its own copy too, which it reads where there is no
 * `localStorage` (or reading it throws: site data blocked), while the storage refuses its writes
 * (quota, privacy mode) or holds none: it keeps counting from its own beats.
 *
 * @example
 * const store = createLocalStoragePlayClock(`pam-client.play-time:${user.id}`);
 */
export function createLocalStoragePlayClock(
  key: string = PLAY_CLOCK_KEY,
  storage: PlayClockStorage | undefined = webStorage(),
): PlayClockStore {
  const mine = createMemoryPlayClock();
  if (!storage) return mine;
  let refused = false;
  return {
    read() {
      try {
        // Nothing stored reads as JSON's null: no record.
        return (
          (refused ? null : playClockRecordOf(JSON.parse(storage.getItem(key) as string))) ?? mine.read()
        );
      } catch {
        return mine.read();
      }
    },
    write(record) {
      mine.write(record);
      try {
        storage.setItem(key, JSON.stringify(record));
        refused = false;
      } catch {
        refused = true;
      }
    },
  };
}
