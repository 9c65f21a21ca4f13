import { afterEach, describe, expect, it, vi } from 'vitest';
import { S, type Tab, twoFreeTabs, useWorld } from '../support/world';

// ZERO30 across the tabs of a login (real sockets, simulated time): a limit change that sets an
// active bet limit of 0 bars betting from its send in the tab that sent it and in the other tabs
// (its `inflight` kind, `betLimitZero`); accepted, both stay barred; refused, both are free again.

const world = useWorld();
afterEach(() => {
  vi.useRealTimers();
});

const PATH = '/bff/users/update-limits';
const zero = (t: Tab) => t.client.user.updateLimits({ user_limit_bet: 0, user_limit_bet_period: 'daily' });

describe('an active bet limit of 0 whose answer is slow (ZERO30)', () => {
  it('accepted: barred from the send, through the wait, and after, in both tabs', async () => {
    const [a, b] = await twoFreeTabs(world);
    world.delayAnswers({ path: PATH, ms: 10 * S, times: 1 });
    const free: string[] = [];
    for (const [i, t] of [a, b].entries())
      t.client.subscribe((v) => {
        if (v.restrictions?.canBet) free.push(`tab ${i} at ${world.now()}`);
      });
    const call = zero(a).then(
      () => 'ok',
      (e: { status?: number }) => e.status,
    );
    await world.settle();
    expect(world.count('PATCH', PATH)).toBe(1);
    for (const t of [a, b]) {
      expect(t.client.view.restrictions!.canBet).toBe(false);
      expect(t.client.view.restrictions!.inForce.map((r) => r.kind)).toContain('betLimitZero');
    }
    await world.advance(9 * S, 250);
    expect(await world.during(call)).toBe('ok');
    await world.advance(60 * S, 500);
    for (const t of [a, b])
      expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: false });
    expect(free).toEqual([]);
  });

  it('refused (422): barred while in flight, free again once refused, in both tabs', async () => {
    const [a, b] = await twoFreeTabs(world);
    world.server.faults.add({ path: PATH, status: 422, body: { message: 'invalid' }, times: 1 });
    world.delayAnswers({ path: PATH, ms: 5 * S, times: 1 });
    const call = zero(a).then(
      () => 'ok',
      (e: { status?: number }) => e.status,
    );
    await world.settle();
    for (const t of [a, b]) expect(t.client.view.restrictions!.canBet).toBe(false);
    expect(await world.during(call)).toBe(422);
    await world.advance(2 * S, 250);
    for (const t of [a, b])
      expect(t.client.view.restrictions).toMatchObject({ status: 'current', canBet: true, inForce: [] });
  });
});
