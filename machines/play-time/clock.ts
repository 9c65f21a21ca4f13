// One play clock per origin, shared by every tab through a store (localStorage by default). Each
// tab's heartbeat adds the time since the LAST beat of ANY tab (`lastBeat` is shared), so with
// several tabs open the clock moves at wall-clock speed, never faster. A gap between beats longer
// than `maxGapMs` (the device slept, the browser froze every tab, no tab was open) adds nothing.
// localStorage has no compare-and-set: two tabs beating in the same millisecond can lose or double
// one beat's worth of time (at most `beatMs`), which we accept.

import { type PlayPeriod, playPeriodOf } from 'pam-client/internal';

/** What the store keeps: the period counted, the time used in it, and the last beat of any tab. */
export interface PlayClockRecord {
  periodKey: string;
  usedMs: number;
  /** Epoch ms of the last heartbeat of any tab; null before the first. */
  lastBeat: number | null;
}

/** Where the tabs of one origin share their play clock. `read` answers null for nothing or garbage. */
export interface PlayClockStore {
  read(): PlayClockRecord | null;
  write(record: PlayClockRecord): void;
}

/** The default localStorage key. Pass one per player (`…:<user id>`) when players share a browser. */
export const PLAY_CLOCK_KEY = 'pam-client.play-time';

/** A record read from anywhere, or null when it is not one (never throws). */
export function playClockRecordOf(value: unknown): PlayClockRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const { periodKey, usedMs, lastBeat } = value as Record<string, unknown>;
  if (typeof periodKey !== 'string' || typeof usedMs !== 'number' || !Number.isFinite(usedMs) || usedMs < 0)
    return null;
  const beat = typeof lastBeat === 'number' && Number.isFinite(lastBeat) ? lastBeat : null;
  return { periodKey, usedMs, lastBeat: beat };
}

/**
 * A play clock kept in memory: for tests, or to share between actors of one page.
 *
 * @example
 * const store = createMemoryPlayClock();
 * createActor(playTimeMachine, { input: { limit, store } });
 */
export function createMemoryPlayClock(initial: PlayClockRecord | null = null): PlayClockStore {
  let record = initial;
  return {
    read: () => (record ? { ...record } : null),
    write: (next) => {
      record = { ...next };
    },
  };
}

/** The part of `Storage` the play clock uses. */
export interface PlayClockStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * The play clock in `localStorage` (shared by every tab of the origin), or in `storage`. Garbage
 * in the key reads as no record; a failing storage (private mode, quota) is ignored.
 *
 * @example
 * const store = createLocalStoragePlayClock(`pam-client.play-time:${user.id}`);
 */
export function createLocalStoragePlayClock(
  key: string = PLAY_CLOCK_KEY,
  storage: PlayClockStorage | undefined = (globalThis as { localStorage?: PlayClockStorage }).localStorage,
): PlayClockStore {
  if (!storage) return createMemoryPlayClock();
  return {
    read() {
      try {
        const raw = storage.getItem(key);
        return raw === null ? null : playClockRecordOf(JSON.parse(raw));
      } catch {
        return null;
      }
    },
    write(record) {
      try {
        storage.setItem(key, JSON.stringify(record));
      } catch {
        // Quota or privacy mode: this tab keeps counting from its own beats.
      }
    },
  };
}

/**
 * One heartbeat at `now`: the record after it. Pure. A record of another period starts over at
 * 0; a beat that crossed into this period counts only the part after its start.
 */
export function beat(
  record: PlayClockRecord | null,
  now: number,
  period: PlayPeriod,
  maxGapMs: number,
): PlayClockRecord {
  const same = record !== null && record.periodKey === period.key;
  const usedMs = same ? record.usedMs : 0;
  const last = record?.lastBeat ?? null;
  let add = 0;
  if (last !== null && now > last && now - last <= maxGapMs) add = now - Math.max(last, period.start);
  return { periodKey: period.key, usedMs: usedMs + Math.max(0, add), lastBeat: Math.max(now, last ?? now) };
}

export { playPeriodOf };
