import { type PlayTimeLimit, playTimeMachine, selectPlayTime } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { beat, playClockRecordOf, playPeriodOf } from '../../machines/play-time/clock';
import { createMemoryPlayClock } from '../../machines/play-time/stores';

// Review E, item 2: after a 1-minute daily limit was reached, the player set a stricter one (1 minute
// a week); the count went back to 0 and betting was allowed again, though the minute played today
// lies in this week. A change of period now carries every count the record holds whose period
// overlaps the new one (a day into its week or month; a week or month, which the client cannot
// split, whole into the day: fail closed).

const S = 1000;
const MIN = 60_000;
/** São Paulo (UTC-3) wall time as epoch ms. */
const sp = (iso: string) => Date.parse(`${iso}-03:00`);
const limit = (period: PlayTimeLimit['period'], amount = 1): PlayTimeLimit => ({
  amount,
  period,
  active: true,
});

function player(at: string, first: PlayTimeLimit) {
  const clock = new SimulatedClock();
  clock.set(sp(at));
  const store = createMemoryPlayClock();
  const actor = createActor(playTimeMachine, {
    clock,
    input: { limit: first, store, now: () => clock.now() },
  });
  const shown: { usedMs: number; reached: boolean }[] = [];
  actor.subscribe((s) => {
    const p = selectPlayTime(s);
    if (p) shown.push({ usedMs: p.usedMs, reached: p.reached });
  });
  actor.start();
  const play = (ms: number) => {
    for (let t = 0; t < ms; t += S) clock.increment(S);
    actor.send({ type: 'BEAT' });
  };
  /** A sleep of the device to `iso` (nothing counted across it). */
  const sleepTo = (iso: string) => {
    clock.set(sp(iso));
    actor.send({ type: 'BEAT' });
  };
  const used = () => selectPlayTime(actor.getSnapshot())?.usedMs ?? -1;
  return { actor, store, play, sleepTo, used, shown };
}

describe('playTimeMachine: a change of period (review E, item 2)', () => {
  it('a daily limit reached, then 1 minute a week: still reached, never a frame with time left', () => {
    const p = player('2026-11-25T12:00:00', limit('daily'));
    p.play(70 * S);
    expect(selectPlayTime(p.actor.getSnapshot())).toMatchObject({ reached: true, period: 'daily' });
    const from = p.shown.length;
    p.actor.send({ type: 'LIMIT', limit: limit('weekly') });
    p.play(20 * S);
    expect(selectPlayTime(p.actor.getSnapshot())).toMatchObject({ reached: true, period: 'weekly' });
    expect(p.used()).toBeGreaterThanOrEqual(90 * S);
    expect(p.shown.slice(from).every((s) => s.reached && s.usedMs >= 70 * S)).toBe(true);
    p.actor.stop();
  });

  it('daily to monthly carries today and the day before', () => {
    const p = player('2026-11-24T23:59:00', limit('daily', 10));
    p.play(40 * S);
    p.sleepTo('2026-11-25T12:00:00');
    p.play(30 * S);
    p.actor.send({ type: 'LIMIT', limit: limit('monthly', 10) });
    p.play(0);
    expect(p.used()).toBe(70 * S);
    p.actor.stop();
  });

  it('a record stored before the day, week and month were kept: its week counts today whole (fail closed)', () => {
    const p = player('2026-11-25T12:00:00', limit('daily'));
    // As an older version stored it, under a weekly limit: it cannot split the week.
    p.store.write({ periodKey: 'weekly:2026-11-23', usedMs: 50 * S, lastBeat: null });
    p.play(15 * S);
    expect(selectPlayTime(p.actor.getSnapshot())).toMatchObject({ reached: true, usedMs: 65 * S });
    p.actor.stop();
  });

  it('monthly to weekly carries the month; a count of a period that ended before counts nothing', () => {
    const m = player('2026-11-25T12:00:00', limit('monthly', 10));
    m.play(30 * S);
    m.actor.send({ type: 'LIMIT', limit: limit('weekly', 10) });
    m.play(0);
    expect(m.used()).toBe(30 * S);
    m.actor.stop();
    // Sunday's play lies in the week before Monday's.
    const d = player('2026-11-22T12:00:00', limit('daily', 10));
    d.play(30 * S);
    d.sleepTo('2026-11-23T12:00:00');
    d.actor.send({ type: 'LIMIT', limit: limit('weekly', 10) });
    d.play(15 * S);
    expect(d.used()).toBe(15 * S);
    d.actor.stop();
  });
});

