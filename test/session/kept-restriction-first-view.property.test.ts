import fc from 'fast-check';
import { createMemoryTokenStore } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import { keep, storedLogin, untilSignedIn, watch } from '../support/kept-first-view';
import { H, logIn, S, type Tab, useWorld } from '../support/world';

// AB-2, over generated sequences: a kept pause or self-exclusion (in its day, dated ahead, or out
// of its day), a way in (a login, a restore of a stored session, another tab's session taken while
// signed out or as the tab joins), and the device clock of the tabs off the server's by up to two
// hours either way (a restore judges before any answer taught the clock). No signed-in snapshot of
// the session actor, and no signed-in view of the client's facade, ever lacks a kept restriction
// in force, nor lets the player bet; and, once the clock learned the server's time, the last lists
// none out of its day (before, on the device's clock alone, one out of its day still bars: review 80).

const world = useWorld();
const DAY = 24 * H;
const g = globalThis as { localStorage?: unknown };
afterEach(() => {
  delete g.localStorage;
});

/** A fresh `localStorage` over a Map (one per run: the records of a run never reach the next). */
function webStorage(): void {
  const m = new Map<string, string>();
  g.localStorage = {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, String(v)),
    removeItem: (k: string) => void m.delete(k),
  };
}

type Way = 'login' | 'restore' | 'adopt' | 'join';

async function run(o: { kind: 'pause' | 'selfExclusion'; age: number; way: Way; offset: number }) {
  world.closeAll();
  world.renew();
  world.server.reset();
  webStorage();
  const id = world.server.seed.plain.id;
  // The record's day is judged on server time by every reading that learned it, on the device's
  // until then: ages are drawn three hours clear of the day's end, beyond the clock's offsets.
  const inForce = o.age < DAY;
  const stored = o.way === 'restore' ? await storedLogin(world) : null;
  keep(world, o.kind, o.age);
  const device = { environment: { now: () => world.now() + o.offset } };
  const tabs: Tab[] = [];
  const seen: ReturnType<typeof watch>[] = [];
  const open = (tabId: string, random: number, extra = {}) => {
    const t = world.open({ tabId, random, ...device, ...extra });
    tabs.push(t);
    seen.push(watch(t, id));
    return t;
  };
  if (o.way === 'restore') {
    const storage = createMemoryTokenStore();
    await storage.set(stored!);
    open('tab-a', 0.3, { storage });
  } else {
    const a = open('tab-a', 0.3);
    if (o.way === 'join') await logIn(world, a);
    open('tab-b', 0.6);
    await world.settle();
    if (o.way !== 'join') await logIn(world, a);
  }
  const observed = o.way === 'adopt' || o.way === 'join' ? tabs[1]! : tabs[0]!;
  await untilSignedIn(world, observed);
  await world.advance(3 * S, 100);
  for (const s of seen) {
    for (const r of [...s.snapshots, ...s.views]) {
      if (inForce) expect(r).toMatchObject({ canBet: false, inForce: expect.arrayContaining([o.kind]) });
    }
  }
  const first = seen[tabs.indexOf(observed)]!;
  expect(first.snapshots.length).toBeGreaterThan(0);
  expect(first.views.length).toBeGreaterThan(0);
  // (One out of its day is listed no longer once the clock learned the server's time (its first
  // answer): before, on the device's clock alone, it bars (fail closed; review 80, fifty-second
  // pass: a clock ahead had ended a pause accepted an hour ago). It was "the first one lists none
  // out of its day".)
  for (const r of [first.snapshots.at(-1), first.views.at(-1)])
    expect(r?.inForce.includes(o.kind)).toBe(inForce);
}

describe('a kept restriction in force, in every signed-in snapshot and view of every way in (AB-2)', () => {
  it('over generated kinds, ages, ways in and device clocks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          kind: fc.constantFrom('pause' as const, 'selfExclusion' as const),
          // In its day (negative: dated ahead of the server's time), or out of it.
          age: fc.oneof(
            fc.integer({ min: -3 * H, max: DAY - 3 * H }),
            fc.integer({ min: DAY + 3 * H, max: 5 * DAY }),
          ),
          way: fc.constantFrom<Way>('login', 'restore', 'adopt', 'join'),
          offset: fc.integer({ min: -2 * H, max: 2 * H }),
        }),
        run,
      ),
      { numRuns: 16 },
    );
  }, 300_000);
});
