import fc from 'fast-check';
import {
  type PlayClockStore,
  type PlayTimeInput,
  playTimeMachine,
  selectPlayTime,
} from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createMemoryPlayClock } from '../../machines/play-time/stores';

// Issue 18 defect 3: a timestamp from another clock (a tab whose clock ran ahead or behind, a
// stored lastBeat in the future) must never stop the play clock, and the alerts still fire.

const MIN = 60_000;
const S = 1000;
const HOUR = 60 * MIN;
// Monday 2026-11-23, 12:00 in São Paulo.
const T0 = Date.parse('2026-11-23T15:00:00Z');

const limit = (amount: number) => ({ amount, period: 'daily' as const, active: true });

function world(store: PlayClockStore = createMemoryPlayClock()) {
  const clock = new SimulatedClock();
  clock.set(T0);
  /** A tab whose clock reads `skew()` ms off the true time. */
  function open(input: Partial<PlayTimeInput> = {}, skew: () => number = () => 0) {
    const actor = createActor(playTimeMachine, {
      clock,
      input: { limit: limit(10), store, now: () => clock.now() + skew(), ...input },
    });
    const events: string[] = [];
    actor.on('timeLimitWarning', () => events.push('warning'));
    actor.on('timeLimitReached', () => events.push('reached'));
    actor.start();
    return { actor, events, used: () => selectPlayTime(actor.getSnapshot())?.usedMs ?? 0 };
  }
  const advance = (ms: number, step = S) => {
    for (let t = 0; t < ms; t += step) clock.increment(Math.min(step, ms - t));
  };
  return { clock, store, open, advance };
}

