// playTimeMachine on a clock that never learned the server's time (`learned` false: no answer's
// `Date` read yet), over generated device skews (the device clock set wrong before the page opened,
// up to two days either way), play before and after the first `Date`, and a count the player
// already had today. Model: the truth is the simulated time; `serverNow` is it plus the skew until
// learned, then the truth.
// - Until learned, the time shown is never known, never leaves time, never alerts (fail closed),
//   and the shared record is not touched (its period would be the device's).
// - Once learned, within a second the time is known, and it counts at least today's earlier count
//   plus what was played since (the skew's day never replaced today's).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createMemoryPlayClock } from '../../machines/play-time/stores';
import { playTimeMachine, selectPlayTime } from '../../machines/playTimeMachine';
import { playPeriodOf } from '../../src/internal';

const S = 1_000;
const MIN = 60_000;
const HOUR = 3_600_000;
// Monday 2026-11-23, 12:00 in São Paulo: a few hours of play stay in the day.
const T0 = Date.parse('2026-11-23T15:00:00Z');

describe('playTimeMachine: no server time learned (generated skews and play)', () => {
  it('fails closed until learned, and counts today in full once learned', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -48 * HOUR, max: 48 * HOUR }),
        fc.integer({ min: 0, max: 50 * MIN }),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 2, max: 600 }),
        fc.constantFrom(10, 30, 60),
        (skew, before, unlearnedS, learnedS, limitMin) => {
          const sim = new SimulatedClock();
          sim.set(T0);
          let learned = false;
          const store = createMemoryPlayClock({
            periodKey: playPeriodOf('daily', T0).key,
            usedMs: before,
            lastBeat: null,
          });
          const alerts: string[] = [];
          const actor = createActor(playTimeMachine, {
            clock: sim,
            input: {
              limit: { amount: limitMin, period: 'daily', active: true },
              store,
              now: () => sim.now() + (learned ? 0 : skew),
              monotonic: () => sim.now(),
              serverNow: () => sim.now() + (learned ? 0 : skew),
              learned: () => learned,
            },
          });
          actor.on('timeLimitWarning', () => alerts.push('warning'));
          actor.on('timeLimitReached', () => alerts.push('reached'));
          actor.start();
          for (let t = 0; t < unlearnedS; t += 1) {
            sim.increment(S);
            const p = selectPlayTime(actor.getSnapshot());
            expect(p).toMatchObject({ known: false, leftMs: 0, reached: true, warning: true });
          }
          expect(store.read()).toEqual({
            periodKey: playPeriodOf('daily', T0).key,
            usedMs: before,
            lastBeat: null,
          });
          expect(alerts).toEqual([]);
          learned = true;
          const learnedAt = sim.now();
          for (let t = 0; t < learnedS; t += 1) sim.increment(S);
          const p = selectPlayTime(actor.getSnapshot());
          expect(actor.getSnapshot().status).toBe('active');
          expect(p?.known).toBeUndefined();
          // Played since learned, less the beat that was still on its way (≤ 1 s after learning,
          // then every beat): at least today's count plus that.
          const played = sim.now() - learnedAt;
          expect(p!.usedMs).toBeGreaterThanOrEqual(before + played - 16 * S);
          expect(p!.reached).toBe(p!.usedMs >= limitMin * MIN);
          actor.stop();
        },
      ),
      { numRuns: 80 },
    );
  }, 60_000);
});
