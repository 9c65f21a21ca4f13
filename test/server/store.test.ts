import { createStorage } from 'unstorage';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unstorageSessionStore } from '../../src/server/index';

afterEach(() => {
  vi.useRealTimers();
});

describe('unstorageSessionStore', () => {
  it('of concurrent claims on one key, exactly one wins (memory driver, instances sharing it)', async () => {
    vi.useFakeTimers();
    const storage = createStorage();
    const stores = Array.from({ length: 8 }, () => unstorageSessionStore(storage));
    const claims = Promise.all(stores.map((s) => s.claim('lock:x', 'refresh', 10_000)));
    await vi.advanceTimersByTimeAsync(50); // the claim's settle time
    const won = await claims;
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await stores[0]!.claim('lock:x', 'refresh', 10_000)).toBe(false); // a live claim: no settle
  });

  it('an entry past its time reads as absent, and can be claimed again', async () => {
    let now = 1_000_000;
    const store = unstorageSessionStore(createStorage(), { now: () => now, claimSettleMs: 0 });
    await store.set('rot:a', 'sealed', 5_000);
    expect(await store.get('rot:a')).toBe('sealed');
    expect(await store.claim('lock:a', 'refresh', 5_000)).toBe(true);
    now += 5_000;
    expect(await store.get('rot:a')).toBeNull();
    expect(await store.claim('lock:a', 'refresh', 5_000)).toBe(true);
  });
});