describe('play clock against timestamps from another clock', () => {
  it('keeps counting when the stored lastBeat is an hour in the future', () => {
    const store = createMemoryPlayClock({ periodKey: 'daily:2026-11-23', usedMs: 0, lastBeat: T0 + HOUR });
    const w = world(store);
    const tab = w.open();
    w.advance(5 * MIN);
    expect(tab.used()).toBeGreaterThanOrEqual(5 * MIN - 15 * S);
    w.advance(5 * MIN);
    expect(tab.events).toEqual(['warning', 'reached']);
  });

  it('keeps counting in both tabs when one tab runs an hour ahead (and never under-counts)', () => {
    const w = world();
    const right = w.open();
    const ahead = w.open({}, () => HOUR);
    w.advance(7 * MIN);
    expect(right.used()).toBeGreaterThanOrEqual(7 * MIN - 15 * S);
    expect(ahead.used()).toBeGreaterThanOrEqual(7 * MIN - 15 * S);
    w.advance(3 * MIN);
    expect(right.events).toEqual(['warning', 'reached']);
    expect(ahead.events).toEqual(['warning', 'reached']);
  });

  it('keeps counting when a tab runs an hour behind', () => {
    const w = world();
    const right = w.open();
    w.open({}, () => -HOUR);
    w.advance(10 * MIN);
    expect(right.used()).toBeGreaterThanOrEqual(10 * MIN - 15 * S);
    expect(right.events).toEqual(['warning', 'reached']);
  });

  it('a player who sets the clock forward once, then back, does not switch the alerts off', () => {
    const w = world();
    let skew = 0;
    const tab = w.open({}, () => skew);
    w.advance(2 * MIN);
    skew = 3 * HOUR; // forward
    w.advance(1 * MIN);
    skew = 0; // and back
    w.advance(8 * MIN);
    // At most a couple of beats lost around each jump.
    expect(tab.used()).toBeGreaterThanOrEqual(11 * MIN - 4 * 15 * S);
    expect(tab.events).toEqual(['warning', 'reached']);
  });

  it('a tab already in tomorrow (clock ahead across midnight) does not reset today', () => {
    const w = world();
    // 23:20 in São Paulo: the tab an hour ahead is in the next day.
    w.clock.set(Date.parse('2026-11-24T02:20:00Z'));
    const right = w.open({ limit: limit(30) });
    const ahead = w.open({ limit: limit(30) }, () => HOUR);
    w.advance(30 * MIN);
    expect(right.used()).toBeGreaterThanOrEqual(30 * MIN - 30 * S);
    expect(right.events).toEqual(['warning', 'reached']);
    expect(ahead.used()).toBeGreaterThanOrEqual(30 * MIN - 30 * S);
  });

  // A stored mark a little ahead that no tab moves (its tab is gone) says nobody counted since:
  // each tab counts its own beats, and the first beat after it moves the mark to its time (the
  // property below found the stored mark 15,005 ms ahead costing 30,001 ms, one more than two beats).
  it.each([
    [[0], 15_005, 284_996],
    [[], 29_000, 5 * MIN - 1],
    [[0, 0], 20_000, 4 * MIN + 14_999],
  ])(
    'a stored mark ahead that no tab moves costs at most the first and last beats (skews %j, mark +%i ms, %i ms)',
    (skews, storedOffset, awake) => {
      const w = world(
        createMemoryPlayClock({ periodKey: 'daily:2026-11-23', usedMs: 0, lastBeat: T0 + storedOffset }),
      );
      const tabs = [w.open({ limit: limit(15) }), ...skews.map((s) => w.open({ limit: limit(15) }, () => s))];
      w.advance(awake);
      for (const tab of tabs) expect(tab.used()).toBeGreaterThanOrEqual(awake - 30 * S);
      // One clock: the tabs on the true clock count the awake time once, not once each.
      expect(w.store.read()?.usedMs).toBeLessThanOrEqual(awake);
    },
  );

  it('never stops counting, whatever the skew of each tab (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -2 * HOUR, max: 2 * HOUR }), { minLength: 1, maxLength: 4 }),
        fc.option(fc.integer({ min: -3 * HOUR, max: 3 * HOUR }), { nil: undefined }),
        fc.integer({ min: 2 * MIN, max: 20 * MIN }),
        (skews, storedOffset, awake) => {
          const store = createMemoryPlayClock(
            storedOffset === undefined
              ? null
              : { periodKey: 'daily:2026-11-23', usedMs: 0, lastBeat: T0 + storedOffset },
          );
          const w = world(store);
          // The true-clock tab first, then the skewed ones (all within 12:00 ± 2 h: one Brazilian day).
          const tabs = [
            w.open({ limit: limit(15) }),
            ...skews.map((s) => w.open({ limit: limit(15) }, () => s)),
          ];
          w.advance(awake);
          for (const tab of tabs) {
            // Every tab counted at least the awake time, less two beats (its first and last).
            expect(tab.used()).toBeGreaterThanOrEqual(Math.min(awake - 30 * S, 15 * MIN));
            // The warning fired exactly when the tab's count passed 80 %.
            expect(tab.events.includes('warning')).toBe(tab.used() >= 12 * MIN);
          }
          for (const tab of tabs) tab.actor.stop();
        },
      ),
      { numRuns: 60 },
    );
    // About 10 s of simulated beats on an idle machine: room for a loaded one (CPU-bound, no wait).
  }, 45_000);

  // Clocks that disagree by less than a gap (2 beats, 30 s) are told apart from a sleep: the
  // origin's count stays at wall-clock speed. (Further apart, each tab counts its own beats: the
  // count may run faster, never slower; see machines/play-time/clock.ts.)
  it('clocks a few seconds apart count about the awake time, neither stopping nor doubling (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -14 * S, max: 14 * S }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 14 * S }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 2 * MIN, max: 10 * MIN }),
        (skews, phases, awake) => {
          const w = world();
          const tabs = [w.open({ limit: limit(60) })];
          skews.forEach((skew, i) => {
            w.advance(phases[i] ?? 0);
            tabs.push(w.open({ limit: limit(60) }, () => skew));
          });
          const before = w.store.read()?.usedMs ?? 0;
          w.advance(awake);
          const counted = (w.store.read()?.usedMs ?? 0) - before;
          expect(counted).toBeGreaterThanOrEqual(awake - 30 * S);
          expect(counted).toBeLessThanOrEqual(awake + 30 * S);
          for (const tab of tabs) tab.actor.stop();
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);
});

describe('play clock against garbage times', () => {
  it('a clock that gives NaN once counts nothing then, and goes on counting after', () => {
    const w = world();
    let broken = false;
    const tab = w.open({}, () => (broken ? Number.NaN : 0));
    w.advance(1 * MIN);
    broken = true;
    w.advance(30 * S);
    broken = false;
    w.advance(2 * MIN);
    expect(Number.isFinite(tab.used())).toBe(true);
    expect(tab.used()).toBeGreaterThanOrEqual(3 * MIN - 45 * S);
    expect(w.store.read()?.lastBeat).not.toBeNaN();
  });
});

describe('play clock on server time', () => {
  it("counts in the server's São Paulo day, on the device's clock", () => {
    const w = world();
    // The device says 23:20 in São Paulo; the server (Date header) says 00:20, the next day.
    w.clock.set(Date.parse('2026-11-24T02:20:00Z'));
    const tab = w.open({ serverNow: () => w.clock.now() + HOUR });
    w.advance(2 * MIN);
    expect(w.store.read()?.periodKey).toBe('daily:2026-11-24');
    expect(tab.used()).toBe(2 * MIN);
  });
});
