// Review 118: a time limit of 0 set, then raised (a looser change: the server keeps it pending
// 24 h). The session's view in both tabs never shows the player free while it is pending.
// Real sockets (the reference server), simulated time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { H, MIN, S, twoFreeTabs, useWorld } from '../support/world';

const world = useWorld();
afterEach(() => {
  vi.useRealTimers();
});

describe('review 118 (probes): a time limit of 0 whose raise is pending', () => {
  it('the raise accepted leaves both tabs barred until it applies', async () => {
    const [a, b] = await twoFreeTabs(world);
    const zero = a.client.user.updateLimits({
      user_limit_time: 0,
      user_limit_time_active: 1,
      user_limit_time_period: 'daily',
    });
    await world.advance(2 * S, 250);
    await world.during(zero);
    await world.advance(5 * S, 250);
    expect([a, b].map((t) => t.client.view.restrictions!.canBet)).toEqual([false, false]);

    const raise = a.client.user.updateLimits({
      user_limit_time: 60,
      user_limit_time_active: 1,
      user_limit_time_period: 'daily',
      password_check: world.server.seed.plain.password,
    } as never);
    await world.advance(2 * S, 250);
    expect(
      await world.during(
        raise.then(
          () => 'ok',
          (e: { code?: string }) => e.code,
        ),
      ),
    ).toBe('ok');
    for (const step of [5 * S, 1 * MIN, 1 * H, 12 * H]) {
      await world.advance(step, 1_000);
      expect([a, b].map((t) => t.client.view.restrictions!.canBet)).toEqual([false, false]);
    }
  });
});
