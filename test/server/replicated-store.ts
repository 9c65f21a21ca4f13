// A session store as a replicated one behaves (fiftieth pass): one primary in memory on the test's
// clock, whose claims are atomic (Redis `SET NX`), and a view of it per instance whose reads may
// come from a replica that lags (it answers the store as it was some writes ago, TTLs judged now),
// whose reads of some keys fail, or whose claims fail. The faults are read at each call: a test (or
// a property's generated steps) turns them on and off as it goes.

import type { PamSessionStore } from '../../src/server/types';
import type { TestClock } from './harness';

interface Entry {
  seq: number;
  value: string | null;
  until: number;
}

/** How one instance sees the store now. */
export interface ReplicaFaults {
  /** Reads answered as the store was after this many writes (null: the primary, current). */
  lagAt: number | null;
  /** Which keys' reads lag (with `lagAt`); default every key. */
  lags?: (key: string) => boolean;
  /** Reads of keys starting with one of these fail. */
  failReads: readonly string[];
  /** Every claim fails (rejected). */
  claimsFail: boolean;
}

export const healthy = (): ReplicaFaults => ({ lagAt: null, failReads: [], claimsFail: false });

export class ReplicatedStore {
  /** Writes so far (a replica lagging at `n` has seen the first `n`). */
  seq = 0;
  private readonly log = new Map<string, Entry[]>();

  /**
   * @param readBackMs how long a claim takes between its write and its read-back (the clock moved
   *   that much, the claim won only if its value is still there, unexpired: unstorage's claim, and
   *   any store on a clock that moves. Review 75: a check held 1 ms was lost to nobody there,
   *   which a store whose clock stands still never showed).
   */
  constructor(
    private readonly clock: TestClock,
    private readonly readBackMs = Number(process.env.READBACK_MS ?? 1),
  ) {}

  private current(key: string, upTo = Number.POSITIVE_INFINITY): string | null {
    const entries = this.log.get(key) ?? [];
    let found: Entry | undefined;
    for (const e of entries) if (e.seq <= upTo) found = e;
    return found && found.until > this.clock.now ? found.value : null;
  }

  private write(key: string, value: string, ttlMs: number): void {
    const entries = this.log.get(key) ?? [];
    entries.push({ seq: ++this.seq, value, until: this.clock.now + ttlMs });
    this.log.set(key, entries);
  }

  /** The primary, with no fault. */
  readonly primary: PamSessionStore = {
    get: async (key) => this.current(key),
    set: async (key, value, ttlMs) => this.write(key, value, ttlMs),
    claim: async (key, value, ttlMs) => {
      if (this.current(key) !== null) return false;
      this.write(key, value, ttlMs);
      const mine = this.seq;
      this.clock.now += this.readBackMs;
      const last = this.log.get(key)!.at(-1)!;
      return last.seq === mine && last.until > this.clock.now;
    },
  };

  /** The store as an instance sees it, `faults()` read at each call. */
  view(faults: () => ReplicaFaults): PamSessionStore {
    return {
      get: async (key) => {
        const f = faults();
        if (f.failReads.some((p) => key.startsWith(p))) throw new Error('replica failing over');
        const lags = f.lagAt !== null && (f.lags?.(key) ?? true);
        return lags ? this.current(key, f.lagAt!) : this.current(key);
      },
      set: (key, value, ttlMs) => this.primary.set(key, value, ttlMs),
      claim: async (key, value, ttlMs) => {
        if (faults().claimsFail) throw new Error('primary failing over');
        return this.primary.claim(key, value, ttlMs);
      },
    };
  }
}
