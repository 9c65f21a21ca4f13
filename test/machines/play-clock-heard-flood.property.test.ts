import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { merged, type PlayClockRecord, playClockRecordOf, usedIn } from '../../machines/play-time/clock';
import { createMemoryPlayClock } from '../../machines/play-time/stores';
import { playTimeMachine, selectPlayTime } from '../../machines/playTimeMachine';
import { useFakeTimersEach } from '../support/fake-timers';

// REVIEW-AB AB-3 (flood): a heard play clock is taken in memory and written at this tab's own beat,
// not beaten and written on each message. Against the way it was (each heard record merged into the
// store, then a whole beat written: `unbounded`), over generated sequences of heard records (any
// order, replayed, any counts, either side of São Paulo midnight): the same time shown and the same
// alerts after every step (a heard count at the limit bars at the same moment), the store never
// under the old one's once this tab beat, and the store written at its own beats only.

const BEAT_MS = 15_000;
const MIDNIGHT = Date.UTC(2030, 0, 2, 3); // São Paulo midnight (UTC−3)
const DAYS = ['daily:2030-01-01', 'daily:2030-01-02'];
const KINDS = { weekly: 'weekly:2029-12-30', monthly: 'monthly:2030-01' };

/** A store that counts its writes. */
const countingStore = () => {
  const inner = createMemoryPlayClock();
  const store = {
    writes: 0,
    read: inner.read,
    write(record: PlayClockRecord) {
      store.writes++;
      inner.write(record);
    },
  };
  return store;
};

/** A heard record: a count in one of the two days (and maybe the other), its mark `lag` ms before now. */
const heardRecord = fc.record({
  day: fc.constantFrom(0, 1),
  usedMs: fc.integer({ min: 0, max: 45 * 60_000 }),
  other: fc.option(fc.integer({ min: 0, max: 45 * 60_000 }), { nil: undefined }),
  week: fc.option(fc.integer({ min: 0, max: 90 * 60_000 }), { nil: undefined }),
  lag: fc.integer({ min: -2 * BEAT_MS, max: 3 * BEAT_MS }),
});
type Heard = typeof heardRecord extends fc.Arbitrary<infer T> ? T : never;
const recordOf = (h: Heard, now: number) => ({
  periodKey: DAYS[h.day],
  usedMs: h.usedMs,
  lastBeat: now - h.lag,
  ...(h.other !== undefined && { other: { periodKey: DAYS[1 - h.day], usedMs: h.other } }),
  ...(h.week !== undefined && {
    kinds: {
      weekly: { periodKey: KINDS.weekly, usedMs: h.week },
      monthly: { periodKey: KINDS.monthly, usedMs: 0 },
    },
  }),
});

// Each step: time moves on (own beats run), then nothing, a new record, a replay of an earlier one
// (as sent then), or a burst of the same one.
const step = fc.record({
  dt: fc.integer({ min: 0, max: BEAT_MS }),
  hear: fc.oneof(
    fc.constant(null),
    heardRecord.map((h) => ({ h, replay: false, times: 1 })),
    fc.nat().map((i) => ({ h: null, replay: i, times: 1 })),
    heardRecord.chain((h) => fc.integer({ min: 2, max: 30 }).map((times) => ({ h, replay: false, times }))),
  ),
});

describe('a flood of heard play clocks, bounded', () => {
  useFakeTimersEach();

  it('shows and bars as each heard record beaten and written did, never under it, writing at own beats (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.array(step, { minLength: 1, maxLength: 40 }),
        // Mid-afternoon, or up to 10 min before São Paulo midnight.
        fc.oneof(
          fc.constant(MIDNIGHT - 12 * 3_600_000),
          fc.integer({ min: MIDNIGHT - 600_000, max: MIDNIGHT }),
        ),
        (amount, steps, start) => {
          vi.setSystemTime(start);
          const open = () => {
            const store = countingStore();
            const actor = createActor(playTimeMachine, {
              input: {
                limit: { amount, period: 'daily', active: true },
                store,
                now: () => Date.now(),
                beatMs: BEAT_MS,
              },
            });
            const alerts: string[] = [];
            actor.on('*', (e) => alerts.push(e.type));
            return { store, actor: actor.start(), alerts };
          };
          const bounded = open();
          const unbounded = open();
          const sent: object[] = [];
          let heardCount = 0;
          try {
            for (const { dt, hear } of steps) {
              vi.advanceTimersByTime(dt);
              const now = Date.now();
              let record: object | undefined;
              if (hear?.h) record = recordOf(hear.h, now);
              else if (hear && sent.length > 0) record = sent[(hear.replay as number) % sent.length];
              if (record) sent.push(record);
              for (let i = 0; record && i < (hear?.times ?? 0); i++) {
                heardCount++;
                bounded.actor.send({ type: 'BEAT', record });
                // The way it was: merged into the store, then a whole beat (written).
                const heard = playClockRecordOf(record, true)!;
                unbounded.store.write(merged(unbounded.store.read(), heard, now, 2 * BEAT_MS));
                unbounded.actor.send({ type: 'BEAT' });
                // Bars at the same moment, shows the same.
                expect(selectPlayTime(bounded.actor.getSnapshot())).toEqual(
                  selectPlayTime(unbounded.actor.getSnapshot()),
                );
                expect(bounded.alerts).toEqual(unbounded.alerts);
              }
              expect(selectPlayTime(bounded.actor.getSnapshot())).toEqual(
                selectPlayTime(unbounded.actor.getSnapshot()),
              );
              expect(bounded.alerts).toEqual(unbounded.alerts);
              // Written at own beats only: the old way wrote those, and twice for each record heard.
              expect(bounded.store.writes).toBe(unbounded.store.writes - 2 * heardCount);
            }
            // After an own beat of each: the store never under the old one's, in either day.
            vi.advanceTimersByTime(BEAT_MS);
            expect(bounded.actor.getSnapshot().context.own?.heard).toBe(false);
            for (const key of [...DAYS, KINDS.weekly, KINDS.monthly])
              expect(usedIn(bounded.store.read(), key)).toBeGreaterThanOrEqual(
                usedIn(unbounded.store.read(), key),
              );
            expect(selectPlayTime(bounded.actor.getSnapshot())).toEqual(
              selectPlayTime(unbounded.actor.getSnapshot()),
            );
          } finally {
            bounded.actor.stop();
            unbounded.actor.stop();
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);
});
