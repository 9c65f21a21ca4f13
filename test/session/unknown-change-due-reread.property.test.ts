import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { profileOf } from '../../machines/session/profile';
import { answeredUserInfo } from '../support/answered-user-info';
import { oneReadProfileFlow } from '../support/one-read-profile-flow';

// REVIEW29B: a pending limit change whose values are unknown (a bare timestamp) is held until the
// latest instant it may mean (+10 h), the old limit shown; due, the limit is unknown (no betting),
// and the profile flow reads again AT ONCE (before: it waited for the next São Paulo midnight, the
// player barred until then). Generated due times, and steps that land on the instant itself.

const H = 3_600_000;
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
/** The naive São Paulo text of the instant `ms` (UTC-03:00). */
const naiveSaoPaulo = (ms: number) => new Date(ms - 3 * H).toISOString().slice(0, 19).replace('T', ' ');

describe('a limit change of unknown values come due: read again at once (property)', () => {
  it('before the instant the old limit, one read; at it the limit unknown, no betting, a second read started', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3650 }),
        fc.integer({ min: 0, max: 10 * 3600 }),
        fc.integer({ min: 1, max: 4 * 3600 }), // seconds until it comes due
        async (day, offsetS, untilS) => {
          // From 06:00 to 16:00 in São Paulo, due by 20:00: no midnight re-check meanwhile.
          const t0 = Date.UTC(2024, 0, 1, 9) + day * 24 * H + offsetS * 1000;
          const until = untilS * 1000;
          const userInfo = answeredUserInfo({
            user_limit_loss: 100,
            user_limit_loss_active: 1,
            user_limit_loss_period: 'monthly',
            // Held until 10 h after its São Paulo reading: due at t0 + until.
            user_limit_loss_change: naiveSaoPaulo(t0 + until - 10 * H),
          });
          const sim = new SimulatedClock();
          sim.set(t0);
          const { flow, reads } = oneReadProfileFlow(sim, userInfo);
          try {
            await flush();
            sim.increment(until - 1);
            await flush();
            const before = profileOf(flow.getSnapshot()).restrictions;
            expect([before.canBet, before.limits.loss.amount, before.limits.loss.known, reads()]).toEqual([
              true,
              100,
              true,
              1,
            ]);
            sim.increment(1); // the instant itself
            await flush();
            const due = profileOf(flow.getSnapshot()).restrictions;
            expect([due.canBet, due.limits.loss.known, reads()]).toEqual([false, false, 2]);
          } finally {
            flow.stop();
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
