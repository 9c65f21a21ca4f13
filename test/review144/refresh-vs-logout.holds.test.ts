// Review 144: a logout while the token refresh is in flight, its answer landing after the logout
// ended (signed out), or while the logout's own request is still on its way (signing out). The
// refresh reached the server (it rotated the token); only its answer is late (World.delayAnswers,
// simulated time, real sockets). What must hold: signed out, the store empty, the refreshed token
// never stored nor shown, and revoked at the server (no tab holds it); no `signedIn` after the logout.
import { describe, expect, it } from 'vitest';
import { logIn, S, type Tab, useWorld } from '../support/world';

const world = useWorld();
const REFRESH = '/users/refresh-token';
const LOGOUT = '/auth/logout';

/** A tab whose refresh answers' tokens are captured as they reach the client. */
function tabCapturingRefresh() {
  const refreshed: string[] = [];
  const f: typeof fetch = async (input, init) => {
    const res = await world.fetch(input, init);
    if (String(input instanceof Request ? input.url : input).includes(REFRESH) && res.ok) {
      const body = (await res.clone().json()) as { access_token?: string };
      if (body.access_token) refreshed.push(body.access_token);
    }
    return res;
  };
  const tab = world.open({ tabId: 'a', channel: false, fetch: f });
  return { tab, refreshed };
}

async function live(token: string): Promise<boolean> {
  const r = await fetch(`${world.server.url}/auth/user-profile?check_spa_again=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await r.arrayBuffer();
  return r.ok;
}

async function expectOut(tab: Tab, refreshed: string[], seen: string[]) {
  expect(tab.client.view.status).toBe('signedOut');
  expect(await tab.client.tokens.get()).toBeNull();
  expect(refreshed).toHaveLength(1);
  const fresh = refreshed[0]!;
  expect(await live(fresh)).toBe(false);
  expect(seen.filter((s) => s.includes(fresh))).toEqual([]);
  expect(tab.events.slice(tab.events.lastIndexOf('signedOut'))).toEqual(['signedOut']);
}

describe('review 144: logout vs a refresh in flight (held)', () => {
  it('the refresh answer lands after the logout finished', async () => {
    const { tab, refreshed } = tabCapturingRefresh();
    const seen: string[] = [];
    tab.client.subscribe((v) => seen.push(JSON.stringify(v)));
    await logIn(world, tab);
    await world.advance(2 * S);
    world.delayAnswers({ method: 'POST', path: REFRESH, ms: 5 * S, times: 1 });
    tab.client.state.send({ type: 'REFRESH' });
    await world.advance(1 * S);
    expect(world.count('POST', REFRESH)).toBe(1);
    tab.client.logout();
    expect(await tab.client.tokens.get()).toBeNull();
    await world.advance(1 * S);
    expect(tab.client.view.status).toBe('signedOut');
    await world.advance(10 * S);
    await expectOut(tab, refreshed, seen);
  });

  it('the refresh answer lands while the logout request is still on its way', async () => {
    const { tab, refreshed } = tabCapturingRefresh();
    const seen: string[] = [];
    tab.client.subscribe((v) => seen.push(JSON.stringify(v)));
    await logIn(world, tab);
    await world.advance(2 * S);
    world.delayAnswers({ method: 'POST', path: REFRESH, ms: 2 * S, times: 1 });
    world.delayAnswers({ method: 'POST', path: LOGOUT, ms: 6 * S, times: 1 });
    tab.client.state.send({ type: 'REFRESH' });
    await world.advance(500);
    tab.client.logout();
    await world.advance(3 * S);
    expect(tab.client.view.status).toBe('signingOut');
    expect(await tab.client.tokens.get()).toBeNull();
    await world.advance(10 * S);
    await expectOut(tab, refreshed, seen);
  });

  it("a logout answered 503 (twice: the logout and the refreshed token's revoke) around the refresh answer", async () => {
    const { tab, refreshed } = tabCapturingRefresh();
    const seen: string[] = [];
    tab.client.subscribe((v) => seen.push(JSON.stringify(v)));
    await logIn(world, tab);
    await world.advance(2 * S);
    const first = (await tab.token())!;
    world.server.faults.add({
      method: 'POST',
      path: LOGOUT,
      status: 503,
      body: { message: 'down' },
      times: 2,
    });
    world.delayAnswers({ method: 'POST', path: REFRESH, ms: 1 * S, times: 1 });
    tab.client.state.send({ type: 'REFRESH' });
    await world.advance(100);
    tab.client.logout();
    await world.advance(10 * S);
    expect(tab.client.view.status).toBe('signedOut');
    expect(await live(first)).toBe(false);
    expect(await tab.client.tokens.get()).toBeNull();
    expect(refreshed).toHaveLength(1);
    // The refreshed token's revoke is sent again after its 503.
    expect(seen.filter((s) => s.includes(refreshed[0]!))).toEqual([]);
    expect(await live(refreshed[0]!)).toBe(false);
  });
});
