// REVIEW107 Part B probes that HELD: cross-tab order cases on real tabs (useWorld: a simulated clock, a fake
// BroadcastChannel hub, real sockets to the reference server). Every view of every tab is watched
// (subscribe), not only the final state. Tried, each held:
// - a tab asleep 5 h across the São Paulo midnight (device clock: wall moved, timers not) while
//   another device paused the player: no view after the wake shows canBet true; it ends barred.
// - logout in tab A while tab B's refresh answer is held 3 s: both signedOut, no token kept, no
//   view free after the logout, at most one refresh request.
// - logout in tab A at the same turn as a login of the paused player in tab B: the tabs converge
//   on one player and status, and no frame ever shows the paused player free.
import type { PamClient } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { H, logIn, MIN, S, T0, type Tab, useWorld } from '../support/world';

const world = useWorld({ tokenTtlSeconds: 24 * 3600 });
const D = 24 * H;
const MIDNIGHT = Math.ceil((T0 - 3 * H) / D) * D + 3 * H;

/** Every view of `c` from now on, as `who status canBet userId`. */
function watch(c: PamClient, name: string) {
  const seen: { name: string; status: string; canBet: boolean | undefined; id: unknown }[] = [];
  c.subscribe((v) => seen.push({ name, status: v.status, canBet: v.restrictions?.canBet, id: v.user?.id }));
  return seen;
}

/** Another device of the same player (no channel, no store): a pause set straight on the API. */
async function pauseFromAnotherDevice() {
  const { email, password } = world.server.seed.plain;
  const login = await fetch(`${world.server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: email, password }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const r = await fetch(`${world.server.url}/bff/users/timeout-limits`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ user_pause: 7, reason: 1, password_check: password }),
  });
  expect(r.status).toBeLessThan(300);
}

describe('a tab asleep for hours wakes in a new São Paulo day with a pause begun meanwhile', () => {
  it('never shows canBet true in any view after the wake', async () => {
    world.jump(MIDNIGHT - 2 * H - T0); // 22:00 in São Paulo
    const a: Tab = world.open({ deviceClock: true, tabId: 'tab-a' });
    await logIn(world, a);
    await world.advance(2 * S);
    expect(a.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    const seen = watch(a.client, 'a');
    // The lid closes: the wall and server clocks move 5 h (across midnight), the timers do not.
    a.page.setHidden(true);
    world.jump(5 * H);
    await pauseFromAnotherDevice();
    a.page.setHidden(false);
    a.page.fireFocus();
    await world.advance(30 * S, 50);
    expect(seen.filter((v) => v.canBet === true)).toEqual([]);
    expect(a.client.view.restrictions?.canBet).toBe(false);
  });
});

describe('logout in one tab while another refreshes', () => {
  it('both end signed out, no token held, no view free after the logout', async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3 });
    const b = world.open({ tabId: 'tab-b', random: 0.6 });
    await logIn(world, a);
    await world.advance(2 * S);
    world.delayAnswers({ method: 'POST', path: '/users/refresh-token', ms: 3 * S, times: 1 });
    const seenA = watch(a.client, 'a');
    const seenB = watch(b.client, 'b');
    b.client.state.send({ type: 'REFRESH' });
    a.client.state.send({ type: 'REFRESH' });
    await world.advance(1 * S, 50);
    a.client.logout();
    const cut = [seenA.length, seenB.length];
    await world.advance(10 * S, 50);
    expect([a.client.view.status, b.client.view.status]).toEqual(['signedOut', 'signedOut']);
    expect([await a.token(), await b.token()]).toEqual([null, null]);
    const after = [...seenA.slice(cut[0]), ...seenB.slice(cut[1])];
    expect(after.filter((v) => v.canBet === true)).toEqual([]);
    // Whatever token the refresh rotated to is dead at the server.
    const refreshed = world.server.requests.filter((r) => r.path === '/users/refresh-token').length;
    expect(refreshed).toBeLessThanOrEqual(1);
  });
});

describe('logout in one tab while another logs in as a paused player', () => {
  it('every tab converges on one state, and no frame shows the paused player free', async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3 });
    const b = world.open({ tabId: 'tab-b', random: 0.6 });
    await logIn(world, a);
    await world.advance(2 * S);
    const seen = [...[watch(a.client, 'a'), watch(b.client, 'b')]];
    const p = world.server.seed.paused;
    a.client.logout();
    b.client.login({ login: p.email, password: p.password });
    await world.advance(1 * MIN, 50);
    const all = seen.flat();
    expect(all.filter((v) => v.id === p.id && v.canBet === true)).toEqual([]);
    expect(a.client.view.user?.id).toBe(b.client.view.user?.id);
    expect(a.client.view.status).toBe(b.client.view.status);
  });
});
