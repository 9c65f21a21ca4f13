import fc from 'fast-check';
import { playTimeMachine, selectPlayTime } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { createMemoryPlayClock } from '../../machines/play-time/stores';

const S = 1000;
type Step =
  | { kind: 'advance'; ms: number }
  | { kind: 'sleep'; ms: number }
  | { kind: 'open' }
  | { kind: 'close' };

// Random tabs opening and closing, time passing and the device sleeping: the shared clock never
// counts more than the time that passed awake, never counts a sleep, never goes backwards, and
// every tab shows the same time used within one heartbeat.
describe('playTimeMachine (property)', () => {
  it('counts at most the awake time, once, whatever the tabs do', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 1, max: 40 * S }) }),
            fc.record({
              kind: fc.constant('sleep' as const),
              ms: fc.integer({ min: 31 * S, max: 5 * 3_600_000 }),
            }),
            fc.constant({ kind: 'open' as const }),
            fc.constant({ kind: 'close' as const }),
          ),
          { maxLength: 40 },
        ),
        (steps: Step[]) => {
          const clock = new SimulatedClock();
          clock.set(Date.parse('2026-11-10T15:00:00Z'));
          const store = createMemoryPlayClock();
          const open = () =>
            createActor(playTimeMachine, {
              clock,
              input: {
                limit: { amount: 100_000, period: 'monthly', active: true },
                store,
                now: () => clock.now(),
              },
            }).start();
          const tabs: Actor<typeof playTimeMachine>[] = [open()];
          let awake = 0;
          let last = 0;
          for (const step of steps) {
            if (step.kind === 'open') tabs.push(open());
            else if (step.kind === 'close') tabs.shift()?.stop();
            else if (step.kind === 'sleep') clock.increment(step.ms);
            else {
              for (let t = 0; t < step.ms; t += S) clock.increment(Math.min(S, step.ms - t));
              awake += step.ms;
            }
            const used = store.read()?.usedMs ?? 0;
            expect(used).toBeLessThanOrEqual(awake);
            expect(used).toBeGreaterThanOrEqual(last);
            last = used;
            for (const tab of tabs) {
              const shown = selectPlayTime(tab.getSnapshot())?.usedMs ?? 0;
              expect(shown).toBeLessThanOrEqual(used);
              expect(used - shown).toBeLessThanOrEqual(15 * S + 40 * S);
            }
          }
          for (const tab of tabs) tab.stop();
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);
});
