// Lineage marks across two instances on one store (lineage.ts, forty-sixth pass): a logout's first
// mark carries the latest time its answer can leave (ahead of now), so "which mark is newer" is the
// one written last, never the later time: a form post's mark on another instance, written after a
// first mark, must win over it on the first mark's own instance, and that logout's second mark
// (`close`) must then leave it alone (a try of the older logout would be taken as the logout done).
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { Sealer } from '../../src/server/cookie';
import { unstorageSessionStore } from '../../src/server/index';
import { Lineages } from '../../src/server/lineage';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { SECRETS } from './harness';

const T = 1_700_000_000_000;
const DAY = 86_400_000;

describe('the newer of two instances’ lineage marks', () => {
  it('a form post’s mark written after a first mark dated ahead wins, and that logout’s close makes it nobody’s', async () => {
    let now = T;
    const store = unstorageSessionStore(createStorage(), { now: () => now, claimSettleMs: 0 });
    const x = new Lineages({ sealer: new Sealer(SECRETS), store, now: () => now });
    const y = new Lineages({ sealer: new Sealer(SECRETS), store, now: () => now });
    await x.end('l', now + DAY, 'logout-0123456789abcdef', 1, now + 38_000); // a first mark, dated ahead
    now += 5_000;
    await y.end('l', now + DAY); // a form post's, on the other instance
    expect(await x.endOf('l')).toMatchObject({ by: '', n: 0, at: now });
    now += 10_000;
    // The first logout's answer leaves: two logouts' answers cleared, no later try of either is its
    // logout's (review 59), the window from now.
    await x.close('l', now + DAY, 'logout-0123456789abcdef', 1);
    expect(await y.endOf('l')).toMatchObject({ by: '-', at: now });
    expect(await x.endOf('l')).toMatchObject({ by: '-', at: now });
  });

  it('a first mark dated ahead keeps the window shut until it is closed', async () => {
    let now = T;
    const x = new Lineages({ sealer: new Sealer(SECRETS), store: undefined, now: () => now });
    await x.end('l', now + DAY, 'logout-0123456789abcdef', 1, now + 38_000);
    now += IN_FLIGHT_MS + 1_000;
    expect(await x.endedLongBefore('l', now)).toBe(false);
    await x.close('l', now + DAY, 'logout-0123456789abcdef', 1);
    expect(await x.endedLongBefore('l', now + IN_FLIGHT_MS)).toBe(true);
    expect(await x.endedLongBefore('l', now + IN_FLIGHT_MS - 1)).toBe(false);
  });
});
