// Review 144: a logout while the login's two-factor step is pending (the code asked for), and while
// the code is being verified with its answer late (the server granted a token; World.delayAnswers,
// simulated time, real sockets). What must hold: signed out at once, the store empty, no `signedIn`
// ever after, a code sent after the logout is not sent, and a token granted by the late answer is
// revoked at the server and never stored or shown.
import { describe, expect, it } from 'vitest';
import { S, useWorld } from '../support/world';

const world = useWorld();
const LOGIN = '/auth/login';

async function live(token: string): Promise<boolean> {
  const r = await fetch(`${world.server.url}/auth/user-profile?check_spa_again=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await r.arrayBuffer();
  return r.ok;
}

function twoFactorTab() {
  const granted: string[] = [];
  const f: typeof fetch = async (input, init) => {
    const res = await world.fetch(input, init);
    if (String(input instanceof Request ? input.url : input).includes(LOGIN) && res.ok) {
      const body = (await res.clone().json()) as { access_token?: string };
      if (body.access_token) granted.push(body.access_token);
    }
    return res;
  };
  const tab = world.open({ tabId: 'a', channel: false, fetch: f });
  const seen: string[] = [];
  tab.client.subscribe((v) => seen.push(JSON.stringify(v), String(v.error?.message)));
  const { email, password, twoFactorCode } = world.server.seed.twoFactor;
  return { tab, granted, seen, email, password, code: twoFactorCode! };
}

describe('review 144: logout during the two-factor step (held)', () => {
  it('while the code is asked for: signed out, nothing granted, a later code not sent', async () => {
    const { tab, granted, email, password, code } = twoFactorTab();
    tab.client.login({ login: email, password });
    await world.advance(1 * S);
    expect(tab.client.view.status).toBe('twoFactorRequired');
    const logins = world.count('POST', LOGIN);
    tab.client.logout();
    await world.advance(1 * S);
    expect(tab.client.view.status).toBe('signedOut');
    tab.client.submitCode(code);
    await world.advance(5 * S);
    expect(world.count('POST', LOGIN)).toBe(logins);
    expect(tab.client.view.status).toBe('signedOut');
    expect(await tab.client.tokens.get()).toBeNull();
    expect(granted).toEqual([]);
    expect(tab.events).not.toContain('signedIn');
  });

  it('while the code is verified and its granting answer lands after: revoked, never kept', async () => {
    const { tab, granted, seen, email, password, code } = twoFactorTab();
    tab.client.login({ login: email, password });
    await world.advance(1 * S);
    expect(tab.client.view.status).toBe('twoFactorRequired');
    world.delayAnswers({ method: 'POST', path: LOGIN, ms: 3 * S, times: 1 });
    tab.client.submitCode(code);
    await world.advance(500);
    expect(tab.client.view.status).toBe('verifyingCode');
    tab.client.logout();
    await world.advance(200);
    expect(tab.client.view.status).toBe('signedOut');
    await world.advance(10 * S);
    expect(granted).toHaveLength(1);
    expect(tab.client.view.status).toBe('signedOut');
    expect(await tab.client.tokens.get()).toBeNull();
    expect(tab.events).not.toContain('signedIn');
    expect(seen.filter((s) => s.includes(granted[0]!))).toEqual([]);
    expect(await live(granted[0]!)).toBe(false);
  });

  it('logout twice during verification, then stop(): still revoked', async () => {
    const { tab, granted, email, password, code } = twoFactorTab();
    tab.client.login({ login: email, password });
    await world.advance(1 * S);
    world.delayAnswers({ method: 'POST', path: LOGIN, ms: 3 * S, times: 1 });
    tab.client.submitCode(code);
    await world.advance(500);
    tab.client.logout();
    tab.client.logout();
    tab.client.stop();
    await world.advance(10 * S);
    expect(granted).toHaveLength(1);
    expect(await tab.client.tokens.get()).toBeNull();
    expect(await live(granted[0]!)).toBe(false);
  });
});
