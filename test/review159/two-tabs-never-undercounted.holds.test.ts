// Review 159 (3): two tabs (two playTimeMachine actors on one timer clock and one shared store)
// open and closed in any order, another tab's stale record heard late: the time shown in an open
// tab is never less than the time at least one tab was open (less one beat per time the last tab
// closed, and the tab's own beat lag), and never lowered in a day.
import fc from 'fast-check';
import {
  createLocalStoragePlayClock,
  type PlayClockRecord,
  playTimeMachine,
  selectPlayTime,
} from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';

const S = 1000;
const BEAT = 15 * S;
const T0 = Date.parse('2026-11-23T15:00:00Z'); // Monday, 12:00 in São Paulo

type Step =
  | { kind: 'play'; ms: number }
  | { kind: 'toggle'; tab: 0 | 1 }
  | { kind: 'stale'; tab: 0 | 1 }
  | { kind: 'beat'; tab: 0 | 1 };
const tab = fc.constantFrom(0 as const, 1 as const);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('play' as const), ms: fc.integer({ min: 1, max: 50 * S }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('toggle' as const), tab }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('stale' as const), tab }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('beat' as const), tab }) },
);

describe('review 159: two tabs count play time (property)', () => {
  it('never under-counts the time a tab was open, and a stale record or a close never lowers it', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const clock = new SimulatedClock();
        clock.set(T0);
        const data = new Map<string, string>();
        const storage = {
          getItem: (k: string) => data.get(k) ?? null,
          setItem: (k: string, v: string) => void data.set(k, v),
        };
        const open = (): Actor<typeof playTimeMachine> =>
          createActor(playTimeMachine, {
            clock,
            input: {
              limit: { amount: 600, period: 'daily', active: true },
              store: createLocalStoragePlayClock('pt:7', storage),
              now: () => clock.now(),
              beatMs: BEAT,
            },
          }).start();
        const tabs: (Actor<typeof playTimeMachine> | null)[] = [open(), null];
        const records: PlayClockRecord[] = [];
        let played = 0;
        let lost = 0; // one beat's worth per time the last open tab closed
        const best = [0, 0];
        try {
          for (const s of steps) {
            if (s.kind === 'play') {
              const any = tabs.some(Boolean);
              for (let t = 0; t < s.ms; t += S) clock.increment(Math.min(S, s.ms - t));
              if (any) played += s.ms;
            } else if (s.kind === 'toggle') {
              const a = tabs[s.tab];
              if (a) {
                a.stop();
                tabs[s.tab] = null;
                best[s.tab] = 0;
                if (!tabs.some(Boolean)) lost += BEAT;
              } else {
                if (!tabs.some(Boolean)) lost += 2 * BEAT; // nothing counted while closed: a gap
                tabs[s.tab] = open();
              }
            } else if (s.kind === 'stale') {
              const r = records[Math.floor(records.length / 3)];
              if (r) tabs[s.tab]?.send({ type: 'BEAT', record: r });
            } else tabs[s.tab]?.send({ type: 'BEAT' });
            const raw = data.get('pt:7');
            if (raw) records.push(JSON.parse(raw));
            for (const [i, a] of tabs.entries()) {
              if (!a) continue;
              expect(a.getSnapshot().status).toBe('active');
              const p = selectPlayTime(a.getSnapshot())!;
              if (p.known === false) continue;
              expect(p.usedMs).toBeGreaterThanOrEqual(best[i]!);
              best[i] = p.usedMs;
              // The shown count lags this tab's last beat (at most a beat), and the time after the
              // last tab closed, up to a beat, is lost.
              expect(p.usedMs).toBeGreaterThanOrEqual(played - lost - BEAT - S);
            }
          }
        } finally {
          for (const a of tabs) a?.stop();
        }
      }),
      { numRuns: 120 },
    );
  });
});
