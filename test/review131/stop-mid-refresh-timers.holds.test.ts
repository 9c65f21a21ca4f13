// Review 131, HOLDS: a client stopped while its refresh answer is on its way leaves no timer of its
// own and sends nothing afterwards (over days of simulated time), and a client signed out
// mid-refresh revokes what the late answer granted (a logout with it) and stays signed out.
import { describe, expect, it } from 'vitest';
import { H, logIn, MIN, S, useWorld } from '../support/world';

const world = useWorld();
const refreshes = () => world.count('POST', '/users/refresh-token');

async function refreshHeld() {
  const a = world.open({ tabId: 'tab-a', channel: false, retry: 0 });
  await logIn(world, a);
  world.delayAnswers({ method: 'POST', path: '/users/refresh-token', ms: 2 * S, times: 1 });
  await world.advance(5 * H + 55 * MIN, 5 * MIN);
  for (let i = 0; i < 400 && refreshes() === 0; i++) await world.advance(5 * S, S);
  expect(refreshes()).toBe(1);
  return a;
}

describe('review 131: stop and logout mid-refresh', () => {
  it('stop: no timer left, no request for two days', async () => {
    const a = await refreshHeld();
    a.client.stop();
    await world.advance(5 * S, S);
    expect(world.timers).toBe(0);
    const n = world.server.requests.length;
    await world.advance(48 * H, H);
    expect(world.server.requests.length).toBe(n);
    expect(a.page.listenerCount).toBe(0);
  });

  it('logout: signed out, the late token revoked, no refresh after', async () => {
    const a = await refreshHeld();
    a.client.logout();
    await world.advance(10 * S, S);
    expect(a.state()).toBe('signedOut');
    expect(await a.token()).toBeNull();
    // Every token the server issued is dead now: a logout was sent with the late one too.
    expect(world.count('POST', '/auth/logout')).toBeGreaterThanOrEqual(2);
    const n = refreshes();
    await world.advance(24 * H, H);
    expect(refreshes()).toBe(n);
  });
});
