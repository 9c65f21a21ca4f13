import { describe, expect, it } from 'vitest';
import { createPamServer } from '../../src/server/index';
import { Browser, type PamFixture, SECRETS, type TestClock, usePamPerTest } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

async function signedIn(fx: PamFixture, cookieName?: string): Promise<Browser> {
  const browser = new Browser(fx.served.url, cookieName);
  const res = await browser.login(ref.server.seed.plain.email, ref.server.seed.plain.password);
  expect(res.status).toBe(200);
  return browser;
}

const PROFILE = '/pam/auth/user-profile?check_spa_again=1';

describe('the session cookie', () => {
  it('a tampered cookie reads as signed out and is cleared, never an error page', async () => {
    const fx = await pam();
    const browser = await signedIn(fx);
    const value = browser.cookie!;
    const i = Math.floor(value.length / 2);
    browser.cookie = `${value.slice(0, i)}${value[i] === 'A' ? 'B' : 'A'}${value.slice(i + 1)}`;
    const res = await browser.call('GET', PROFILE);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthenticated.' });
    expect(res.headers.getSetCookie()[0]).toMatch(/Max-Age=0;/);
    const session = await fx.pam.getSession(
      new Request(`${fx.served.url}/`, { headers: { cookie: `__Host-pam-session=garbage*1*2` } }),
    );
    expect(session.initial.status).toBe('signedOut');
    expect(session.headers.get('set-cookie')).toMatch(/Max-Age=0;/);
  });

  it('a cookie sealed with a foreign secret is signed out; an old secret still opens after rotation', async () => {
    const old = await pam();
    const browser = await signedIn(old);
    const foreign = await pam({
      secrets: [{ id: 'k1', secret: 'another-secret-of-at-least-32-characters' }],
    });
    const foreignBrowser = new Browser(foreign.served.url);
    foreignBrowser.cookie = browser.cookie;
    expect((await foreignBrowser.call('GET', PROFILE)).status).toBe(401);
    const rotated = await pam({
      secrets: [{ id: 'k2', secret: 'the-new-secret-of-at-least-32-characters' }, ...SECRETS],
    });
    const rotatedBrowser = new Browser(rotated.served.url);
    rotatedBrowser.cookie = browser.cookie;
    expect((await rotatedBrowser.call('GET', PROFILE)).status).toBe(200);
  });

  it('ends after the idle lifetime (2 h) and after the absolute lifetime (24 h)', async () => {
    const fx = await pam();
    const idle = await signedIn(fx);
    clock.now += 7_200_000;
    expect((await idle.call('GET', PROFILE)).status).toBe(401);
    expect(idle.cookie).toBeNull();

    const busy = await signedIn(fx);
    // Active every 90 min: the idle clock restarts, the token refreshes, until 24 h after the login.
    for (let t = 0; t < 15; t++) {
      clock.now += 5_400_000;
      expect((await busy.call('GET', PROFILE)).status).toBe(200);
    }
    clock.now += 5_400_000; // 24 h after the login
    expect((await busy.call('GET', PROFILE)).status).toBe(401);
  });

  it('secure: false (http://localhost) drops Secure and so the __Host- prefix', async () => {
    const fx = await pam({ cookie: { secure: false } });
    const browser = await signedIn(fx, 'pam-session');
    const [line] = browser.received[0]!.headers.getSetCookie();
    expect(line).toMatch(/^pam-session=[^;]+; Path=\/; Max-Age=7200; HttpOnly; SameSite=Lax$/);
    expect((await browser.call('GET', PROFILE)).status).toBe(200);
  });

  it('refuses short secrets and an empty list when created', () => {
    const apiBaseURL = ref.server.url;
    expect(() => createPamServer({ apiBaseURL, secrets: [] })).toThrow(/at least one/);
    expect(() => createPamServer({ apiBaseURL, secrets: [{ id: 'a', secret: 'short' }] })).toThrow(
      /32 characters/,
    );
  });
});
