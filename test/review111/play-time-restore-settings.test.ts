// Review 111: restoring a playTimeMachine snapshot that cannot be trusted (an edited localStorage,
// an older version's, one of another limit). `restoreActor` (machines/persistence.ts) copies every
// stored context key over the fresh one: the settings the machine's context factory checks
// (`unitMs`, `warnAt`, `maxGapMs`, `beatMs`: `finiteOr`, 0 < warnAt <= 1) and the limit the caller
// passes in its fresh input come back as stored, unchecked. And a restored tab shows the stored
// count until its first beat (up to `beatMs` later), although the shared store, which it reads at
// the restore to arm the beat, says the limit is reached.
// Every test: the player is PAST a 10-minute daily limit in the shared store (11 min counted); the
// restored actor must show the limit reached (fail closed) from its first frame.
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

/** A tab that played one minute, persisted as JSON; the store then at 11 min (past the limit). */
function persistedAfterAMinute(w: ReturnType<typeof world>) {
  const tab = createActor(playTimeMachine, { clock: w.clock, input: w.input() }).start();
  w.advance(MIN);
  const persisted = JSON.parse(JSON.stringify(persistedData(tab)));
  tab.stop();
  w.store.write(counted(w.store.read()!, 11 * MIN, w.clock.now()));
  return persisted;
}

/** Restores `persisted`, records `reached` on every frame for `ms` of simulated time. */
function watch(w: ReturnType<typeof world>, persisted: unknown, ms = 30 * S) {
  const restored = restoreActor(playTimeMachine, persisted, w.input(), { clock: w.clock });
  const frames: (boolean | null)[] = [];
  const reachedEvents: number[] = [];
  restored.on('timeLimitReached', () => reachedEvents.push(w.clock.now()));
  restored.subscribe((s) => frames.push(selectPlayTime(s)?.reached ?? null));
  restored.start();
  frames.push(selectPlayTime(restored.getSnapshot())?.reached ?? null);
  w.advance(ms);
  frames.push(selectPlayTime(restored.getSnapshot())?.reached ?? null);
  restored.stop();
  return { frames, reachedEvents };
}

describe('review 111: a restored play-time snapshot never shows a limit that is reached as not reached', () => {
  it('an honest snapshot, older than the shared store: reached from the first frame', () => {
    const w = world();
    const { frames } = watch(w, persistedAfterAMinute(w));
    // Each frame, from the restore on, shows the limit reached (never time left).
    expect(frames.filter((r) => r !== true)).toEqual([]);
  });

  it('a stored unitMs of 1e15 (the factory keeps finite values only as given): still reached', () => {
    const w = world();
    const persisted = persistedAfterAMinute(w);
    persisted.context.unitMs = 1e15;
    const { frames, reachedEvents } = watch(w, persisted);
    expect(frames.at(-1)).toBe(true);
    expect(reachedEvents.length).toBeGreaterThan(0);
  });

  it('a stored warnAt of 5 and maxGapMs of 0 (both refused by the factory): the limit still reached', () => {
    const w = world();
    const persisted = persistedAfterAMinute(w);
    persisted.context.warnAt = 5;
    persisted.context.maxGapMs = 0;
    const { frames } = watch(w, persisted);
    expect(frames.at(-1)).toBe(true);
  });

  it('a stored limit of none (value "off") under a fresh input with the active limit: the limit counted', () => {
    const w = world();
    const persisted = persistedAfterAMinute(w);
    persisted.value = 'off';
    persisted.context.limit = null;
    persisted.children = {};
    const { frames } = watch(w, persisted);
    expect(frames.at(-1)).toBe(true);
  });

  it('hostile values (wrong types, prototype keys, a huge array) neither crash it nor show time left', () => {
    const w = world();
    const persisted = persistedAfterAMinute(w);
    const text = JSON.stringify(persisted).replace(
      '"context":{',
      `"context":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"junk":[${'0,'.repeat(200_000)}0],`,
    );
    const hostile = JSON.parse(text);
    hostile.context.own = { at: 'x', mono: {}, periodKey: 42 };
    hostile.context.clock = { usedMs: 'lots', kinds: [], lastBeat: Number.NaN };
    const restored = restoreActor(playTimeMachine, hostile, w.input(), { clock: w.clock });
    const errors: unknown[] = [];
    // (An error observer: XState would rethrow the actor's error as an uncaught one otherwise.)
    restored.subscribe({ error: (e) => errors.push(e) });
    restored.start();
    w.advance(30 * S);
    expect(errors.map(String)).toEqual([]);
    expect(restored.getSnapshot().status).toBe('active');
    expect(selectPlayTime(restored.getSnapshot())?.reached).toBe(true);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    restored.stop();
  });
});
