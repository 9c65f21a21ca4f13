import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { brazilDayOf } from '../../machines/clock';
import { profileFlow, profileOf } from '../../machines/session/profile';

// Property (issue 23, fail closed): whatever the profile answers (restrictions set or not, fields
// unreadable, failures) and whenever time passes, wake-ups and checks come, the flow's `canBet` is
// true only when the latest read of this login succeeded TODAY (São Paulo day, server time) with
// every restriction field readable and nothing in force. The service is a scripted stand-in here
// (the flow's reads over real sockets are in profile-flow.test.ts).

const HOUR = 3_600_000;
const FLAGS = ['spa_exclusion', 'operator_exclusion', 'user_exclusion'] as const;
type Answer = { ok: true; userInfo: Record<string, unknown> } | { ok: false };

const answer: fc.Arbitrary<Answer> = fc.oneof(
  fc.constant<Answer>({ ok: false }),
  fc
    .record({
      spa_exclusion: fc.constantFrom(0, 1, '1', '0', 'yes', null),
      operator_exclusion: fc.constantFrom(0, '0', null),
      user_pause: fc.constantFrom(0, 3, '7', -2, 'abc', null),
      user_exclusion: fc.constantFrom(0, -1, 6, null),
      user_limit_loss: fc.constantFrom(100, '50.00', null),
      user_limit_loss_active: fc.constantFrom(0, 1, 2, null),
    })
    .map((userInfo): Answer => ({ ok: true, userInfo })),
);

type Step = { kind: 'advance'; ms: number } | { kind: 'wake' } | { kind: 'check' };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 1, max: 30 * HOUR }) }),
  fc.constant<Step>({ kind: 'wake' }),
  fc.constant<Step>({ kind: 'check' }),
);

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('profile flow (property)', () => {
  it('allows betting only after a successful read today with nothing in force and every field readable', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(answer, { minLength: 1, maxLength: 8 }),
        fc.array(step, { maxLength: 25 }),
        async (answers, steps) => {
          const clock = new SimulatedClock();
          clock.set(Date.parse('2026-11-23T12:00:00Z'));
          let calls = 0;
          let last: { ok: boolean; at: number; userInfo: Record<string, unknown> | null } | null = null;
          const auth = {
            getUserProfile: async () => {
              const a = answers[calls++ % answers.length] as Answer;
              last = { ok: a.ok, at: clock.now(), userInfo: a.ok ? a.userInfo : null };
              if (!a.ok) throw new Error('503');
              return { user: { id: 1, cancelled_account: false }, userInfo: a.userInfo } as never;
            },
          };
          const flow = createActor(profileFlow, {
            clock,
            input: {
              services: { auth, serverNow: () => clock.now(), random: () => 0.5 },
              owner: { userId: 1, sid: 1 },
            },
          }).start();
          // canBet exactly when the latest read succeeded, today, readable, every exclusion flag
          // answered (null says nothing: review D5), with nothing in force.
          const check = () => {
            const r = profileOf(flow.getSnapshot()).restrictions;
            const today = last !== null && brazilDayOf(last.at) === brazilDayOf(clock.now());
            const answered = FLAGS.every((k) => last?.userInfo?.[k] != null);
            const current = last?.ok === true && today && answered && r.unreadable.length === 0;
            expect(r.canBet).toBe(current && r.inForce.length === 0);
            expect(r.status === 'current').toBe(current);
          };
          await flush();
          check();
          for (const s of steps) {
            if (s.kind === 'advance') clock.increment(s.ms);
            else if (s.kind === 'wake') flow.send({ type: 'WAKE' });
            else flow.send({ type: 'CHECK' });
            await flush();
            check();
          }
          expect(flow.getSnapshot().status).toBe('active');
          flow.stop();
        },
      ),
      { numRuns: 150 },
    );
  });
});
