// Review 114: breaking review 111's play-time fixes (machines/playTimeMachine.ts `beat`/`rearm`,
// machines/play-time/reading.ts). The RESTORE_EVENT is an event any sender may send (`actor.send`):
// its `next` is the beat's wait, and it re-enters `beating` (the timer armed again). Simulated time.
import { type PlayTimeInput, playTimeMachine, selectPlayTime } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { RESTORE_EVENT, restoreActor } from '../../machines/persistence';
import { createMemoryPlayClock } from '../../machines/play-time/stores';

const MIN = 60_000;
const S = 1000;
const T0 = Date.parse('2026-11-23T15:00:00Z'); // Monday, 12:00 in São Paulo
const limit = { amount: 10, period: 'daily' as const, active: true };

function world() {
  const clock = new SimulatedClock();
  clock.set(T0);
  const store = createMemoryPlayClock();
  const input = (): PlayTimeInput => ({ limit, store, now: () => clock.now() });
  return { clock, store, input };
}

/** A tab that played 9 min 58 s of a 10-minute daily limit: the limit 2 s away. */
function nearLimit(w: ReturnType<typeof world>) {
  const actor = createActor(playTimeMachine, { clock: w.clock, input: w.input() });
  const reached: number[] = [];
  const warned: number[] = [];
  actor.on('timeLimitReached', () => reached.push(w.clock.now()));
  actor.on('timeLimitWarning', () => warned.push(w.clock.now()));
  actor.start();
  for (let t = 0; t < 10 * MIN - 2 * S; t += 500) w.clock.increment(500);
  return { actor, reached, warned };
}

describe('review 114 (DEFECT): the restore event sent from outside holds the beat back', () => {
  it('a restore event every 500 ms (no `next`): the limit, 2 s away, announced within a minute', () => {
    const w = world();
    const { actor, reached } = nearLimit(w);
    expect(reached).toEqual([]);
    for (let t = 0; t < MIN; t += 500) {
      actor.send({ type: RESTORE_EVENT } as never);
      w.clock.increment(500);
    }
    expect(reached.length).toBe(1);
    expect(selectPlayTime(actor.getSnapshot())?.reached).toBe(true);
    actor.stop();
  });

  it('a forged `next: 15000` when the limit is 2 s away: announced within 5 s', () => {
    const w = world();
    const { actor, reached } = nearLimit(w);
    actor.send({ type: RESTORE_EVENT, next: 15_000 } as never);
    for (let t = 0; t < 5 * S; t += 500) w.clock.increment(500);
    expect(reached.length).toBe(1);
    actor.stop();
  });
});

describe('review 114 (probes): play time held', () => {
  it('a storm of BEAT: one warning, one reached, never back to time left', () => {
    const w = world();
    const { actor, reached, warned } = nearLimit(w);
    const frames: boolean[] = [];
    actor.subscribe((s) => frames.push(selectPlayTime(s)?.reached === true));
    for (let t = 0; t < 30 * S; t += 100) {
      actor.send({ type: 'BEAT' } as never);
      w.clock.increment(100);
    }
    expect(warned.length).toBe(1);
    expect(reached.length).toBe(1);
    expect(frames.slice(frames.indexOf(true)).every(Boolean)).toBe(true);
    actor.stop();
  });

  it('restored past the limit: reached on every frame, announced once, no 0 ms loop', () => {
    const w = world();
    const { actor } = nearLimit(w);
    for (let t = 0; t < 10 * S; t += 500) w.clock.increment(500);
    const stored = actor.getPersistedSnapshot();
    actor.stop();
    const restored = restoreActor(playTimeMachine, stored, w.input(), { clock: w.clock });
    const frames: (boolean | null)[] = [];
    const reached: number[] = [];
    restored.on('timeLimitReached', () => reached.push(1));
    restored.subscribe((s) => frames.push(selectPlayTime(s)?.reached ?? null));
    restored.start();
    frames.push(selectPlayTime(restored.getSnapshot())?.reached ?? null);
    for (let t = 0; t < 60 * S; t += 500) w.clock.increment(500);
    expect(frames.filter((r) => r !== true)).toEqual([]);
    expect(reached.length).toBe(1);
    expect(frames.length).toBeLessThan(200);
    restored.stop();
  });
});
