import { describe, expect, it } from 'vitest';
import { createPamServer } from '../../src/server/index';
import { serveHandler } from '../support/serve-handler';
import { Browser, SECRETS, type TestClock, usePam } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);

const page = (cookie: string | null) =>
  new Request(`${fx.served.url}/account`, {
    headers: cookie ? { cookie: `__Host-pam-session=${cookie}` } : {},
  });

describe('getSession', () => {
  it('the signed-in view from one profile read: player, current restrictions, the seed; no token', async () => {
    const browser = new Browser(fx.served.url);
    const { paused } = ref.server.seed;
    const login = await browser.login(paused.email, paused.password);
    ref.server.requests.length = 0;
    const view = await fx.pam.getSession(page(browser.cookie));
    expect(ref.server.requests.map((r) => r.url)).toEqual(['/auth/user-profile?check_spa_again=1']);
    expect(view.player?.id).toBe(paused.id);
    expect(view.player).not.toHaveProperty('token');
    expect(view.restrictions?.status).toBe('current');
    expect(view.restrictions?.inForce.map((r) => r.kind)).toEqual(['pause']);
    expect(view.restrictions?.canBet).toBe(false);
    expect(view.initial).toMatchObject({
      status: 'signedIn',
      user: { id: paused.id },
      loginId: (login.json as { server_session: { login_id: string } }).server_session.login_id,
    });
    expect(view.initial.readAt).toBeGreaterThan(0);
    expect(JSON.stringify(view.initial)).not.toMatch(/token"/);
    // The same seed over the wire for the browser client.
    const seed = await browser.call('GET', '/pam/session');
    expect(seed.json).toMatchObject({ status: 'signedIn', user: { id: paused.id } });
  });

  it('signed out without a cookie; unavailable (not signed in without a player) when the read fails', async () => {
    expect((await fx.pam.getSession(page(null))).initial.status).toBe('signedOut');
    const browser = new Browser(fx.served.url);
    await browser.login(ref.server.seed.plain.email, ref.server.seed.plain.password);
    ref.server.faults.add({ path: '/auth/user-profile', status: 503, times: 1 });
    const view = await fx.pam.getSession(page(browser.cookie));
    expect(view.initial).toMatchObject({ status: 'unavailable', user: null });
    expect(view.player).toBeNull();
    expect(view.restrictions).toBeNull();
  });
});

describe('forwardClient', () => {
  it("records the player's address and user agent in the login history, never the browser's own X-Forwarded-For", async () => {
    const pam = createPamServer({
      apiBaseURL: ref.server.url,
      secrets: SECRETS,
      forwardClient: true,
      now: () => clock.now,
    });
    const served = await serveHandler((request) => pam.handle(request, { clientAddress: '203.0.113.7' }));
    try {
      const browser = new Browser(served.url);
      const headers = { 'user-agent': 'PlayerBrowser/1.0', 'x-forwarded-for': '198.51.100.66' };
      const { plain } = ref.server.seed;
      await browser.call(
        'POST',
        '/pam/auth/login',
        { login: plain.email, password: plain.password },
        headers,
      );
      const history = await browser.call('GET', '/pam/bff/users/login-history?page=1');
      const [latest] = (history.json as { data: { ip: string; user_agent: string }[] }).data;
      expect(latest).toMatchObject({ ip: '203.0.113.7', user_agent: 'PlayerBrowser/1.0' });
    } finally {
      await served.close();
    }
  });

  it('off by default: the API sees the app server', async () => {
    const browser = new Browser(fx.served.url);
    const { plain } = ref.server.seed;
    await browser.call(
      'POST',
      '/pam/auth/login',
      { login: plain.email, password: plain.password },
      {
        'user-agent': 'PlayerBrowser/1.0',
      },
    );
    const history = await browser.call('GET', '/pam/bff/users/login-history?page=1');
    const [latest] = (history.json as { data: { ip: string; user_agent: string }[] }).data;
    expect(latest?.ip).toBe('127.0.0.1');
    expect(latest?.user_agent).not.toBe('PlayerBrowser/1.0');
  });
});
