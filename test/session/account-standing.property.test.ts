import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { internal } from '../../machines/session/events';
import { type ProfileHolder, profileFlow, profileOf, profileUpdateOf } from '../../machines/session/profile';

// Property (review D4, D5, L1; fail closed): whatever profiles the reads answer and other tabs
// send, whatever the account's standing (`cancelled_account` true, false, absent, null), the
// exclusion flags (absent, null, 0, 1, '0', …) and the id the answer names (absent, null, the
// player, another, the player's as a string), neither the profile flow nor the session view it
// feeds shows canBet true unless the latest read of this player succeeded with the standing open,
// every exclusion flag answered (not null) and the answer naming this player. Another tab's data
// may only tighten. The service is a scripted stand-in on a simulated clock.

const PLAYER = 7;
const ABSENT = Symbol('absent');
type Maybe = unknown;

const flagValue = fc.constantFrom<Maybe>(ABSENT, null, 0, 1, '0', '1', false, 'yes');
const standing = fc.constantFrom<Maybe>(ABSENT, true, false, null);
const id = fc.constantFrom<Maybe>(ABSENT, null, PLAYER, PLAYER + 1, String(PLAYER));
const FLAGS = ['spa_exclusion', 'operator_exclusion', 'user_exclusion'] as const;

interface Profile {
  user: Record<string, unknown>;
  userInfo: Record<string, unknown>;
}
const withoutAbsent = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== ABSENT));

const profile: fc.Arbitrary<Profile> = fc
  .record({
    id,
    cancelled: standing,
    spa: flagValue,
    operator: flagValue,
    self: flagValue,
  })
  .map(({ id, cancelled, spa, operator, self }) => ({
    user: withoutAbsent({ id, email: 'p@example.com', cancelled_account: cancelled }),
    userInfo: withoutAbsent({ spa_exclusion: spa, operator_exclusion: operator, user_exclusion: self }),
  }));

/** The oracle: an answer that may show the player free to bet (nothing in force, by construction). */
const good = (p: Profile) =>
  p.user.cancelled_account === false &&
  FLAGS.every((k) => p.userInfo[k] === 0 || p.userInfo[k] === '0' || p.userInfo[k] === false) &&
  (p.user.id === PLAYER || p.user.id === String(PLAYER));

type Step =
  | { kind: 'check' }
  | { kind: 'remote'; p: Profile; withUser: boolean }
  | { kind: 'advance'; ms: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ kind: 'check' }),
  fc.record({ kind: fc.constant('remote' as const), p: profile, withUser: fc.boolean() }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 1, max: 120_000 }) }),
);

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('account standing, exclusion flags and the player named (property)', () => {
  it('canBet true only after a read of this player: standing open, every flag answered, named', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(profile, { minLength: 1, maxLength: 6 }),
        fc.array(step, { maxLength: 20 }),
        async (answers, steps) => {
          const clock = new SimulatedClock();
          clock.set(Date.parse('2026-11-23T15:00:00Z'));
          let calls = 0;
          let last: Profile | null = null;
          const auth = {
            getUserProfile: async () => {
              last = answers[calls++ % answers.length] as Profile;
              return structuredClone(last) as never;
            },
          };
          const owner = { userId: PLAYER, sid: 3 };
          const flow = createActor(profileFlow, {
            clock,
            input: { services: { auth, serverNow: () => clock.now(), random: () => 0.5 }, owner },
          }).start();
          // The session's side: what it holds, updated with each datum it takes.
          let held: ProfileHolder = { ...owner, userInfo: null, userInfoAt: null, restrictions: null };
          const check = () => {
            const datum = profileOf(flow.getSnapshot());
            const update = profileUpdateOf(held, datum);
            if (update) held = { ...held, ...update };
            const ok = last !== null && good(last);
            // A datum the flow shows as free to bet is this player's, open, every flag answered.
            expect(datum.restrictions.canBet && !ok).toBe(false);
            expect(held.restrictions?.canBet === true && !ok).toBe(false);
          };
          await flush();
          check();
          for (const s of steps) {
            if (s.kind === 'check') flow.send({ type: 'CHECK' });
            else if (s.kind === 'advance') clock.increment(s.ms);
            else
              flow.send(
                internal({
                  type: 'PROFILE' as const,
                  owner,
                  user: s.withUser ? (structuredClone(s.p.user) as never) : null,
                  userInfo: structuredClone(s.p.userInfo),
                  at: clock.now(),
                  source: 'remote' as const,
                }),
              );
            await flush();
            check();
          }
          flow.stop();
        },
      ),
      { numRuns: 300 },
    );
  });
});
