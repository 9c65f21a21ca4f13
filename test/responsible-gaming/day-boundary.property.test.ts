import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { brazilDayOf } from '../../machines/clock';
import { profileOf, untilNextBrazilDay } from '../../machines/session/profile';
import { DEFAULT_STAMP_BOUND_MS } from '../../machines/session/profile-services';
import { brazilTimeToEpoch, playPeriodOf } from '../../src/responsible-gaming/time';
import { answeredUserInfo } from '../support/answered-user-info';
import { oneReadProfileFlow } from '../support/one-read-profile-flow';

// REVIEW-L 4: a São Paulo day is the half-open `[midnight, next midnight)` (`playPeriodOf`), but the
// profile flow's re-check was armed for one second PAST the next midnight (and never sooner than
// 1 s): for that second yesterday's read still showed `current` (free to bet) on a new day. The
// rule stated plainly: the day of an instant is the São Paulo calendar day holding it; the re-check
// comes at the first instant of the next day, never later; a read of an earlier day is never
// `current`.

/** A São Paulo midnight from 2000 to 2035 (the old daylight-saving years too). */
const midnight = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
  .map((d) => brazilTimeToEpoch(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()));
/** Milliseconds around a boundary: mostly within a few seconds of it, sometimes a day. */
const near = fc.oneof(
  fc.integer({ min: -3_000, max: 3_000 }),
  fc.integer({ min: -86_400_000, max: 86_400_000 }),
);

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('the São Paulo day boundary, one rule: [midnight, next midnight)', () => {
  it('property: the day holds its instants; the re-check comes at the first instant of the next day', () => {
    fc.assert(
      fc.property(midnight, near, (m, d) => {
        const t = m + d;
        const day = playPeriodOf('daily', t);
        expect(day.start <= t && t < day.end).toBe(true);
        expect(brazilDayOf(day.start)).toBe(brazilDayOf(t));
        expect(brazilDayOf(day.end - 1)).toBe(brazilDayOf(t));
        expect(brazilDayOf(day.end)).not.toBe(brazilDayOf(t));
        const wait = untilNextBrazilDay(t);
        expect(wait).toBeGreaterThan(0);
        expect(brazilDayOf(t + wait - 1)).toBe(brazilDayOf(t));
        expect(brazilDayOf(t + wait)).not.toBe(brazilDayOf(t));
      }),
      { numRuns: 3000 },
    );
  });

  it('property: a read of an earlier São Paulo day is never current, from the first instant of the new one', async () => {
    await fc.assert(
      fc.asyncProperty(
        midnight.filter((m) => m > Date.UTC(2020, 0, 1)),
        fc.integer({ min: 1, max: 10_800_000 }),
        fc.array(fc.integer({ min: 0, max: 3_000 }), { minLength: 1, maxLength: 4 }),
        async (m, before, steps) => {
          const sim = new SimulatedClock();
          sim.set(m - before);
          // The first read answers; the re-check never does (what shows is what the flow derives).
          const { flow, reads } = oneReadProfileFlow(sim, answeredUserInfo());
          try {
            await flush();
            expect(profileOf(flow.getSnapshot()).restrictions).toMatchObject({
              status: 'current',
              canBet: true,
            });
            // To the midnight, then a few steps on (some of 0 ms: at the very instant).
            sim.increment(before);
            for (const ms of [0, ...steps]) {
              sim.increment(ms);
              await flush();
              const r = profileOf(flow.getSnapshot()).restrictions;
              expect(r.status, `${sim.now() - m} ms after midnight`).not.toBe('current');
              expect(r.canBet).toBe(false);
              // The re-check goes out at midnight + the clock's bound (REVIEW-Q 5: surely in the
              // server's new day), not before.
              expect(reads()).toBe(sim.now() - m >= DEFAULT_STAMP_BOUND_MS ? 2 : 1);
            }
            const late = m + DEFAULT_STAMP_BOUND_MS - sim.now();
            if (late > 0) sim.increment(late);
            await flush();
            expect(reads()).toBe(2);
          } finally {
            flow.stop();
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
