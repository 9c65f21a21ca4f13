import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { joined, type PlayClockRecord, usedIn } from '../../machines/play-time/clock';
import { createLocalStoragePlayClock } from '../../machines/play-time/stores';
import { playTimeMachine, selectPlayTime } from '../../machines/playTimeMachine';
import { countingStorage } from '../support/counting-storage';
import { useFakeTimersEach } from '../support/fake-timers';

// REVIEW-AB AB-3 (flood): every `play` message heard from another tab (a `BEAT` with `record`) ran a
// whole beat and wrote the store twice: a same-origin page posting 500 messages a second drove 1,000
// `localStorage` writes a second. A heard record is taken into this tab's record in memory; the
// store is written at this tab's own beat (once per beat), with the same record as one message gives.

const START = Date.UTC(2030, 0, 1, 15);
const BEAT_MS = 15_000;

/** Another tab's record: `usedMs` counted today, its last beat at `lastBeat`. */
const told = (usedMs: number, lastBeat: number): PlayClockRecord => ({
  periodKey: 'daily:2030-01-01',
  usedMs,
  lastBeat,
});

/** A tab whose store counts its writes; `hear` at each of `times` (ms after START), then its next own beat. */
function run(times: number[], record: PlayClockRecord, limit = 1_000) {
  vi.setSystemTime(START);
  const storage = countingStorage();
  const store = createLocalStoragePlayClock('play', storage);
  const actor = createActor(playTimeMachine, {
    input: {
      limit: { amount: limit, period: 'daily', active: true },
      store,
      now: () => Date.now(),
      beatMs: BEAT_MS,
    },
  }).start();
  const before = storage.writes;
  const shown: (boolean | undefined)[] = [];
  for (const t of times) {
    vi.advanceTimersByTime(START + t - Date.now());
    actor.send({ type: 'BEAT', record });
    shown.push(selectPlayTime(actor.getSnapshot())?.reached);
  }
  const flood = storage.writes - before;
  vi.advanceTimersByTime(START + BEAT_MS - Date.now());
  const after = store.read();
  const view = selectPlayTime(actor.getSnapshot());
  actor.stop();
  return { flood, writes: storage.writes - before, after, view, shown };
}

describe('a flood of play clocks heard from another tab', () => {
  useFakeTimersEach();

  it('500 messages within one beat write the store once (at the beat), the record as one message gives', () => {
    const times = Array.from({ length: 500 }, (_, i) => 1_000 + i * 20); // 1 s to 11 s, every 20 ms
    const record = told(600_000, START + 1_000);
    const flood = run(times, record);
    const one = run([1_000], record);
    expect(flood.flood).toBe(0);
    expect(flood.writes).toBe(1);
    expect(one.writes).toBe(1);
    expect(flood.after).toEqual(one.after);
    expect(flood.view).toEqual(one.view);
    // The heard count is taken: 10 min, and this tab's 14 s after the other tab's beat.
    expect(flood.view?.usedMs).toBe(600_000 + 14_000);
  });

  it('a heard count at the limit bars at once, with no store write', () => {
    // Limit 10 min; the other tab counted 10 min: barred at the first message.
    const flood = run([1_000, 1_020, 1_040], told(600_000, START + 1_000), 10);
    expect(flood.shown).toEqual([true, true, true]);
    expect(flood.flood).toBe(0);
    expect(flood.view?.reached).toBe(true);
  });

  it('a malformed record heard runs no beat and writes nothing', () => {
    const flood = run([1_000, 1_020], { periodKey: 'daily:2030-01-01', usedMs: -1 } as never);
    expect(flood.flood).toBe(0);
    expect(flood.writes).toBe(1);
    expect(flood.view?.usedMs).toBe(BEAT_MS);
  });
});

describe('the record taken in memory, joined with the store at the own beat (joined)', () => {
  const old = 'daily:2030-01-01';
  const today = 'daily:2030-01-02';
  const at = Date.UTC(2030, 0, 2, 3, 0, 10); // 10 s after São Paulo midnight
  it("keeps the store's later period whole, and raises the earlier one to this tab's", () => {
    const stored = {
      periodKey: today,
      usedMs: 9_000,
      lastBeat: at - 1_000,
      other: { periodKey: old, usedMs: 60_000 },
    };
    const mine = { periodKey: old, usedMs: 600_000, lastBeat: at - 12_000 };
    const j = joined(stored, mine, at, 2 * BEAT_MS);
    expect(usedIn(j, today)).toBe(9_000);
    expect(usedIn(j, old)).toBe(600_000);
    expect(j.lastBeat).toBe(at - 1_000);
  });
  it("in one period, carries this tab's count up to the store's later mark (never under either)", () => {
    const stored = { periodKey: today, usedMs: 9_000, lastBeat: at - 1_000 };
    const mine = { periodKey: today, usedMs: 8_000, lastBeat: at - 3_000 };
    const j = joined(stored, mine, at, 2 * BEAT_MS);
    expect(usedIn(j, today)).toBe(10_000);
    expect(j.lastBeat).toBe(at - 1_000);
    // Nothing stored: this tab's.
    expect(joined(null, mine, at, 2 * BEAT_MS)).toBe(mine);
  });
});
