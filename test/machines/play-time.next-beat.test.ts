// The wait before the next beat is read by the beat (an action) and, on a restore, by the restore's
// action, never while a transition is computed (transitions-pure.play-time.property.test.ts): these
// pin what an actor does with it. A restored tab's first beat lands on the threshold another tab
// brought near (the store read at the restore, not the stored snapshot), and a BEAT does not move the
// heartbeat.

import { type PlayTimeInput, playTimeMachine, selectPlayTime } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { persistedData, restoreActor } from '../../machines/persistence';
import type { PlayClockRecord } from '../../machines/play-time/clock';
import { createMemoryPlayClock } from '../../machines/play-time/stores';

const MIN = 60_000;
const S = 1000;
// Monday 2026-11-23, 12:00 in São Paulo.
const T0 = Date.parse('2026-11-23T15:00:00Z');
const limit = { amount: 10, period: 'daily' as const, active: true };

function world() {
  const clock = new SimulatedClock();
  clock.set(T0);
  const store = createMemoryPlayClock();
  const input = (): PlayTimeInput => ({ limit, store, now: () => clock.now() });
  const advance = (ms: number) => {
    for (let t = 0; t < ms; t += S) clock.increment(S);
  };
  return { clock, store, input, advance };
}

/** The record as another tab that counted `usedMs` today, its last beat now, would leave it. */
const counted = (r: PlayClockRecord, usedMs: number, now: number): PlayClockRecord => ({
  ...r,
  usedMs,
  lastBeat: now,
  kinds: { ...r.kinds, daily: { ...r.kinds!.daily!, usedMs } },
});

describe('the next beat', () => {
  it('a restored tab beats on the threshold another tab brought near (read at the restore)', () => {
    const w = world();
    const tab = createActor(playTimeMachine, { clock: w.clock, input: w.input() }).start();
    w.advance(MIN);
    const persisted = JSON.parse(JSON.stringify(persistedData(tab)));
    tab.stop();
    // Another tab counted up to 5 s before the warning (8 min of 10).
    w.store.write(counted(w.store.read()!, 8 * MIN - 5 * S, w.clock.now()));
    const restored = restoreActor(playTimeMachine, persisted, w.input(), { clock: w.clock });
    const warned: number[] = [];
    restored.on('timeLimitWarning', () => warned.push(w.clock.now() - T0 - MIN));
    restored.start();
    w.advance(14 * S);
    expect(warned).toEqual([5 * S]);
    expect(selectPlayTime(restored.getSnapshot())?.warning).toBe(true);
  });

  it('a BEAT counts at once and leaves the heartbeat where it was', () => {
    const w = world();
    const tab = createActor(playTimeMachine, { clock: w.clock, input: w.input() }).start();
    const beats: number[] = [];
    tab.subscribe((s) => beats.push(s.context.own?.at ?? Number.NaN));
    w.advance(4 * S);
    tab.send({ type: 'BEAT' });
    w.advance(26 * S);
    // The start, the BEAT at 4 s, and the heartbeat at 15 s and 30 s (from the start).
    expect([...new Set(beats)].map((at) => (at - T0) / S)).toEqual([0, 4, 15, 30]);
  });
});
