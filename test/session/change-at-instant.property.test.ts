import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { profileOf } from '../../machines/session/profile';
import { START_SLACK_MS } from '../../machines/session/profile-rules';
import { answeredUserInfo } from '../support/answered-user-info';
import { oneReadProfileFlow } from '../support/one-read-profile-flow';

// The profile flow re-derives its restrictions when they change without a read (`nextChangeAt`):
// a pending pause comes into force START_SLACK_MS before its start. It waited 1 ms past that
// instant (`next - now + 1`), so at the very instant the player still showed free to bet (found in
// the review of the day-boundary fix, the same off-by-one as the São Paulo midnight's). Generated
// starts, and steps that land on the instant itself.

const H = 3_600_000;
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
const iso = (ms: number) => new Date(ms).toISOString();

describe('a pending restriction is in force from the first instant of its slack', () => {
  it('property: at since - 18 h exactly, canBet is false', async () => {
    await fc.assert(
      fc.asyncProperty(
        // From 06:00 to 16:00 in São Paulo (09:00 UTC on), so the wait never crosses its midnight
        // (whose daily re-check would make the read stale on its own).
        fc.integer({ min: 0, max: 3650 }),
        fc.integer({ min: 0, max: 10 * H }),
        fc.integer({ min: 1, max: 6 * H }), // how long until it comes into force
        async (day, offset, until) => {
          const t0 = Date.UTC(2024, 0, 1, 9) + day * 24 * H + offset;
          const start = t0 + until + START_SLACK_MS;
          const sim = new SimulatedClock();
          sim.set(t0);
          const userInfo = answeredUserInfo({
            user_pause: 7,
            user_pause_at: iso(start),
            user_pause_in: iso(start + 7 * 24 * H),
          });
          const { flow } = oneReadProfileFlow(sim, userInfo);
          try {
            await flush();
            const before = profileOf(flow.getSnapshot()).restrictions;
            expect(before.pending.map((r) => r.kind)).toEqual(['pause']);
            if (until > 1) {
              sim.increment(until - 1);
              await flush();
            }
            expect(profileOf(flow.getSnapshot()).restrictions.canBet).toBe(true);
            sim.increment(until > 1 ? 1 : until); // the instant itself
            await flush();
            const r = profileOf(flow.getSnapshot()).restrictions;
            expect(r.canBet, `at ${sim.now() - (start - START_SLACK_MS)} ms from the instant`).toBe(false);
            expect(r.inForce.map((x) => x.kind)).toEqual(['pause']);
          } finally {
            flow.stop();
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
