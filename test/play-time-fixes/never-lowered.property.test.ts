import fc from 'fast-check';
import {
  createLocalStoragePlayClock,
  type PlayClockStore,
  playTimeMachine,
  selectPlayTime,
} from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';

// Review 94: whatever the store hands back (a lower count for the period counted in, a record of
// another day, a count of NaN, garbage, nothing), and whatever another tab tells, a tab never shows
// less time used in a period than it showed before, and a tab past the limit stays past it for
// that period (fail closed). Time passes in steps, the device sleeps, beats come early.

const S = 1000;
const MIN = 60 * S;
const T0 = Date.parse('2026-11-23T15:00:00Z'); // Monday, 12:00 in São Paulo
const KEY = 'pam-client.play-time:7';
const DAYS = ['daily:2026-11-22', 'daily:2026-11-23', 'daily:2026-11-24', 'daily:2026-11-25'];

// A record as a store may hold it: lower (or any) counts, of this day or another, marks anywhere
// near now or none, a NaN or negative count, another kind's counts.
const count = fc.record({
  periodKey: fc.constantFrom(...DAYS, 'weekly:2026-11-23', 'monthly:2026-11', 'x'),
  usedMs: fc.oneof(
    fc.integer({ min: 0, max: 5 * MIN }),
    fc.constantFrom(Number.NaN, -1, Number.POSITIVE_INFINITY),
  ),
});
const record = fc.record(
  {
    periodKey: fc.constantFrom(...DAYS),
    usedMs: fc.oneof(fc.integer({ min: 0, max: 3 * MIN }), fc.constantFrom(Number.NaN, -5)),
    lastBeat: fc.option(fc.integer({ min: -60 * S, max: 60 * S }), { nil: null }), // from now
    other: fc.option(count, { nil: undefined }),
    since: fc.option(fc.integer({ min: -60 * S, max: 60 * S }), { nil: undefined }),
    behind: fc.option(fc.integer({ min: 1, max: 3_600_000 }), { nil: undefined }),
    kinds: fc.option(fc.record({ daily: count, weekly: count }, { requiredKeys: [] }), { nil: undefined }),
  },
  { requiredKeys: ['periodKey', 'usedMs'] },
);
const stored = fc.oneof(
  { weight: 4, arbitrary: record.map((r) => ({ record: r })) },
  { weight: 1, arbitrary: fc.oneof(fc.constant(null), fc.string(), fc.json()).map((raw) => ({ raw })) },
);

type Step =
  | { kind: 'play'; ms: number }
  | { kind: 'sleep'; ms: number }
  | { kind: 'store'; value: { record?: Record<string, unknown>; raw?: unknown } }
  | { kind: 'beat' }
  | { kind: 'heard'; record: Record<string, unknown> };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('play' as const), ms: fc.integer({ min: 1, max: 40 * S }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('sleep' as const),
      ms: fc.integer({ min: 31 * S, max: 13 * 3_600_000 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('store' as const), value: stored }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'beat' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('heard' as const), record }) },
);

/** A record with its marks (`lastBeat`, `since`: offsets from now) placed at `now`. */
const at = (r: Record<string, unknown>, now: number) => ({
  ...r,
  ...(typeof r.lastBeat === 'number' && { lastBeat: now + r.lastBeat }),
  ...(typeof r.since === 'number' && { since: now + r.since }),
});

describe('a play clock store that holds less than the tab counted (property)', () => {
  it('never lowers the time shown in a period, and a limit reached stays reached', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(step, { minLength: 1, maxLength: 40 }), (local, steps) => {
        const clock = new SimulatedClock();
        clock.set(T0);
        // A custom store hands back whatever it holds, unchecked; localStorage holds strings.
        const data = new Map<string, string>();
        let raw: unknown = null;
        const store: PlayClockStore = local
          ? createLocalStoragePlayClock(KEY, {
              getItem: (k) => data.get(k) ?? null,
              setItem: (k, v) => void data.set(k, v),
            })
          : {
              read: () => raw as never,
              write: (r) => {
                raw = r;
              },
            };
        const put = (value: unknown) => {
          if (!local) raw = value;
          else data.set(KEY, typeof value === 'string' ? value : JSON.stringify(value));
        };
        const actor = createActor(playTimeMachine, {
          clock,
          input: { limit: { amount: 2, period: 'daily', active: true }, store, now: () => clock.now() },
        }).start();
        // What this tab showed in each period: the most time used, and whether the limit was reached.
        const seen = new Map<string, { usedMs: number; reached: boolean }>();
        try {
          for (const s of steps) {
            if (s.kind === 'play') for (let t = 0; t < s.ms; t += S) clock.increment(Math.min(S, s.ms - t));
            else if (s.kind === 'sleep') clock.increment(s.ms);
            else if (s.kind === 'store') put(s.value.record ? at(s.value.record, clock.now()) : s.value.raw);
            else if (s.kind === 'beat') actor.send({ type: 'BEAT' });
            else actor.send({ type: 'BEAT', record: at(s.record, clock.now()) });
            const snapshot = actor.getSnapshot();
            expect(snapshot.status).toBe('active');
            const p = selectPlayTime(snapshot)!;
            const key = snapshot.context.own?.periodKey;
            if (!key) continue;
            expect(Number.isFinite(p.usedMs)).toBe(true);
            // A beat whose period the server's time may still place in the one before (`alt`: a
            // record said the server may be `behind`, within that long of São Paulo's midnight)
            // shows the day before's count (over-counted, fail closed) under the new day's key:
            // that window belongs to neither day (CI's seed 576217088).
            const own = snapshot.context.own as { alt?: string } | undefined;
            if (own?.alt !== undefined && own.alt !== key) continue;
            const before = seen.get(key);
            if (before) {
              expect(p.usedMs).toBeGreaterThanOrEqual(before.usedMs);
              if (before.reached) expect(p.reached).toBe(true);
            }
            seen.set(key, { usedMs: p.usedMs, reached: p.reached || !!before?.reached });
          }
        } finally {
          actor.stop();
        }
      }),
      {
        numRuns: 150,
        // (CI's seed 576217088: a reload a second before São Paulo's midnight, a store record 1 ms
        // behind; the view showed the day before's count under the new day's key, then the new day's.)
        examples: [
          [
            false,
            [
              { kind: 'sleep', ms: 43169717 },
              { kind: 'store', value: { record: { periodKey: 'daily:2026-11-22', usedMs: 0, behind: 1 } } },
              { kind: 'play', ms: 283 },
              { kind: 'play', ms: 30000 },
              { kind: 'play', ms: 1 },
              { kind: 'beat' },
            ],
          ],
        ],
      },
    );
  });
});
