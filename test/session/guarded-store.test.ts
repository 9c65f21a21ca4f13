import type { StoredSession, TokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { guardStore } from '../../machines/session/store';
import { turns } from '../support/event-loop';

// The guarded store (one for the adapter and the session) answers reads with the latest write while
// it is in flight (an async store: a request retried on `tokenRefreshed` reads the new token, not
// the old one), keeps a session the store refused to write, and counts only the latest write's
// outcome: an older write that fails after a newer one started does not bring its session back.

const session = (accessToken: string, savedAt = 1): StoredSession => ({
  accessToken,
  tokenType: 'Bearer',
  expiresAt: null,
  savedAt,
});

/** An async store whose writes settle when the test says (`settle(i, ok)`), in any order. */
function slowStore(initial: StoredSession | null = null) {
  let value = initial;
  const writes: { apply(): void; resolve(): void; reject(e: unknown): void }[] = [];
  const later = (apply: () => void) =>
    new Promise<void>((resolve, reject) => writes.push({ apply, resolve, reject }));
  const store: TokenStore = {
    get: async () => value,
    set: (s) =>
      later(() => {
        value = s;
      }),
    clear: () =>
      later(() => {
        value = null;
      }),
  };
  const settle = async (i: number, ok: boolean) => {
    const w = writes[i]!;
    if (ok) {
      w.apply();
      w.resolve();
    } else w.reject(new Error('QuotaExceededError'));
    await turns();
  };
  return { store, settle, writes, value: () => value };
}

describe('guardStore', () => {
  it('a write in flight is what reads answer; once it lands, the store answers', async () => {
    const slow = slowStore(session('old'));
    const tokens = guardStore(slow.store);
    void tokens.set(session('new', 2));
    expect((await tokens.get())?.accessToken).toBe('new');
    expect(slow.value()?.accessToken).toBe('old');
    await slow.settle(0, true);
    expect((await tokens.get())?.accessToken).toBe('new');
    void tokens.clear();
    expect(await tokens.get()).toBeNull();
    await slow.settle(1, true);
    expect(await tokens.get()).toBeNull();
  });

  it('a session the store refused lives on in memory until it is cleared', async () => {
    const slow = slowStore();
    const tokens = guardStore(slow.store);
    tokens.set(session('kept'))?.catch(() => {});
    await slow.settle(0, false);
    expect(slow.value()).toBeNull();
    expect((await tokens.get())?.accessToken).toBe('kept');
    void tokens.clear();
    await slow.settle(1, true);
    expect(await tokens.get()).toBeNull();
  });

  it('an older write that fails after a newer one started does not answer reads: the newer one does', async () => {
    const slow = slowStore();
    const tokens = guardStore(slow.store);
    tokens.set(session('older'))?.catch(() => {});
    void tokens.set(session('newer', 2));
    await slow.settle(0, false);
    // The newer write now runs (it waited for the older one): in flight, it is what reads answer.
    expect(slow.writes).toHaveLength(2);
    expect((await tokens.get())?.accessToken).toBe('newer');
    await slow.settle(1, true);
    expect((await tokens.get())?.accessToken).toBe('newer');
  });

  it('a sync store stays sync: its reads and writes answer at once', () => {
    let value: StoredSession | null = null;
    const tokens = guardStore({
      get: () => value,
      set: (s) => {
        value = s;
      },
      clear: () => {
        value = null;
      },
    });
    expect(tokens.set(session('a'))).toBeUndefined();
    expect((tokens.get() as StoredSession | null)?.accessToken).toBe('a');
    expect(tokens.clear()).toBeUndefined();
    expect(tokens.get()).toBeNull();
  });
});
