import { restrictionsOf } from 'pam-client';
import {
  createLocalStoragePlayClock,
  type PlayTimeInput,
  playTimeMachine,
  selectPlayTime,
} from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { persistedData, restoreActor } from '../../machines/persistence';
import { createMemoryPlayClock } from '../../machines/play-time/stores';

const MIN = 60_000;
const S = 1000;
// Monday 2026-11-23, 12:00 in São Paulo.
const T0 = Date.parse('2026-11-23T15:00:00Z');

const limit = (amount: number, period: 'daily' | 'weekly' | 'monthly' = 'daily') => ({
  amount,
  period,
  active: true,
});

function world() {
  const clock = new SimulatedClock();
  clock.set(T0);
  const store = createMemoryPlayClock();
  function open(input: Partial<PlayTimeInput> = {}) {
    const actor = createActor(playTimeMachine, {
      clock,
      input: { limit: limit(10), store, now: () => clock.now(), ...input },
    });
    const events: string[] = [];
    actor.on('timeLimitWarning', (e) => events.push(`warning@${Math.round(e.playTime.usedMs / S)}s`));
    actor.on('timeLimitReached', (e) => events.push(`reached@${Math.round(e.playTime.usedMs / S)}s`));
    actor.start();
    const tab = { actor, events, playTime: () => selectPlayTime(actor.getSnapshot()) };
    return tab;
  }
  /** Advances the clock in steps of `step` (timers fire at each step). */
  const advance = (ms: number, step = S) => {
    for (let t = 0; t < ms; t += step) clock.increment(Math.min(step, ms - t));
  };
  return { clock, store, open, advance };
}

