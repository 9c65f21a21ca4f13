import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareLimit, type LimitSetting } from '../../src/responsible-gaming/limits';
import { brazilTimeToEpoch, type LimitPeriodName, playPeriodOf } from '../../src/responsible-gaming/time';
import { signedIn, useReferenceServer } from '../support/server';

const password = 'Secret123!'; // every seed account's (docs/testing.md)

// Issue 23: a limit change is stricter only by proof. After the change only the new limit holds,
// so the new one is stricter when every spending it allows the old one allows too: for every
// period W the OLD limit counts over, the most the new limit lets through inside W (its whole
// amount in each of its periods that touch W) is at most the old amount. Anything else is looser
// (the password and the 24 h wait). The oracle below counts on the real São Paulo calendar.

const PERIODS: LimitPeriodName[] = ['daily', 'weekly', 'monthly'];

/** How many periods of `inner` touch one period of `outer`, at most, over 2024-2031 (brute force). */
const TOUCHING: Record<LimitPeriodName, Record<LimitPeriodName, number>> = (() => {
  const table = {} as Record<LimitPeriodName, Record<LimitPeriodName, number>>;
  for (const outer of PERIODS) {
    table[outer] = {} as Record<LimitPeriodName, number>;
    for (const inner of PERIODS) {
      const touched = new Map<string, Set<string>>();
      for (let day = 0; day < 8 * 366; day++) {
        const noon = brazilTimeToEpoch(2024, 1, 1 + day, 12);
        const key = playPeriodOf(outer, noon).key;
        if (!touched.has(key)) touched.set(key, new Set());
        touched.get(key)?.add(playPeriodOf(inner, noon).key);
      }
      table[outer][inner] = Math.max(...[...touched.values()].map((s) => s.size));
    }
  }
  return table;
})();

function oracle(current: LimitSetting, proposed: LimitSetting): 'stricter' | 'looser' | 'same' {
  const on = (s: LimitSetting) => s.active !== false && s.active !== 0 && typeof s.amount === 'number';
  if (!on(current) || !on(proposed))
    return on(current) === on(proposed) ? 'same' : on(current) ? 'looser' : 'stricter';
  const [ca, pa] = [current.amount as number, proposed.amount as number];
  const [cp, pp] = [current.period as LimitPeriodName, proposed.period as LimitPeriodName];
  const newWithinOld = pa * TOUCHING[cp][pp] <= ca; // everything the new one allows, the old allowed
  const oldWithinNew = ca * TOUCHING[pp][cp] <= pa;
  if (newWithinOld && oldWithinNew) return 'same';
  return newWithinOld ? 'stricter' : 'looser';
}

const setting = fc.record({
  amount: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 1, max: 100_000 }),
    fc.double({ min: 0, max: 1e6, noNaN: true }),
  ),
  period: fc.constantFrom(...PERIODS),
  active: fc.constantFrom(true, false, 1, 0, undefined),
});

