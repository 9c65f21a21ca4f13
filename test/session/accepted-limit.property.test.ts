import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { profileFlow, profileOf } from '../../machines/session/profile';
import { freeUserInfo } from '../support/free-user-info';

// a stricter time limit the server ACCEPTED was dropped when the one read after it came from a
// lagging replica (the old profile, no limit): `canBet` true past the new limit, nothing read again
// that day. Now the limits sent are kept as sent for their day (`CHECK` with `limits`, told by the
// client's user module): applied at once, and over any read showing a looser limit of their kinds
// (reading again with back-off until one shows them or stricter).
// Property: whatever the reads answer after the change (the old profile, the new limit, a stricter
// one), in any order, and however time passes (within the day), whenever the flow says `canBet` its
// time limit is the one accepted or stricter: the play time runs against it, so `canBet` is never
// true while the accepted limit is reached.

const S = 1000;
const T0 = Date.parse('2026-11-23T12:00:00Z'); // 09:00 in São Paulo
const SENT = { user_limit_time: 30, user_limit_time_active: 1, user_limit_time_period: 'daily' };

type Answer = 'lagging' | 'applied' | 'stricter' | 'failed';
const infoOf = (a: Answer) =>
  a === 'lagging'
    ? freeUserInfo({ user_limit_time: 120, user_limit_time_active: 1, user_limit_time_period: 'daily' })
    : freeUserInfo(a === 'applied' ? SENT : { ...SENT, user_limit_time: 10 });

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('an accepted stricter limit is kept until a read shows it (R-2)', () => {
  it('canBet only with the accepted time limit or a stricter one, whatever the reads say, in any order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Answer>('lagging', 'applied', 'stricter', 'failed'), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.array(fc.integer({ min: 1, max: 20 * 60 * S }), { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        async (answers, steps, readInFlight) => {
          const clock = new SimulatedClock();
          clock.set(T0);
          let calls = 0;
          let sent = false;
          let hold: (() => void) | null = null;
          const auth = {
            getUserProfile: async () => {
              // A read sent before the change may answer after it (the old profile, then).
              const a: Answer = sent ? answers[calls++ % answers.length]! : 'lagging';
              if (!sent && readInFlight && calls++ > 0) await new Promise<void>((r) => (hold = r));
              if (a === 'failed') throw Object.assign(new Error('down'), { code: 'network' });
              return { user: { id: 1, cancelled_account: false }, userInfo: infoOf(a) } as never;
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
          if (readInFlight) {
            flow.send({ type: 'WAKE' }); // (a read of the old profile may still be in flight)
            await flush();
          }
          sent = true;
          flow.send({ type: 'CHECK', at: clock.now(), limits: SENT } as never);
          (hold as (() => void) | null)?.();
          await flush();
          const ok = () => {
            const r = profileOf(flow.getSnapshot()).restrictions;
            if (!r.canBet) return;
            const t = r.limits.time;
            expect(t.active && t.amount !== null && t.amount <= 30 && t.period === 'daily').toBe(true);
          };
          ok();
          for (const ms of steps) {
            clock.increment(ms);
            await flush();
            ok();
          }
          flow.stop();
        },
      ),
      { numRuns: 80 },
    );
  });

  it('a lagging read is taken with the limit as sent, and read again (backing off) until one shows it', async () => {
    const clock = new SimulatedClock();
    clock.set(T0);
    const seq: Answer[] = ['lagging', 'lagging', 'lagging', 'applied'];
    let reads = 0;
    let sent = false;
    const auth = {
      getUserProfile: async () => {
        const a: Answer = sent ? (seq[Math.min(reads++, seq.length - 1)] as Answer) : 'lagging';
        return { user: { id: 1, cancelled_account: false }, userInfo: infoOf(a) } as never;
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
    const time = () => profileOf(flow.getSnapshot()).restrictions.limits.time;
    expect(time()).toMatchObject({ active: true, amount: 120 });
    sent = true;
    flow.send({ type: 'CHECK', at: clock.now(), limits: SENT } as never);
    await flush();
    expect(reads).toBe(1);
    expect(profileOf(flow.getSnapshot()).restrictions).toMatchObject({ status: 'current', canBet: true });
    expect(time()).toMatchObject({ active: true, amount: 30, period: 'daily' });
    for (let i = 0; i < 3; i++) {
      clock.increment(10 * S);
      await flush();
      expect(time()).toMatchObject({ active: true, amount: 30, period: 'daily' });
    }
    expect(reads).toBe(4);
    // Shown: no more reads (until the next São Paulo midnight); the record still covers a later lag.
    clock.increment(10 * 60 * S);
    await flush();
    expect(reads).toBe(4);
    expect(time()).toMatchObject({ active: true, amount: 30, period: 'daily' });
    flow.stop();
  });
});
