import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { ACCEPTED_MS } from '../../machines/session/profile-services';

// Review 8, item 4: a kept record `pam-client.restricted:<id>` whose `at` is in the future (written
// while a clock was ahead, or forged: 10 years ahead) barred betting with no end. It still bars
// (fail closed) but from the first reading that finds it ahead its `at` counts as that reading's
// time, kept so: it lapses a day later at most.

const DAY = 86_400_000;
const g = globalThis as { localStorage?: unknown };
afterEach(() => {
  delete g.localStorage;
});

function webStorage() {
  const items = new Map<string, string>();
  g.localStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
  return items;
}

describe('a kept record dated ahead of the reading', () => {
  it('bars at once, and lapses at most a day after the first reading that found it ahead', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_735_700_000_000, max: 2_051_000_000_000 }),
        fc.integer({ min: 1, max: 3650 * DAY }),
        fc.boolean(),
        (now, ahead, inStorage) => {
          const items = webStorage();
          const store = acceptedStoreOf({});
          const record = { kind: 'pause' as const, at: now + ahead };
          if (inStorage) items.set('pam-client.restricted:1', JSON.stringify(record));
          else store.remember(1, record);
          expect(store.recall(1, now)).toMatchObject({ kind: 'pause' });
          expect(store.recall(1, now + DAY / 2)).toMatchObject({ kind: 'pause' });
          expect(store.recall(1, now + ACCEPTED_MS)).toBeNull();
          // Another page (a new store on the same storage) does not start the day again.
          expect(acceptedStoreOf({}).recall(1, now + ACCEPTED_MS)).toBeNull();
        },
      ),
    );
  });

  it('a record not ahead lapses a day after its own time, as before', () => {
    webStorage();
    const store = acceptedStoreOf({});
    const now = Date.parse('2026-11-29T15:00:00Z');
    store.remember(1, { kind: 'selfExclusion', at: now - DAY / 2 });
    expect(store.recall(1, now)).toEqual({ kind: 'selfExclusion', at: now - DAY / 2 });
    expect(store.recall(1, now + DAY / 2)).toBeNull();
  });
});
