import { type PlayTimeInput, playTimeMachine, selectPlayTime } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createClock } from '../../machines/clock';
import { beat, playClockRecordOf, usedIn } from '../../machines/play-time/clock';
import { createMemoryPlayClock } from '../../machines/play-time/stores';

// The known issue of 0.2.0 (CHANGELOG): a device clock stepped forward across São Paulo midnight
// while the one clock is untrusted. `serverNow()` follows the step until two answers teach the
// offset again, so the beats in between counted in the next day only, and today's warning came a
// beat late (63 s instead of 48 s). The play-time machine over the one clock, with answers at the
// true time every 20 s from 15 s (the first after the step at 20 s comes after the beat at 30 s).

const S = 1000;
const H = 3_600_000;

function alertTimes(start: number, steps: Record<number, number>) {
  const timers = new SimulatedClock();
  let shift = 0;
  const trueNow = () => start + timers.now();
  const clock = createClock({ wall: () => trueNow() + shift, monotonic: () => timers.now() });
  const input: PlayTimeInput = {
    limit: { amount: 1, period: 'daily', active: true },
    store: createMemoryPlayClock(),
    now: clock.now,
    monotonic: clock.monotonic,
    serverNow: clock.serverNow,
    trusted: clock.trusted,
  };
  const actor = createActor(playTimeMachine, { clock: timers, input });
  const alerts: string[] = [];
  actor.on('timeLimitWarning', () => alerts.push(`warning@${timers.now() / S}s`));
  actor.on('timeLimitReached', () => alerts.push(`reached@${timers.now() / S}s`));
  actor.start();
  for (let t = 0; t < 70; t++) {
    shift += steps[t] ?? 0;
    if (t % 20 === 15) clock.learn(Math.floor(trueNow() / S) * S);
    timers.increment(S);
  }
  actor.stop();
  return alerts;
}

// 09:00 and 23:40 in São Paulo (UTC-3).
const DAYTIME = Date.UTC(2026, 10, 29, 12);
const BEFORE_MIDNIGHT = Date.UTC(2026, 10, 29, 2, 40);

describe('playTimeMachine: a device clock stepped across São Paulo midnight while untrusted', () => {
  it('alerts at 48 s and 60 s with a step forward 1 h in the day (the reference)', () => {
    expect(alertTimes(DAYTIME, { 20: H, 40: -3 * H })).toEqual(['warning@48s', 'reached@60s']);
  });

  it('alerts at 48 s and 60 s with the step forward crossing midnight (at 23:40)', () => {
    expect(alertTimes(BEFORE_MIDNIGHT, { 20: H, 40: -3 * H })).toEqual(['warning@48s', 'reached@60s']);
  });
});

describe('playTimeMachine: a sleep across São Paulo midnight while untrusted', () => {
  it('counts the play after it in both days until trusted, and the new day keeps it', () => {
    const timers = new SimulatedClock();
    let slept = 0;
    const start = Date.UTC(2026, 10, 30, 2, 55); // 23:55 in São Paulo
    const trueNow = () => start + timers.now() + slept;
    const clock = createClock({ wall: trueNow, monotonic: () => timers.now() });
    const store = createMemoryPlayClock();
    const actor = createActor(playTimeMachine, {
      clock: timers,
      input: {
        limit: { amount: 60, period: 'daily', active: true },
        store,
        now: clock.now,
        monotonic: clock.monotonic,
        serverNow: clock.serverNow,
        trusted: clock.trusted,
      },
    }).start();
    const used = () => actor.getSnapshot().context.clock;
    const play = (seconds: number) => {
      for (let t = 0; t < seconds; t++) timers.increment(S);
    };
    play(60); // a minute of play on the 29th
    slept += 10 * 60 * S; // asleep (the monotonic clock stands still) until 00:06 on the 30th
    play(30);
    // Untrusted: 00:06 as `serverNow` says (a sleep), or 23:56 carried on from the last beat (a step).
    expect(clock.trusted()).toBe(false);
    expect(usedIn(used(), 'daily:2026-11-29')).toBe(90 * S);
    expect(usedIn(used(), 'daily:2026-11-30')).toBe(30 * S);
    expect(selectPlayTime(actor.getSnapshot())?.usedMs).toBe(90 * S);
    clock.learn(Math.floor(trueNow() / S) * S);
    clock.learn(Math.floor(trueNow() / S) * S);
    expect(clock.trusted()).toBe(true);
    play(15);
    // Trusted: the 30th it is, and its count holds the play since the sleep.
    expect(selectPlayTime(actor.getSnapshot())?.usedMs).toBe(45 * S);
    expect(usedIn(store.read(), 'daily:2026-11-30')).toBe(45 * S);
    actor.stop();
  });
});

describe('beat: one beat in two periods', () => {
  const today = { key: 'daily:2026-11-29', start: 0 };
  const tomorrow = { key: 'daily:2026-11-30', start: 50_000 };

  it('adds the interval to both, each from its own start, the later one first', () => {
    const record = { periodKey: today.key, usedMs: 40_000, lastBeat: 45_000 };
    expect(beat(record, 60_000, tomorrow, 30_000, 45_000, today)).toEqual({
      periodKey: tomorrow.key,
      usedMs: 10_000,
      lastBeat: 60_000,
      other: { periodKey: today.key, usedMs: 55_000 },
    });
  });

  it('keeps these two, not a third the record held', () => {
    const record = {
      periodKey: 'daily:2026-12-01',
      usedMs: 7_000,
      lastBeat: 45_000,
      other: { periodKey: 'daily:2026-11-28', usedMs: 1_000 },
    };
    const next = beat(record, 60_000, tomorrow, 30_000, 45_000, today);
    expect([next.periodKey, next.other?.periodKey]).toEqual([tomorrow.key, today.key]);
  });
});

describe('playClockRecordOf: the record with `behind` (how far the server time may lag)', () => {
  const record = {
    periodKey: 'daily:2026-11-29',
    usedMs: 600_000,
    lastBeat: 5,
    other: { periodKey: 'daily:2026-11-28', usedMs: 2_700_000 },
  };

  it('a new reader keeps a finite `behind`, drops garbage, and reads an old record as it was', () => {
    expect(playClockRecordOf({ ...record, behind: 3_600_000 })).toEqual({ ...record, behind: 3_600_000 });
    expect(playClockRecordOf({ ...record, behind: 'x' })).toEqual(record);
    expect(playClockRecordOf(record)).toEqual(record);
  });

  it('beat() alone writes no `behind` (the machine adds it only for a beat on an untrusted estimate)', () => {
    const next = beat({ ...record, behind: 3_600_000 }, 20, { key: 'daily:2026-11-29', start: 0 }, 30);
    expect(next).toEqual({ ...record, usedMs: 600_015, lastBeat: 20 });
  });
});
