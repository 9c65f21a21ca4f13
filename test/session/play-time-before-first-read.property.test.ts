import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { H, logIn, MIN, S, T0, useWorld } from '../support/world';

// Review X-2, the class: whatever the first profile read does (slow, or a 500 then an answer after
// a while) and whenever the player signs in (minutes before a São Paulo midnight, or after it),
// once the time limit is known the day's count holds every second signed in that São Paulo day
// (less the clock's bound: a beat every 15 s, and the step this test looks in), and the
// `timeLimit` seed account (1 minute a day) is barred once over it. Never more than that: the
// limit arriving while the clock counts counts nothing twice.

const world = useWorld();
/** São Paulo midnight after T0 (2029-12-31 21:00 there): 03:00 UTC. */
const MIDNIGHT = T0 + 6 * H;
const STEP = 2 * S;
const BOUND = 15 * S + STEP;

const firstRead = fc.oneof(
  fc.record({ fail: fc.constant(false), ms: fc.integer({ min: 0, max: 40 * MIN }) }),
  fc.record({
    fail: fc.constant(true),
    ms: fc.integer({ min: 0, max: 20 * MIN }),
    retryMs: fc.integer({ min: 0, max: 20 * MIN }),
  }),
);

describe('play time before the first read: counted once the limit is known (property)', () => {
  it('usedMs holds the day signed in; canBet false once over', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -40 * MIN, max: 10 * MIN }),
        firstRead,
        fc.integer({ min: 0, max: 5 * MIN }),
        async (signInAt, read, lookFor) => {
          world.renew();
          world.closeAll();
          world.server.reset();
          world.jump(MIDNIGHT + signInAt - T0);
          if (read.fail) {
            world.delayAnswers({ path: '/auth/user-profile', ms: read.retryMs, times: 1 });
            world.server.faults.add({ path: '/auth/user-profile', status: 500, times: 1 });
          }
          world.delayAnswers({ path: '/auth/user-profile', ms: read.ms, times: 1 });
          const tab = world.open({ channel: false, retry: 0 });
          await logIn(world, tab, 'timeLimit');
          const since = world.now();
          const until = since + read.ms + ('retryMs' in read ? read.retryMs : 0) + 10 * S + lookFor;
          let looked = 0;
          while (world.now() < until) {
            await world.advance(STEP, STEP);
            const { restrictions: r, playTime } = tab.client.view;
            if (r?.status !== 'current') continue;
            looked++;
            const today = world.now() - Math.max(since, world.now() >= MIDNIGHT ? MIDNIGHT : since);
            expect(playTime?.usedMs).toBeGreaterThanOrEqual(today - BOUND);
            // Counted once: a limit arriving while the clock counts adds nothing twice. (Never more
            // than the time signed in: a clock not yet trusted counts a beat near midnight in both
            // days, fail closed, docs/time.md.)
            expect(playTime?.usedMs).toBeLessThanOrEqual(world.now() - since);
            if (today >= MIN + BOUND) expect(r).toMatchObject({ canBet: false, timeLimitReached: true });
          }
          expect(looked).toBeGreaterThan(0);
        },
      ),
      { numRuns: 20, seed: Number(process.env.FC_SEED) || undefined },
    );
  }, 300_000);
});
