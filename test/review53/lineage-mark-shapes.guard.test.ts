// Review 53 guard (holds on a0d76d95): the logout's store mark `out:<lineage>` now carries the
// logout's time (`String(now)`), read back with `Number` (lineage.ts `endedAt`). Whatever shape a
// store hands back (unstorage's wrapper keeps it a string; a hand-written store over a driver that
// parses JSON (destr) returns a number; an older version's 'ended'; an empty or odd value), the
// lineage still reads as ended, and only a readable recent time counts as "within IN_FLIGHT_MS"
// (`graceMs` until review 53's `grace-zero-clears-newer-login`).
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { Sealer } from '../../src/server/cookie';
import { unstorageSessionStore } from '../../src/server/index';
import { Lineages } from '../../src/server/lineage';
import { IN_FLIGHT_MS } from '../../src/server/store';
import type { PamSessionStore } from '../../src/server/types';
import { SECRETS } from '../server/harness';

const GRACE = IN_FLIGHT_MS;
const T = 1_700_000_000_000;

/**
 * A store whose `get` returns `raw` for the mark (as a loosely typed store might), nothing else (no
 * window kept by the store's clock: `win:`, forty-seventh pass).
 */
const returning = (raw: unknown): PamSessionStore => ({
  get: async (key) => (key.startsWith('out:') ? (raw as string | null) : null),
  set: async () => {},
  claim: async () => true,
});

describe('the logout mark as stores hand it back', () => {
  it.each([
    ['a string time', String(T), true, false],
    ['a number (JSON parsed)', T, true, false],
    ["an old 'ended'", 'ended', true, true],
    ['an empty string', '', true, true],
    ['garbage', 'NaN-ish', true, true],
  ] as const)('%s: ended %s, long before %s', async (_, raw, ended, longBefore) => {
    const l = new Lineages({
      sealer: new Sealer(SECRETS),
      store: returning(raw),
      now: () => T,
    });
    expect((await l.endOf('x')) !== null).toBe(ended);
    expect(await l.endedLongBefore('x', T + 1)).toBe(longBefore);
    expect(await l.endedLongBefore('x', T + GRACE)).toBe(true);
  });

  it('through unstorage (memory driver): written by one instance, read by another', async () => {
    let now = T;
    const store = unstorageSessionStore(createStorage(), { now: () => now, claimSettleMs: 0 });
    const a = new Lineages({ sealer: new Sealer(SECRETS), store, now: () => now });
    const b = new Lineages({ sealer: new Sealer(SECRETS), store, now: () => now });
    await a.end('x', now + 86_400_000);
    now += GRACE - 1;
    expect([(await b.endOf('x')) !== null, await b.endedLongBefore('x', now)]).toEqual([true, false]);
    now += 1;
    expect(await b.endedLongBefore('x', now)).toBe(true);
  });
});
