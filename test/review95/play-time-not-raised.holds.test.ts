// Review 95, probes that hold: the play-time fix (a tab's count never lowered by the store:
// `joined` with `own`, `room`, machines/play-time/clock.ts) does not raise a count wrongly: two
// tabs open at once count the time once, a record of another day or a future one raises nothing
// today, a huge count for today bars today only, midnight in São Paulo starts the day again.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { KEY, MIN, page, run, tab, used } from './play-time-pt';

const T0 = Date.parse('2026-11-25T15:00:00Z'); // Wednesday, 12:00 in São Paulo

const at = (t = T0) => {
  const clock = new SimulatedClock();
  clock.set(t);
  return clock;
};

describe('a count raised only by time played', () => {
  it('two tabs open at once for 10 minutes (clocks 6 s apart): 10 minutes, not 20', () => {
    const clock = at();
    const { storage } = page();
    const a = tab(clock, storage, 'daily', () => clock.now() + 3_000);
    const b = tab(clock, storage, 'daily', () => clock.now() - 3_000);
    run(clock, 10 * MIN);
    for (const t of [a, b]) expect(used(t)).toBeLessThanOrEqual(10 * MIN + 10_000);
    a.stop();
    b.stop();
  });

  it('one tab 5 minutes, closed, another 5 minutes later: 10 minutes', () => {
    const clock = at();
    const { storage } = page();
    const a = tab(clock, storage);
    run(clock, 5 * MIN);
    a.stop();
    run(clock, 5 * MIN);
    const b = tab(clock, storage);
    run(clock, 5 * MIN);
    expect(used(b)).toBe(10 * MIN);
    b.stop();
  });

  for (const [name, record] of [
    ["yesterday's huge count", { periodKey: 'daily:2026-11-24', usedMs: 1e9 }],
    ['a count of a day in 2099', { periodKey: 'daily:2099-01-01', usedMs: 1e12 }],
  ] as const)
    it(`${name} in the store raises nothing today (daily limit)`, () => {
      const clock = at();
      const { storage, data } = page();
      data.set(KEY, JSON.stringify({ ...record, lastBeat: T0 }));
      const a = tab(clock, storage);
      run(clock, 2 * MIN);
      expect(used(a)).toBe(2 * MIN);
      a.stop();
    });

  it('a huge count for today bars today, not tomorrow', () => {
    const clock = at();
    const { storage, data } = page();
    data.set(KEY, JSON.stringify({ periodKey: 'daily:2026-11-25', usedMs: 1e15, lastBeat: T0 }));
    const a = tab(clock, storage);
    run(clock, MIN);
    expect(used(a)).toBeGreaterThan(600 * MIN);
    clock.set(Date.parse('2026-11-26T15:00:00Z'));
    run(clock, MIN);
    expect(used(a)).toBe(MIN);
    a.stop();
  });

  it("a count across São Paulo's midnight (03:00 UTC) starts again at 0", () => {
    const clock = at(Date.parse('2026-11-26T02:55:00Z'));
    const { storage } = page();
    const a = tab(clock, storage);
    run(clock, 10 * MIN);
    expect(used(a)).toBe(5 * MIN);
    a.stop();
  });

  it('the limit changed from daily to weekly mid-day and back: the day counted once', () => {
    const clock = at();
    const { storage } = page();
    const a = tab(clock, storage);
    run(clock, 30 * MIN);
    a.send({ type: 'LIMIT', limit: { amount: 600, period: 'weekly', active: true } });
    run(clock, 10 * MIN);
    expect(used(a)).toBe(40 * MIN);
    a.send({ type: 'LIMIT', limit: { amount: 600, period: 'daily', active: true } });
    run(clock, 10 * MIN);
    expect(used(a)).toBe(50 * MIN);
    a.stop();
  });
});
