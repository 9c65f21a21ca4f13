import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { ACCEPTED_MS } from '../../machines/session/profile-rules';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { useReferenceServer } from '../support/server';

// REVIEW-V F5: the records a player's restrictions and limit changes are kept in
// (`pam-client.restricted:<id>`, `pam-client.limits:<id>`) stayed in localStorage after the
// logout, for good: nothing removed them once out of their day. The choice (../machines/session/
// accepted-store.ts): a record read out of its day, on a clock that learned the server's time, goes
// (the next login, page or read of that player); those in their day stay through a logout (they
// only bar: the same player signing in again within the day must not look free through a lagging
// read). (Not at the logout itself: the lean client has no store to read there.)

const DAY = ACCEPTED_MS;
const ctx = useReferenceServer({ reportStepMs: 0 });
const { client, signIn } = usePamClients(ctx);
useMemoryLocalStorage();
const ls = () => globalThis.localStorage;
const time = (amount: number) => ({
  user_limit_time: amount,
  user_limit_time_active: 1,
  user_limit_time_period: 'daily',
});

describe('kept records out of their day (REVIEW-V F5)', () => {
  it('those out of their day are gone once read (the next login); one in its day stays through a logout, and bars the next login', async () => {
    const c = client();
    await signIn(c);
    const id = ctx.server.seed.plain.id;
    const [r, l] = [`pam-client.restricted:${id}`, `pam-client.limits:${id}`];
    c.logout();
    await until(() => c.view.status === 'signedOut', 'signed out');
    ls().setItem(r, JSON.stringify({ kind: 'pause', at: Date.now() - 8 * DAY }));
    ls().setItem(l, JSON.stringify({ at: Date.now() - 7 * DAY - 60_000, fields: time(5) }));
    await signIn(c);
    await until(() => c.view.restrictions?.status === 'current', 'restrictions read');
    expect([ls().getItem(r), ls().getItem(l)]).toEqual([null, null]);
    expect(c.view.restrictions?.canBet).toBe(true);
    c.logout();
    await until(() => c.view.status === 'signedOut', 'signed out');

    // In its day: kept through the logout; the next login (the server shows no pause: a lagging read) is barred.
    const pause = JSON.stringify({ kind: 'pause', at: Date.now() - 60_000 });
    ls().setItem(r, pause);
    await signIn(c);
    c.logout();
    await until(() => c.view.status === 'signedOut', 'signed out');
    expect(ls().getItem(r)).toBe(pause);
    await signIn(c);
    await until(() => c.view.restrictions !== null, 'restrictions');
    expect(c.view.restrictions?.canBet).toBe(false);
  });
});

describe("the store, read out of a record's day", () => {
  const g = globalThis as { localStorage?: unknown };
  afterEach(() => {
    delete g.localStorage;
  });
  const T = Date.parse('2030-01-01T12:00:00Z');

  it('REVIEW-Z Z-2: a store with no clock, or a record less than a week past its day, removes nothing', () => {
    const items = new Map<string, string>();
    g.localStorage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
    const key = 'pam-client.restricted:1';
    items.set(key, JSON.stringify({ kind: 'pause', at: T - 30 * DAY }));
    acceptedStoreOf({}).recall(1, T); // no clock: a device clock a month ahead deletes no bar
    expect(items.has(key)).toBe(true);
    items.set(key, JSON.stringify({ kind: 'pause', at: T - 2 * DAY }));
    acceptedStoreOf({}, { learned: () => true }).recall(1, T); // a clock a day or two ahead
    expect(items.has(key)).toBe(true);
    acceptedStoreOf({}, { learned: () => true }).recall(1, T + 6 * DAY);
    expect(items.has(key)).toBe(false);
  });

  it('property: over record times, reading times and later readings, it bars as if kept; nothing out of its day stays once read', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -10 * DAY, max: DAY }), { maxLength: 3 }),
        fc.array(fc.integer({ min: -10 * DAY, max: DAY }), { maxLength: 3 }),
        fc.integer({ min: 0, max: 2 * DAY }),
        fc.array(fc.integer({ min: 0, max: 2 * DAY }), { minLength: 1, maxLength: 4 }),
        (pauses, limits, out, later) => {
          // `prune` false: a storage that never removes (as before F5), the baseline.
          const run = (prune: boolean) => {
            const items = new Map<string, string>();
            g.localStorage = {
              getItem: (k: string) => items.get(k) ?? null,
              setItem: (k: string, v: string) => void items.set(k, v),
              removeItem: (k: string) => void (prune && items.delete(k)),
            };
            const tokens = {};
            const store = acceptedStoreOf(tokens, { learned: () => true });
            for (const d of pauses) store.remember(1, { kind: 'pause', at: T + d });
            for (const [i, d] of limits.entries())
              store.rememberLimits!(1, { at: T + d, fields: time(i + 1) }, T);
            const now = T + out;
            store.recall(1, now);
            store.recallLimits!(1, now);
            const kept = [...items.values()].map((v) => JSON.parse(v).at as number);
            // Each later reading: a new page (a new token store) and this one.
            // (In order: server time, which the store reads on a taught clock, does not go back.)
            const seen = [...later]
              .sort((x, y) => x - y)
              .map((dt) =>
                [acceptedStoreOf({}), store].map((s) => [
                  s.recall(1, now + dt),
                  s.recallLimits!(1, now + dt),
                ]),
              );
            return { kept, now, seen };
          };
          const [kept, left] = [run(false), run(true)];
          expect(left.seen).toEqual(kept.seen);
          for (const at of left.kept) expect(left.now - at).toBeLessThan(7 * DAY);
        },
      ),
      { numRuns: 300 },
    );
  });
});
