import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createClock } from '../../machines/clock';
import { profileFlow, profileOf } from '../../machines/session/profile';
import { answeredUserInfo } from '../support/answered-user-info';

// Review 5 D3 (fail open), the rule over generated cases: a player restricted at the true time
// (a pause or self-exclusion with dates, in force then) is never free to bet, whatever the device
// clock's offset (ahead or behind, no jump while the page runs) and whether or not an answer ever
// had a readable `Date`. And the other side of the rule: with no dated restriction at all, an API
// that hides `Date` does not bar the player. The flow runs on the real one clock (`createClock`)
// over a device wall clock `offset` off the true time; the read teaches it (`learn`, as the
// adapter's `onServerDate` does) only when the answer has a `Date`.

const S = 1_000;
const H = 3_600_000;
const DAY = 24 * H;
const T0 = Date.UTC(2026, 10, 24, 15);
/** Clear of the restriction's edges by more than the clock's bound (2 s) plus the steps' reach. */
const EDGE = 10 * S;

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

const offset = fc.oneof(
  fc.integer({ min: -60 * DAY, max: 60 * DAY }),
  fc.constantFrom(0, 6 * DAY, -6 * DAY, 3 * S, -3 * S, H, -H),
);

const dated = fc.record({
  kind: fc.constantFrom('user_pause' as const, 'user_exclusion' as const),
  from: fc.integer({ min: -60 * DAY, max: 60 * DAY }), // its start from the true time
  length: fc.integer({ min: S, max: 90 * DAY }),
});

const iso = (ms: number) => new Date(ms).toISOString();

/** The flow on the one clock, its device wall `offset` off the true (simulated) time. */
function start(userInfo: Record<string, unknown>, off: number, withDate: boolean) {
  const sim = new SimulatedClock();
  sim.set(T0);
  const clock = createClock({ wall: () => sim.now() + off, monotonic: () => sim.now() });
  const auth = {
    getUserProfile: async () => {
      if (withDate) clock.learn(Math.floor(sim.now() / S) * S);
      return { user: { id: 1, cancelled_account: false }, userInfo } as never;
    },
  };
  const flow = createActor(profileFlow, {
    clock: sim,
    input: {
      services: { auth, serverNow: clock.serverNow, random: () => 0.5, clock },
      owner: { userId: 1, sid: 1 },
    },
  }).start();
  return { sim, flow };
}

describe('no server time learned: the restrictions at the true time (property)', () => {
  it('a restricted player is never free to bet, whatever the device clock and whether a Date was read', async () => {
    await fc.assert(
      fc.asyncProperty(
        offset,
        dated,
        fc.boolean(),
        fc.array(fc.integer({ min: S, max: 2 * DAY }), { maxLength: 4 }),
        async (off, r, withDate, steps) => {
          const since = T0 + r.from;
          const until = since + r.length;
          const userInfo = answeredUserInfo({
            [r.kind]: r.kind === 'user_pause' ? 7 : 6,
            [`${r.kind}_at`]: iso(since),
            [`${r.kind}_in`]: iso(until),
          });
          const { sim, flow } = start(userInfo, off, withDate);
          try {
            const check = () => {
              const t = sim.now();
              const inForce = since + EDGE <= t && t + EDGE < until;
              const v = profileOf(flow.getSnapshot()).restrictions;
              expect(inForce && v.canBet, `true ${iso(t)}, restriction ${iso(since)}..${iso(until)}`).toBe(
                false,
              );
            };
            await flush();
            check();
            for (const ms of steps) {
              sim.increment(ms);
              flow.send({ type: 'WAKE' });
              await flush();
              check();
            }
          } finally {
            flow.stop();
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with no dated restriction, a hidden Date does not bar the player (current, free to bet)', async () => {
    await fc.assert(
      fc.asyncProperty(offset, async (off) => {
        const { flow } = start(answeredUserInfo(), off, false);
        try {
          await flush();
          expect(profileOf(flow.getSnapshot()).restrictions).toMatchObject({
            status: 'current',
            canBet: true,
          });
        } finally {
          flow.stop();
        }
      }),
      { numRuns: 50 },
    );
  });
});
