// Review 117: review 116's `timeLimitZero` across the tabs of a login (real sockets, simulated
// time): a limit change setting an active time limit of 0 bars from its send, as a bet limit of 0
// does (ZERO30) — in the tab that sent it and in the others (its `inflight` kind on the channel).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseMessage } from '../../machines/cross-tab-schema';
import { S, type Tab, twoFreeTabs, useWorld } from '../support/world';

const world = useWorld();
afterEach(() => {
  vi.useRealTimers();
});

const PATH = '/bff/users/update-limits';
const call = (t: Tab, body: Record<string, unknown>) =>
  t.client.user.updateLimits(body as never).then(
    () => 'ok',
    (e: { status?: number }) => e.status,
  );

describe('an active time limit of 0 whose answer is slow', () => {
  it('probe: a bet limit of 0 in flight bars both tabs', async () => {
    const [a, b] = await twoFreeTabs(world);
    world.delayAnswers({ path: PATH, ms: 10 * S, times: 1 });
    const sent = call(a, { user_limit_bet: 0, user_limit_bet_period: 'daily' });
    await world.settle();
    expect([a, b].map((t) => t.client.view.restrictions!.canBet)).toEqual([false, false]);
    await world.advance(11 * S, 250);
    expect(await world.during(sent)).toBe('ok');
  });

  it('a time limit of 0 in flight bars the other tab too (its inflight heard, not refused)', async () => {
    const [a, b] = await twoFreeTabs(world);
    world.delayAnswers({ path: PATH, ms: 10 * S, times: 1 });
    const sent = call(a, { user_limit_time: 0, user_limit_time_period: 'daily' });
    await world.settle();
    expect(world.count('PATCH', PATH)).toBe(1);
    expect([a, b].map((t) => t.client.view.restrictions!.canBet)).toEqual([false, false]);
    await world.advance(11 * S, 250);
    expect(await world.during(sent)).toBe('ok');
  });

  it('the channel schema takes an inflight of kind timeLimitZero (as betLimitZero)', () => {
    const base = {
      app: 'pam-client',
      v: 1,
      from: 'tab-a',
      type: 'inflight',
      id: 'c1',
      settled: false,
      userId: 7,
      sid: 1,
    };
    const bet = parseMessage({ ...base, kind: 'betLimitZero' });
    expect(bet).not.toHaveProperty('refused');
    expect(parseMessage({ ...base, kind: 'timeLimitZero' })).not.toHaveProperty('refused');
  });
});