// Found by test/machines/play-time-periods.property.test.ts.
describe('playTimeMachine: changes of period across a São Paulo midnight', () => {
  it('a beat across midnight adds the part before it to the day before, which a week then carries', () => {
    // A Monday's last 2 minutes, the last beat before midnight 15 s before it.
    const p = player('2026-11-30T23:58:00', limit('daily', 10));
    p.play(105 * S);
    p.play(15 * S);
    p.actor.send({ type: 'LIMIT', limit: limit('weekly', 10) });
    p.play(0);
    expect(p.used()).toBe(120 * S);
    p.actor.stop();
  });

  it('a week across the end of a month counts its day in the month before, after a monthly limit', () => {
    const p = player('2026-11-30T23:58:00', limit('daily', 10));
    p.play(S);
    p.sleepTo('2026-12-01T00:00:00');
    p.actor.send({ type: 'LIMIT', limit: limit('monthly', 10) });
    p.play(0);
    expect(p.used()).toBe(0);
    p.actor.send({ type: 'LIMIT', limit: limit('weekly', 10) });
    p.play(0);
    expect(p.used()).toBe(S);
    p.actor.stop();
  });
});

// Found by test/machines/play-time-periods.property.test.ts: the record kept two counts (this
// period and the one before), so daily to monthly on a Tuesday carried Tuesday and Monday only.
describe('playTimeMachine: the record keeps the day, the week and the month', () => {
  it('daily to monthly on Tuesday counts Sunday night too (same month)', () => {
    const p = player('2026-11-22T23:58:00', limit('daily'));
    p.play(60 * S);
    p.play(60 * S); // Monday 00:00:00
    p.sleepTo('2026-11-24T00:00:00');
    p.actor.send({ type: 'LIMIT', limit: limit('monthly') });
    p.play(S);
    expect(selectPlayTime(p.actor.getSnapshot())).toMatchObject({ usedMs: 121 * S, reached: true });
    p.actor.stop();
  });

  it('daily to a monthly limit already reached: never a frame with time left before the beat', () => {
    const p = player('2026-11-24T23:59:00', limit('daily', 10));
    p.play(60 * S);
    p.play(10 * S);
    const from = p.shown.length;
    p.actor.send({ type: 'LIMIT', limit: limit('monthly') });
    expect(p.shown.slice(from).every((s) => s.reached && s.usedMs >= 70 * S)).toBe(true);
    expect(p.used()).toBe(70 * S);
    p.actor.stop();
  });

  it('weekly to daily is exact: the days before today in the week are not today', () => {
    const p = player('2026-11-23T12:00:00', limit('weekly', 10));
    p.play(50 * S);
    p.sleepTo('2026-11-25T12:00:00');
    p.play(0);
    p.play(20 * S);
    p.actor.send({ type: 'LIMIT', limit: limit('daily') });
    p.play(15 * S);
    expect(p.used()).toBe(35 * S);
    p.actor.send({ type: 'LIMIT', limit: limit('weekly', 10) });
    p.play(0);
    expect(p.used()).toBe(85 * S);
    p.actor.stop();
  });
});

describe('playClockRecordOf: the counts of each kind', () => {
  it('keeps the kinds it can read, and drops one whose key is of another kind or garbage', () => {
    const daily = {
      periodKey: 'daily:2026-11-25',
      usedMs: S,
      other: { periodKey: 'daily:2026-11-24', usedMs: 2 * S },
    };
    const weekly = { periodKey: 'weekly:2026-11-23', usedMs: 3 * S };
    const record = { ...daily, lastBeat: 5, kinds: { daily, weekly, monthly: weekly } };
    expect(playClockRecordOf(record)).toEqual({ ...daily, lastBeat: 5, kinds: { daily, weekly } });
    expect(playClockRecordOf({ ...record, kinds: { daily: { periodKey: 'daily:x', usedMs: -1 } } })).toEqual({
      ...daily,
      lastBeat: 5,
    });
    expect(playClockRecordOf({ ...record, kinds: 'x' })).toEqual({ ...daily, lastBeat: 5 });
  });
});

describe('beat: a record of another kind of period', () => {
  const at = sp('2026-11-25T12:00:00');
  const week = playPeriodOf('weekly', at);
  const day = playPeriodOf('daily', at);

  it('carries the counts whose periods overlap the new one, and adds the beat', () => {
    const record = {
      periodKey: day.key,
      usedMs: MIN,
      lastBeat: at,
      other: { periodKey: 'daily:2026-11-24', usedMs: 5 * S },
    };
    expect(beat(record, at + 15 * S, week, 30 * S)).toEqual({
      periodKey: week.key,
      usedMs: MIN + 5 * S + 15 * S,
      lastBeat: at + 15 * S,
    });
  });

  it('carries a week whole into a day of it, and nothing of one that ended', () => {
    const record = {
      periodKey: week.key,
      usedMs: 3 * MIN,
      lastBeat: null,
      other: { periodKey: 'weekly:2026-11-16', usedMs: 7 * MIN },
    };
    // The week that ended is not carried (each kind has its own counts: `beatKinds`).
    expect(beat(record, at, day, 30 * S)).toEqual({ periodKey: day.key, usedMs: 3 * MIN, lastBeat: at });
  });

  it('carries a key it cannot read (fail closed)', () => {
    const record = { periodKey: 'weekly:garbage', usedMs: MIN, lastBeat: null };
    expect(beat(record, at, day, 30 * S).usedMs).toBe(MIN);
  });
});
