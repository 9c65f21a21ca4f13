import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { profileFlow, profileOf } from '../../machines/session/profile';
import { freeUserInfo } from '../support/free-user-info';

// Review 7, H2 (t11-utc-naive, t11b-utc-naive-exclusion): after the server accepted a pause or a
// self-exclusion (the request starts it NOW), a read whose restriction starts in the future (an API
// that writes naive UTC, which the contract reads as São Paulo: 3 hours ahead) counted as showing
// it: the bar was lifted and the player, with the restriction only pending, was free to bet for
// hours. Now the bar holds until a read shows the restriction IN FORCE at the read's server time.
// Property: whatever the reads answer (the restriction starting when it was sent or up to 6 hours
// ahead, written naive UTC, naive São Paulo or ISO, or not shown yet by a lagging replica) and
// however time passes, the flow never shows `canBet: true` while the restriction lasts.

const S = 1000;
const H = 3_600_000;
const D = 24 * H;
const T0 = Date.parse('2026-11-23T12:00:00Z');

const naiveUtc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const naiveSp = (ms: number) => naiveUtc(ms - 3 * H);
const iso = (ms: number) => new Date(ms).toISOString();

type Kind = 'pause' | 'selfExclusion';
/** One read's answer: the restriction starting `ahead` ms after the read, written `as`, or not there yet. */
type Answer = { shown: false } | { shown: true; ahead: number; as: 'utc' | 'sp' | 'iso' };

const answer: fc.Arbitrary<Answer> = fc.oneof(
  fc.constant<Answer>({ shown: false }),
  fc.record({
    shown: fc.constant(true as const),
    ahead: fc.oneof(fc.constant(3 * H), fc.integer({ min: 2 * S, max: 6 * H })),
    as: fc.constantFrom('utc' as const, 'sp' as const, 'iso' as const),
  }),
);

function infoOf(kind: Kind, start: number, as: 'utc' | 'sp' | 'iso'): Record<string, unknown> {
  const write = as === 'utc' ? naiveUtc : as === 'sp' ? naiveSp : iso;
  const base = freeUserInfo();
  return kind === 'pause'
    ? { ...base, user_pause: 3, user_pause_at: write(start), user_pause_in: write(start + 3 * D) }
    : { ...base, user_exclusion: 3, user_exclusion_at: write(start), user_exclusion_in: null };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('an accepted restriction is shown only IN FORCE (review 7, H2)', () => {
  it.each(['pause', 'selfExclusion'] as const)(
    '%s: never free to bet while it lasts, whatever the reads say',
    async (kind) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(answer, { minLength: 1, maxLength: 6 }),
          fc.array(fc.integer({ min: 1, max: 40 * 60 * S }), { minLength: 1, maxLength: 20 }),
          async (answers, steps) => {
            const clock = new SimulatedClock();
            clock.set(T0);
            let calls = 0;
            let sent = false;
            const auth = {
              getUserProfile: async () => {
                const a = sent ? (answers[calls++ % answers.length] as Answer) : ({ shown: false } as const);
                // The restriction starts when it was sent (T0), as seen by this read `ahead` of it.
                const userInfo = a.shown
                  ? infoOf(kind, Math.max(T0, clock.now() - 1 * S) + a.ahead, a.as)
                  : freeUserInfo();
                return { user: { id: 1, cancelled_account: false }, userInfo } as never;
              },
            };
            const flow = createActor(profileFlow, {
              clock,
              input: {
                services: { auth, serverNow: () => clock.now(), random: () => 0.5 },
                owner: { userId: 1, sid: 1 },
              },
            }).start();
            await flush();
            expect(profileOf(flow.getSnapshot()).restrictions.canBet).toBe(true);
            sent = true;
            flow.send({ type: 'CHECK', restricts: kind, at: T0 });
            await flush();
            for (const ms of steps) {
              expect(profileOf(flow.getSnapshot()).restrictions.canBet).toBe(false);
              clock.increment(ms);
              await flush();
            }
            expect(profileOf(flow.getSnapshot()).restrictions.canBet).toBe(false);
            flow.stop();
          },
        ),
        { numRuns: 60 },
      );
    },
  );
});
