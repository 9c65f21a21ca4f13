// Review 158: two tabs on one web token store without a channel (a set-up the suite keeps: test/
// chaos/trust "two clients on one store without a channel"). Tab B is signed in as player 4; tab A
// is signing in as another player (its login answer on its way, or at the two-factor prompt). A
// `client.http` / `client.auth` call tab A makes then goes with B's token (createPamClient's
// `token()`: no login held, so `stored = read`, the shared store's raw session, and only the
// `signedOut` tag stops it): tab A is handed player 4's profile, then signs in as its own player.
// A signed-out tab sends none (REVIEW-K 3); signing in it should not either.
import { createWebStorageTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { logIn, S, type Tab, useWorld } from '../support/world';
import { KEY, MapStorage } from './kit';

const world = useWorld();

async function twoTabs() {
  const storage = new MapStorage();
  const b = world.open({ tabId: 'tab-b', channel: false, storage: createWebStorageTokenStore({ storage }) });
  const a = world.open({ tabId: 'tab-a', channel: false, storage: createWebStorageTokenStore({ storage }) });
  await world.advance(S);
  await logIn(world, b, 'paused');
  await world.advance(2 * S);
  const tokenB = JSON.parse(storage.map.get(KEY)!).accessToken as string;
  return { a, b, tokenB };
}

/** The calls tab A makes now, and the requests made with B's token while they run. */
async function callsOf(a: Tab, tokenB: string) {
  const before = world.server.requests.length;
  const results = Promise.all([
    a.client.http.get('/auth/user-profile').then(
      (r) => `answered ${JSON.stringify(r).slice(0, 40)}`,
      (e: { code?: string }) => e.code,
    ),
    a.client.auth.getUserProfile().then(
      (r) => `answered ${JSON.stringify(r).slice(0, 40)}`,
      (e: { code?: string }) => e.code,
    ),
  ]);
  await world.advance(S);
  const withB = world.server.requests.slice(before).filter((r) => r.headers.authorization?.includes(tokenB));
  return { results: await results, withB: withB.map((r) => `${r.method} ${r.path}`) };
}

describe("review 158: a tab signing in never sends another tab's login", () => {
  it('at the two-factor prompt: nothing goes with player 4 token, the calls are refused', async () => {
    const { a, tokenB } = await twoTabs();
    const { email, password } = world.server.seed.twoFactor;
    a.client.login({ login: email, password });
    for (let i = 0; i < 50 && a.client.view.status !== 'twoFactorRequired'; i++) await world.advance(100);
    expect(a.client.view.status).toBe('twoFactorRequired');
    const { results, withB } = await callsOf(a, tokenB);
    expect(withB).toEqual([]);
    expect(results).toEqual(['unauthorized', 'unauthorized']);
  });

  it('while its login answer is on its way: nothing goes with player 4 token', async () => {
    const { a, tokenB } = await twoTabs();
    world.delayAnswers({ method: 'POST', path: '/auth/login', ms: 5 * S, times: 1 });
    a.client.login({ login: world.server.seed.plain.email, password: world.server.seed.plain.password });
    await world.advance(100);
    expect(a.client.view.status).toBe('signingIn');
    const { withB } = await callsOf(a, tokenB);
    expect(withB).toEqual([]);
  });
});
