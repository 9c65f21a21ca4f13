import { afterEach, describe, expect, it, vi } from 'vitest';
import { H, logIn, MIN, S, useWorld } from '../support/world';

// PROBE32 P3, on real sockets: a limit change that is neither stricter nor looser on every axis
// (600 a month -> 30 a day: less in any one day, up to 930 in a month) cannot be proven stricter,
// so the server keeps 600 a month in force and makes 30 a day a pending change (`compareLimit`,
// the one rule of both sides). The client took it as in force at the 200 and over every read for
// a day (`keptLimits` asked whether the read was looser than the change, and each of two such
// settings is looser than the other). Only a change proven stricter applies at once.

const world = useWorld();
afterEach(() => {
  vi.useRealTimers();
});

const month600 = {
  user_limit_deposit: 600,
  user_limit_deposit_period: 'monthly',
  user_limit_deposit_active: 1,
} as const;

describe('a limit change neither stricter nor looser (600 a month -> 30 a day)', () => {
  it('waits as the server says: 600 a month stays in force, 30 a day pending', async () => {
    const tab = world.open({ tabId: 'tab-a', channel: false });
    await logIn(world, tab);
    const { password } = world.server.seed.plain;
    await world.during(tab.client.user.updateLimits(month600 as never));
    // Past the day an accepted change is kept for: what holds is what the server reads.
    await world.advance(25 * H, 10 * MIN);
    expect(tab.client.view.restrictions!.limits.deposit).toMatchObject({
      amount: 600,
      period: 'monthly',
      active: true,
      pendingChange: null,
    });
    await world.during(
      tab.client.user.updateLimits({
        user_limit_deposit: 30,
        user_limit_deposit_period: 'daily',
        user_limit_deposit_active: 1,
        password_check: password,
      } as never),
    );
    const seen = () => tab.client.view.restrictions!.limits.deposit;
    // At the answer, and over the reads that follow.
    expect(seen()).toMatchObject({ amount: 600, period: 'monthly' });
    await world.advance(5 * S, 250);
    expect(seen()).toMatchObject({ amount: 600, period: 'monthly' });
    expect(seen().pendingChange).toMatchObject({ amount: 30, period: 'daily' });
    await world.advance(2 * H, 5 * MIN);
    expect(seen()).toMatchObject({ amount: 600, period: 'monthly' });
  });

  it('a change proven stricter (600 a month -> 15 a day: 465 in 31 days) applies at once', async () => {
    const tab = world.open({ tabId: 'tab-a', channel: false });
    await logIn(world, tab);
    await world.during(tab.client.user.updateLimits(month600 as never));
    await world.advance(25 * H, 10 * MIN);
    await world.during(
      tab.client.user.updateLimits({
        user_limit_deposit: 15,
        user_limit_deposit_period: 'daily',
        user_limit_deposit_active: 1,
      } as never),
    );
    expect(tab.client.view.restrictions!.limits.deposit).toMatchObject({ amount: 15, period: 'daily' });
    await world.advance(5 * S, 250);
    expect(tab.client.view.restrictions!.limits.deposit).toMatchObject({
      amount: 15,
      period: 'daily',
      pendingChange: null,
    });
  });
});
