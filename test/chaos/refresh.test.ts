import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { H, logIn, MIN, openTab, S, type Tab, useWorld } from '../support/world';

// Transient versus terminal failures around the token refresh, one scenario per test.

const world = useWorld();
const REFRESH = '/users/refresh-token';

async function signedInTab(): Promise<Tab> {
  const tab = openTab(world, { channel: false });
  world.tabs.push(tab);
  await logIn(world, tab);
  return tab;
}

describe('chaos: refresh under faults', () => {
  it('turns N concurrent 401s into one refresh, each call retried once', async () => {
    const tab = await signedInTab();
    const before = await tab.token();
    // The server holds the 401s on the world's clock until all five arrived (a retry is never one
    // of the five).
    world.server.faults.add({ path: '/bff/users/login-history', status: 401, times: 5 });
    world.delayAnswers({ method: 'GET', path: '/bff/users/login-history', ms: 400, times: 5 });
    const calls = Promise.all([1, 2, 3, 1, 2].map((p) => tab.client.user.getLoginHistory(p)));
    await until(() => world.count('GET', '/bff/users/login-history') === 5, 'the five calls at the server');
    const pages = await world.during(calls);
    await world.settle();
    expect(pages.map((p) => p.current_page)).toEqual([1, 2, 3, 1, 2]);
    expect(world.count('POST', REFRESH)).toBe(1);
    expect(world.count('GET', '/bff/users/login-history')).toBe(10);
    expect(await tab.token()).not.toBe(before);
    expect(tab.state()).toBe('signedIn');
  });

  it('ends the session exactly once when the refresh itself answers 401, with no loop', async () => {
    const tab = await signedInTab();
    world.server.expireTokens();
    // Without a channel the refresh's 401 waits the lost-race grace (1 s) and reads the store again
    // before the session ends (REVIEW-AE AE-1): simulated time runs while the call waits.
    const error = await world.during(tab.client.user.getLoginHistory().catch((e) => e));
    await world.settle();
    expect(error.status).toBe(401);
    expect(tab.state()).toBe('signedOut');
    expect(tab.events.filter((e) => e === 'sessionExpired')).toEqual(['sessionExpired']);
    // A day of timers, wake-ups and calls later: nothing more is sent to the refresh endpoint.
    tab.page.setHidden(true);
    tab.page.setHidden(false);
    // Signed out: the call is refused before it is sent (REVIEW-R R-9), `unauthorized`.
    const refused = await tab.client.user.getLoginHistory().catch((e) => e);
    expect(refused.code).toBe('unauthorized');
    await world.advance(24 * H, 10 * MIN);
    expect(world.count('POST', REFRESH)).toBe(1);
    expect(world.count('GET', '/bff/users/login-history')).toBe(1);
    expect(tab.events.filter((e) => e === 'sessionExpired')).toHaveLength(1);
    expect(await tab.token()).toBeNull();
  });

  it('calls a route that always answers 401 at most twice, and keeps the session', async () => {
    const tab = await signedInTab();
    world.server.faults.add({ path: '/bff/users/address-by-user', status: 401 });
    const error = await tab.client.user.getAddress().catch((e) => e);
    await world.settle();
    expect(error.status).toBe(401);
    expect(world.count('GET', '/bff/users/address-by-user')).toBe(2);
    expect(world.count('POST', REFRESH)).toBe(1);
    expect(tab.state()).toBe('signedIn');
  });

  it('keeps the session through an hour of 503 from the refresh endpoint, within the backoff budget', async () => {
    const tab = await signedInTab();
    const token = await tab.token();
    await world.advance(6 * H - MIN, 10 * MIN);
    expect(world.count('POST', REFRESH)).toBe(0);
    const remove = world.server.faults.add({
      method: 'POST',
      path: REFRESH,
      status: 503,
      body: '<h1>down</h1>',
    });
    await world.advance(H + MIN, 5 * S);
    // random = 0.5: each backoff (30 s doubling, capped at 15 min) is stretched by 10 %:
    // tries at 0, 33, 99, 231, 495, 1023, 2013 and 3003 s into the outage.
    const calls = world.count('POST', REFRESH);
    expect(calls).toBe(8);
    expect(tab.state()).toBe('signedIn');
    expect(await tab.token()).toBe(token);
    expect(tab.events.filter((e) => e === 'refreshFailed')).toHaveLength(8);
    expect(tab.events).not.toContain('sessionExpired');
    remove();
    await world.advance(20 * MIN, 5 * S);
    expect(world.count('POST', REFRESH)).toBe(9);
    expect(await tab.token()).not.toBe(token);
    expect(sessionActorOf(tab.client).getSnapshot().context.error).toBeNull();
  });

  it("honours the refresh endpoint's Retry-After on 429", async () => {
    const tab = await signedInTab();
    await world.advance(6 * H - MIN, 10 * MIN);
    world.server.faults.add({
      method: 'POST',
      path: REFRESH,
      status: 429,
      headers: { 'retry-after': '600' },
      times: 1,
    });
    await world.advance(MIN, 5 * S);
    expect(world.count('POST', REFRESH)).toBe(1);
    await world.advance(599 * S - 5 * S, 5 * S);
    expect(world.count('POST', REFRESH)).toBe(1);
    await world.advance(70 * S, 5 * S);
    expect(world.count('POST', REFRESH)).toBe(2);
    expect(tab.state()).toBe('signedIn');
  });
});