describe('playTimeMachine', () => {
  it('counts signed-in time, warns at 80 % and says when the limit is reached, once each', () => {
    const w = world();
    const tab = w.open();
    expect(tab.actor.getSnapshot().value).toEqual({ on: { clock: 'beating', level: 'under' } });
    expect(tab.playTime()).toEqual({
      limitMs: 10 * MIN,
      usedMs: 0,
      leftMs: 10 * MIN,
      period: 'daily',
      warning: false,
      reached: false,
    });
    w.advance(7 * MIN + 45 * S);
    expect(tab.playTime()).toMatchObject({ usedMs: 7 * MIN + 45 * S, warning: false });
    expect(tab.events).toEqual([]);
    w.advance(15 * S);
    expect(tab.events).toEqual(['warning@480s']);
    expect(tab.actor.getSnapshot().value).toEqual({ on: { clock: 'beating', level: 'warning' } });
    w.advance(2 * MIN);
    expect(tab.events).toEqual(['warning@480s', 'reached@600s']);
    expect(tab.playTime()).toEqual({
      limitMs: 10 * MIN,
      usedMs: 10 * MIN,
      leftMs: 0,
      period: 'daily',
      warning: true,
      reached: true,
    });
    w.advance(5 * MIN);
    expect(tab.events).toHaveLength(2);
    expect(tab.playTime()?.usedMs).toBe(15 * MIN);
  });

  it('runs one clock for the origin: two tabs count wall time once, not twice', () => {
    const w = world();
    const a = w.open();
    w.advance(5 * S);
    const b = w.open();
    w.advance(6 * MIN - 5 * S);
    expect(a.playTime()?.usedMs).toBe(6 * MIN);
    expect(b.playTime()?.usedMs).toBeGreaterThanOrEqual(6 * MIN - 15 * S);
    expect(w.store.read()?.usedMs).toBe(6 * MIN);
    // One tab closes; the other keeps the shared clock going.
    a.actor.stop();
    w.advance(2 * MIN + 15 * S);
    // b beats every 15 s, and aims a beat at the 80 % mark of the shared clock: the warning is on
    // time, and every second up to its last beat is counted once.
    expect(w.store.read()?.usedMs).toBe(8 * MIN + 15 * S);
    expect(b.events).toEqual(['warning@480s']);
  });

  it('does not count time while the device sleeps (a gap longer than 2 beats)', () => {
    const w = world();
    const tab = w.open();
    w.advance(2 * MIN);
    w.clock.increment(3 * 60 * MIN); // asleep 3 h: the overdue beat fires on wake
    expect(tab.playTime()?.usedMs).toBe(2 * MIN);
    w.advance(1 * MIN);
    expect(tab.playTime()?.usedMs).toBe(3 * MIN);
    // A gap of exactly two beats still counts (a throttled timer, not a sleep).
    w.clock.increment(30 * S);
    expect(tab.playTime()?.usedMs).toBe(3 * MIN + 30 * S);
  });

  it('does not count time when no tab was open, and picks up the stored time', () => {
    const w = world();
    const first = w.open();
    w.advance(3 * MIN);
    first.actor.stop();
    w.advance(20 * MIN);
    const later = w.open();
    expect(later.playTime()?.usedMs).toBe(3 * MIN);
  });

  it('starts again at 0 in a new Brazilian day (midnight in São Paulo, not UTC)', () => {
    const w = world();
    const tab = w.open({ limit: limit(600) });
    // 23:59 in São Paulo = 02:59 UTC the next day.
    w.clock.set(Date.parse('2026-11-24T02:58:00Z'));
    w.advance(1 * MIN);
    const before = tab.playTime()?.usedMs ?? 0;
    expect(before).toBe(1 * MIN);
    w.advance(2 * MIN); // crosses 03:00 UTC = 00:00 in Brazil
    expect(w.store.read()?.periodKey).toBe('daily:2026-11-24');
    expect(tab.playTime()?.usedMs).toBe(1 * MIN);
  });

  it('warns again in a new period, after the limit was reached in the last one', () => {
    const w = world();
    const tab = w.open({ limit: limit(1), beatMs: S });
    w.advance(1 * MIN);
    expect(tab.events).toEqual(['warning@48s', 'reached@60s']);
    w.clock.set(Date.parse('2026-11-24T02:59:45Z')); // 23:59:45 in Brazil, after a sleep
    expect(tab.actor.getSnapshot().value).toMatchObject({ on: { level: 'reached' } });
    w.advance(15 * S); // midnight in Brazil
    expect(tab.actor.getSnapshot().value).toMatchObject({ on: { level: 'under' } });
    w.advance(1 * MIN);
    expect(tab.events).toEqual(['warning@48s', 'reached@60s', 'warning@48s', 'reached@60s']);
  });

  it('is off without an active time limit, and follows LIMIT changes', () => {
    const w = world();
    const tab = w.open({ limit: { amount: 30, period: 'daily', active: false }, beatMs: S });
    expect(tab.actor.getSnapshot().value).toBe('off');
    expect(tab.playTime()).toBeNull();
    w.advance(1 * MIN);
    expect(w.store.read()).toBeNull();
    tab.actor.send({
      type: 'LIMIT',
      limit: restrictionsOf({
        user_limit_time: 2,
        user_limit_time_active: 1,
        user_limit_time_period: 'weekly',
      }).limits.time,
    });
    w.advance(2 * MIN);
    expect(tab.playTime()).toMatchObject({
      period: 'weekly',
      limitMs: 2 * MIN,
      usedMs: 2 * MIN,
      reached: true,
    });
    // The same limit again (a profile re-read) changes nothing and warns no second time.
    tab.actor.send({ type: 'LIMIT', limit: limit(2, 'weekly') });
    expect(tab.events).toEqual(['warning@96s', 'reached@120s']);
    tab.actor.send({ type: 'LIMIT', limit: null });
    expect(tab.actor.getSnapshot().value).toBe('off');
  });

  it('takes the unit and the warning share from its input', () => {
    const w = world();
    const tab = w.open({ limit: limit(100), unitMs: S, warnAt: 0.5, beatMs: 5 * S });
    w.advance(50 * S);
    expect(tab.events).toEqual(['warning@50s']);
    expect(tab.playTime()).toMatchObject({ limitMs: 100 * S, leftMs: 50 * S });
  });

  it('beats at once on BEAT (a wake-up), without waiting for the heartbeat', () => {
    const w = world();
    const tab = w.open();
    w.clock.increment(0); // nothing due
    w.advance(10 * S, 10 * S);
    expect(tab.playTime()?.usedMs).toBe(0);
    tab.actor.send({ type: 'BEAT' });
    expect(tab.playTime()?.usedMs).toBe(10 * S);
  });

  it('shares the clock through localStorage-like storage, ignoring garbage', () => {
    const data = new Map<string, string>([['k', '{"periodKey":1}']]);
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    const store = createLocalStoragePlayClock('k', storage);
    expect(store.read()).toBeNull();
    const w = world();
    const tab = w.open({ store });
    w.advance(1 * MIN);
    expect(JSON.parse(data.get('k') as string)).toEqual({
      periodKey: 'daily:2026-11-23',
      usedMs: 1 * MIN,
      lastBeat: T0 + MIN,
      // (The mark on the server's time: the server's clock is this tab's here.)
      server: T0 + MIN,
      kinds: {
        daily: { periodKey: 'daily:2026-11-23', usedMs: 1 * MIN },
        weekly: { periodKey: 'weekly:2026-11-23', usedMs: 1 * MIN },
        monthly: { periodKey: 'monthly:2026-11', usedMs: 1 * MIN },
      },
    });
    expect(tab.playTime()?.usedMs).toBe(1 * MIN);
    const failing = createLocalStoragePlayClock('k', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    });
    expect(failing.read()).toBeNull();
    expect(() => failing.write({ periodKey: 'x', usedMs: 0, lastBeat: null })).not.toThrow();
  });

  it('persists data only and restores into a counting actor with fresh services', () => {
    const w = world();
    const tab = w.open();
    w.advance(1 * MIN);
    const persisted = JSON.parse(JSON.stringify(persistedData(tab.actor)));
    expect(persisted.context.store).toBeUndefined();
    tab.actor.stop();
    const restored = restoreActor(
      playTimeMachine,
      persisted,
      { limit: limit(10), store: w.store, now: () => w.clock.now() },
      { clock: w.clock },
    );
    restored.start();
    w.advance(1 * MIN);
    expect(selectPlayTime(restored.getSnapshot())?.usedMs).toBe(2 * MIN);
  });
});