describe('compareLimit: stricter only by proof', () => {
  it('the calendar: a month touches up to 31 days and 6 weeks, a week up to 2 months', () => {
    expect(TOUCHING.monthly).toEqual({ daily: 31, weekly: 6, monthly: 1 });
    expect(TOUCHING.weekly).toEqual({ daily: 7, weekly: 1, monthly: 2 });
    expect(TOUCHING.daily).toEqual({ daily: 1, weekly: 1, monthly: 1 });
  });

  it('agrees with the calendar oracle on every pair (property)', () => {
    fc.assert(
      fc.property(setting, setting, (current, proposed) => {
        expect(compareLimit(current, proposed)).toBe(oracle(current, proposed));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the oracle at the borders, where one period is a multiple of another (property)', () => {
    // The proposed amount near the current one divided by how many of its periods fit.
    const near = fc
      .tuple(
        fc.integer({ min: 0, max: 2000 }),
        fc.constantFrom(1, 2, 6, 7, 30, 31),
        fc.integer({ min: -1, max: 1 }),
        fc.constantFrom(...PERIODS),
        fc.constantFrom(...PERIODS),
        fc.boolean(),
      )
      .map(([amount, factor, delta, cp, pp, flip]) => {
        const a = { amount, period: cp };
        const b = { amount: Math.max(0, Math.floor(amount / factor) + delta), period: pp };
        return flip ? ([b, a] as const) : ([a, b] as const);
      });
    fc.assert(
      fc.property(near, ([current, proposed]) => {
        expect(compareLimit(current, proposed)).toBe(oracle(current, proposed));
      }),
      { numRuns: 3000 },
    );
  });

  it('the cases that were called stricter and are not', () => {
    // 10 a day is 310 in a 31-day month.
    expect(compareLimit({ amount: 300, period: 'monthly' }, { amount: 10, period: 'daily' })).toBe('looser');
    expect(compareLimit({ amount: 310, period: 'monthly' }, { amount: 10, period: 'daily' })).toBe(
      'stricter',
    );
    // 50 a week is 300 in a month that touches six weeks.
    expect(compareLimit({ amount: 250, period: 'monthly' }, { amount: 50, period: 'weekly' })).toBe('looser');
    expect(compareLimit({ amount: 300, period: 'monthly' }, { amount: 50, period: 'weekly' })).toBe(
      'stricter',
    );
    // 100 a month is 200 in a week that straddles two months.
    expect(compareLimit({ amount: 150, period: 'weekly' }, { amount: 100, period: 'monthly' })).toBe(
      'looser',
    );
  });

  it('amount 0 is a limit that allows nothing (only an inactive limit is no limit)', () => {
    expect(compareLimit({ amount: 100, period: 'daily' }, { amount: 0, period: 'monthly' })).toBe('stricter');
    expect(compareLimit({ amount: 0, period: 'daily' }, { amount: 100, period: 'daily' })).toBe('looser');
    expect(compareLimit({ amount: 0, period: 'daily' }, { amount: 0, period: 'monthly' })).toBe('same');
    expect(compareLimit({ amount: 0, period: 'daily', active: 0 }, { amount: 5, period: 'daily' })).toBe(
      'stricter',
    );
  });

  it('fails closed on what it cannot read: an unknown period or amount is looser', () => {
    expect(compareLimit({ amount: 300, period: null }, { amount: 10, period: 'daily' })).toBe('looser');
    expect(compareLimit({ amount: 300, period: 'monthly' }, { amount: 10, period: null })).toBe('looser');
    expect(
      compareLimit(
        { amount: 300, period: 'monthly' },
        { amount: 'x' as unknown as number, period: 'monthly' },
      ),
    ).toBe('looser');
  });
});

describe('the reference server decides with the same function', () => {
  const ctx = useReferenceServer();

  it('a daily 10 after a monthly 300 needs the password and waits 24 h; a daily 9 applies at once', async () => {
    const { user } = signedIn(ctx.server);
    await user.updateLimits({ user_limit_loss: 300, user_limit_loss_period: 'monthly' });
    await expect(
      user.updateLimits({ user_limit_loss: 10, user_limit_loss_period: 'daily' }),
    ).rejects.toMatchObject({ code: 'step_up_required' });
    await user.updateLimits({
      user_limit_loss: 10,
      user_limit_loss_period: 'daily',
      password_check: password,
    });
    const pending = ctx.server.requests.length;
    expect(pending).toBeGreaterThan(0);
    const { auth } = signedIn(ctx.server);
    const info = (await auth.getUserProfile()).userInfo;
    expect(info.user_limit_loss).toBe(300);
    expect(typeof info.user_limit_loss_change).toBe('string');
    await user.updateLimits({ user_limit_loss: 9, user_limit_loss_period: 'daily' });
    const after = (await auth.getUserProfile()).userInfo;
    expect([after.user_limit_loss, after.user_limit_loss_period]).toEqual([9, 'daily']);
  });

  it('a limit of 0 set at once; raising it from 0 needs the password', async () => {
    const { user, auth } = signedIn(ctx.server);
    await user.updateLimits({ user_limit_deposit: 0, user_limit_deposit_period: 'daily' });
    expect((await auth.getUserProfile()).userInfo).toMatchObject({
      user_limit_deposit: 0,
      user_limit_deposit_active: 1,
    });
    await expect(user.updateLimits({ user_limit_deposit: 50 })).rejects.toMatchObject({
      code: 'step_up_required',
    });
  });
});
