import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  KINDS,
  merged,
  type PlayClockRecord,
  playClockRecordOf,
  usedIn,
} from '../../machines/play-time/clock';
import { createMemoryPlayClock } from '../../machines/play-time/stores';
import { playTimeMachine, selectPlayTime } from '../../machines/playTimeMachine';

// Review X (seeds 5017, 5110, 5279): tabs with no `localStorage` tell each other their play clocks
// on the cross-tab channel, and each takes what it hears with `merged`: for every period it holds,
// the larger count; never one lowered, whatever it hears (another tab's clock a day ahead or
// behind, a record of another kind of period, garbage); its own marks kept.

const KEYS = [
  'daily:2030-01-01',
  'daily:2030-01-02',
  'daily:2029-12-31',
  'weekly:2029-12-30',
  'weekly:2030-01-06',
  'monthly:2030-01',
  'monthly:2029-12',
];
const count = fc.record({
  periodKey: fc.constantFrom(...KEYS),
  usedMs: fc.integer({ min: 0, max: 10 * 3_600_000 }),
});
const record: fc.Arbitrary<PlayClockRecord> = fc
  .record(
    {
      periodKey: fc.constantFrom(...KEYS),
      usedMs: fc.integer({ min: 0, max: 10 * 3_600_000 }),
      lastBeat: fc.option(fc.integer({ min: 0, max: 2e12 }), { nil: null }),
      other: fc.option(count, { nil: undefined }),
      since: fc.option(fc.integer({ min: 0, max: 2e12 }), { nil: undefined }),
      behind: fc.option(fc.integer({ min: 1, max: 3_600_000 }), { nil: undefined }),
      kinds: fc.option(
        fc.record(
          {
            daily: fc.record({
              periodKey: fc.constantFrom(KEYS[0]!, KEYS[1]!),
              usedMs: fc.nat(),
              other: fc.option(count),
            }),
            weekly: fc.record({ periodKey: fc.constantFrom(KEYS[3]!, KEYS[4]!), usedMs: fc.nat() }),
            monthly: fc.record({ periodKey: fc.constantFrom(KEYS[5]!, KEYS[6]!), usedMs: fc.nat() }),
          },
          { requiredKeys: [] },
        ),
        { nil: undefined },
      ),
    },
    { requiredKeys: ['periodKey', 'usedMs', 'lastBeat'] },
  )
  .map((r) => playClockRecordOf(JSON.parse(JSON.stringify(r))) as PlayClockRecord);

const GAP = 30_000;

describe('a play clock heard from another tab (merged)', () => {
  it('raises each count to the heard one, lowers none; a later heard mark taken (property)', () => {
    fc.assert(
      fc.property(
        fc.option(record, { nil: null }),
        record,
        fc.integer({ min: 0, max: 2e12 }),
        (mine, heard, now) => {
          const out = merged(mine, heard, now, GAP);
          // The heard mark, when later than this record's and placed at `now` (within a gap).
          const mark =
            heard.lastBeat !== null && Math.abs(now - heard.lastBeat) <= GAP
              ? Math.min(heard.lastBeat, now)
              : null;
          const later =
            mine !== null &&
            mark !== null &&
            (mine.lastBeat === null || mark > mine.lastBeat) &&
            heard.periodKey <= mine.periodKey;
          const shift =
            later && mine.lastBeat !== null && mark - mine.lastBeat <= GAP ? mark - mine.lastBeat : 0;
          expect(playClockRecordOf(JSON.parse(JSON.stringify(out)))).toEqual(out);
          for (const key of KEYS) {
            const before = usedIn(mine, key);
            expect(usedIn(out, key)).toBeGreaterThanOrEqual(before);
            // Never more than either knew (this tab's newest counts carried up to the taken mark).
            expect(usedIn(out, key)).toBeLessThanOrEqual(Math.max(before + shift, usedIn(heard, key)));
          }
          if (mine) {
            expect(out.lastBeat).toBe(later ? mark : mine.lastBeat);
            // The record's own period: the larger of the two, its count carried up to the mark.
            expect(usedIn(out, mine.periodKey)).toBeGreaterThanOrEqual(
              Math.max(usedIn(mine, mine.periodKey) + shift, usedIn(heard, mine.periodKey)),
            );
            expect(out.since).toBe(mine.since);
            expect(out.behind ?? 0).toBe(Math.max(mine.behind ?? 0, heard.behind ?? 0));
            expect(Object.keys(out.kinds ?? {})).toEqual(Object.keys(mine.kinds ?? {}));
          } else expect(out).toEqual(heard);
          // Taken twice: nothing more.
          const again = merged(out, heard, now, GAP);
          for (const key of KEYS) expect(usedIn(again, key)).toBe(usedIn(out, key));
        },
      ),
    );
  });

  it('garbage heard is no record: the machine keeps its count', () => {
    fc.assert(
      fc.property(fc.anything(), (garbage) => {
        const r = playClockRecordOf(garbage);
        if (r === null) return;
        for (const k of KINDS) expect(r.kinds?.[k]?.usedMs ?? 0).toBeGreaterThanOrEqual(0);
      }),
    );
    const store = createMemoryPlayClock();
    let now = Date.UTC(2030, 0, 1, 15);
    const actor = createActor(playTimeMachine, {
      input: { limit: { amount: 1, period: 'daily', active: true }, store, now: () => now },
    }).start();
    now += 10_000;
    actor.send({ type: 'BEAT' });
    const before = selectPlayTime(actor.getSnapshot())!.usedMs;
    for (const record of [null, 'x', { usedMs: 'x' }, { periodKey: 'daily:2030-01-01', usedMs: -1 }, [1]])
      actor.send({ type: 'BEAT', record });
    expect(selectPlayTime(actor.getSnapshot())!.usedMs).toBe(before);
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('a heard count over the limit bars at once (the alert told), in the store at the next own beat', () => {
    const store = createMemoryPlayClock();
    const now = Date.UTC(2030, 0, 1, 15);
    const actor = createActor(playTimeMachine, {
      input: { limit: { amount: 1, period: 'daily', active: true }, store, now: () => now },
    });
    const told: string[] = [];
    actor.on('*', (e) => told.push(e.type));
    actor.start();
    const key = actor.getSnapshot().context.own!.periodKey;
    actor.send({ type: 'BEAT', record: { periodKey: key, usedMs: 90_000, lastBeat: now - 5_000 } });
    expect(selectPlayTime(actor.getSnapshot())).toMatchObject({ usedMs: 90_000, reached: true });
    expect(told).toEqual(['timeLimitWarning', 'timeLimitReached']);
    // Taken in memory (a flood of heard records writes nothing, REVIEW-AB AB-3); written at this
    // tab's own beat.
    expect(usedIn(store.read(), key)).toBe(0);
    actor.send({ type: 'BEAT' });
    expect(usedIn(store.read(), key)).toBe(90_000);
    // A lower one later lowers nothing.
    actor.send({ type: 'BEAT', record: { periodKey: key, usedMs: 1_000, lastBeat: now } });
    expect(selectPlayTime(actor.getSnapshot())?.usedMs).toBe(90_000);
  });
});
