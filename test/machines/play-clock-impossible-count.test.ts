import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { playClockRecordOf } from '../../machines/play-time/clock';
import { createMemoryPlayClock } from '../../machines/play-time/stores';
import { playTimeMachine, selectPlayTime } from '../../machines/playTimeMachine';

// REVIEW-AB AB-3: one forged `play` message on the cross-tab channel (any same-origin page) with a
// count no period can hold (1e15 ms in one day) was taken as data and barred the player for the
// rest of the period in every tab (with localStorage, kept in the store). A count longer than its
// period (its São Paulo days, plus an hour) heard from another tab is no record; a count its period
// can hold is kept. (In the store a count carried whole into a shorter period stays: fail closed.)

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PERIODS: [string, number][] = [
  ['daily:2030-01-01', DAY],
  ['weekly:2029-12-30', 7 * DAY],
  ['monthly:2030-01', 31 * DAY],
  ['monthly:2030-02', 28 * DAY],
];

describe('a play clock count longer than its period', () => {
  it('is no record; one the period can hold is kept (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PERIODS),
        fc.integer({ min: 0, max: 40 * DAY }),
        ([periodKey, span], usedMs) => {
          const r = playClockRecordOf({ periodKey, usedMs, lastBeat: null }, true);
          if (usedMs <= span + HOUR) expect(r).toMatchObject({ periodKey, usedMs });
          else expect(r).toBeNull();
        },
      ),
    );
    // Its `other` and its kinds alike: the impossible count dropped, the rest kept.
    const r = playClockRecordOf(
      {
        periodKey: 'daily:2030-01-02',
        usedMs: 1_000,
        lastBeat: null,
        other: { periodKey: 'daily:2030-01-01', usedMs: 1e15 },
        kinds: {
          weekly: { periodKey: 'weekly:2029-12-30', usedMs: 1e15 },
          monthly: { periodKey: 'monthly:2030-01', usedMs: 5 },
        },
      },
      true,
    );
    expect(r).toMatchObject({ periodKey: 'daily:2030-01-02', usedMs: 1_000 });
    expect(r?.other).toBeUndefined();
    expect(r?.kinds).toEqual({ monthly: { periodKey: 'monthly:2030-01', usedMs: 5 } });
  });

  it('stored, it is kept (a count carried whole into a shorter period)', () => {
    expect(
      playClockRecordOf({ periodKey: 'daily:2030-01-01', usedMs: 40 * HOUR, lastBeat: null }),
    ).toMatchObject({
      usedMs: 40 * HOUR,
    });
  });

  it('heard from another tab, it raises no count', () => {
    const now = Date.UTC(2030, 0, 1, 15);
    const actor = createActor(playTimeMachine, {
      input: {
        limit: { amount: 60, period: 'daily', active: true },
        store: createMemoryPlayClock(),
        now: () => now,
      },
    }).start();
    const key = actor.getSnapshot().context.own!.periodKey;
    actor.send({ type: 'BEAT', record: { periodKey: key, usedMs: 1e15, lastBeat: null } });
    expect(selectPlayTime(actor.getSnapshot())).toMatchObject({ usedMs: 0, reached: false });
    // A full day's count is still taken (fail closed: the limit counts).
    actor.send({ type: 'BEAT', record: { periodKey: key, usedMs: DAY, lastBeat: null } });
    expect(selectPlayTime(actor.getSnapshot())).toMatchObject({ usedMs: DAY, reached: true });
    actor.stop();
  });
});
