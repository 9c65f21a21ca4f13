// Review 123, HOLDS: without `debug`, the client prints nothing (console.log/info/warn/error/debug),
// leaves no unhandled rejection and no Node process warning, in ordinary flows (login, refresh over
// 7 h, user calls, a report, a limit, logout, a 2FA login with a wrong then the right code) and in
// stressed ones (dropped sockets on reads, refreshes and logout; aborted and hung calls; stop() with
// calls and a login in flight); after stop() no timer of the client's is left (the world's clock).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { H, logIn, MIN, S, useWorld } from '../support/world';

const world = useWorld();
const printed: string[] = [];
const rejections: unknown[] = [];
const warnings: string[] = [];
const onRejection = (r: unknown) => rejections.push(r);
const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
beforeEach(() => {
  for (const m of ['log', 'info', 'warn', 'error', 'debug'] as const)
    vi.spyOn(console, m).mockImplementation((...a: unknown[]) => {
      printed.push(`${m} ${a.map(String).join(' ')}`);
    });
  process.on('unhandledRejection', onRejection);
  process.on('warning', onWarning);
});
afterEach(() => {
  process.off('unhandledRejection', onRejection);
  process.off('warning', onWarning);
  vi.restoreAllMocks();
  printed.length = rejections.length = warnings.length = 0;
});
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e as { code?: string }).code ?? 'raw',
  );
const hop = () => new Promise((resolve) => setImmediate(resolve));
const quiet = async () => {
  await hop();
  expect({ printed, rejections: rejections.map(String), warnings }).toEqual({
    printed: [],
    rejections: [],
    warnings: [],
  });
};

describe('review 123: the client is quiet', () => {
  it('ordinary flows, two tabs', async () => {
    const tab = world.open({ tabId: 'tab-a' });
    const other = world.open({ tabId: 'tab-b' });
    await logIn(world, tab);
    await world.advance(7 * H, MIN);
    const u = tab.client.user!;
    const results = [
      await world.during(outcome(u.getAddress())),
      await world.during(outcome(u.getAvailableYears())),
      await world.during(outcome(u.generateIncomeReport({ reference_year: 2025, type: 'email' }))),
      await world.during(
        outcome(
          u.updateLimits({
            user_limit_bet: 10,
            user_limit_bet_active: 1,
            user_limit_bet_period: 'daily',
          } as never),
        ),
      ),
    ];
    expect(results).toEqual(['ok', 'ok', 'ok', 'ok']);
    tab.client.logout();
    await world.advance(10 * S, 250);
    const { email, password, twoFactorCode } = world.server.seed.twoFactor;
    tab.client.login({ login: email, password });
    await world.advance(5 * S, 250);
    tab.client.submitCode('000000');
    await world.advance(5 * S, 250);
    tab.client.submitCode(twoFactorCode!);
    await world.advance(5 * S, 250);
    expect([tab.client.view.status, other.client.view.status]).toEqual(['signedIn', 'signedIn']);
    tab.client.logout();
    await world.advance(10 * S, 250);
    tab.client.stop();
    other.client.stop();
    expect(world.timers).toBe(0);
    await quiet();
  });

  it('dropped sockets, aborted and hung calls, stop() mid-flight', async () => {
    const tab = world.open({ tabId: 'tab-a' });
    world.server.faults.add({ path: /^\/(bff|users)\//, drop: true, times: 3 });
    await logIn(world, tab);
    world.server.faults.add({ path: '/users/refresh-token', drop: true, times: 2 });
    await world.advance(7 * H, MIN);
    world.server.faults.add({ path: '/auth/logout', drop: true, times: 1 });
    const u = tab.client.user!;
    const aborted = Array.from({ length: 5 }, () => outcome(u.getAddress({ signal: AbortSignal.abort() })));
    world.hangAnswers({ path: '/bff/users/address-by-user', times: 3 });
    const hung = Array.from({ length: 3 }, () => outcome(u.getAddress()));
    await world.advance(S, 250);
    tab.client.logout();
    await world.settle();
    tab.client.stop();
    expect(await Promise.all([...aborted, ...hung])).toEqual(Array(8).fill('aborted'));
    await world.advance(10 * S, 250);
    expect(world.timers).toBe(0);
    const late = world.open({ tabId: 'tab-c' });
    world.delayAnswers({ method: 'POST', path: '/auth/login', ms: 2 * S, times: 1 });
    const { email, password } = world.server.seed.plain;
    late.client.login({ login: email, password });
    await world.settle();
    late.client.stop();
    await world.advance(10 * S, 250);
    expect(world.timers).toBe(0);
    await quiet();
  });
});
