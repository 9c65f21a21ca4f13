// REVIEW-W (unconfirmed there, confirmed here): a read from a sibling subdomain's page
// (`<img src=https://app.example/pam/session>`, `Sec-Fetch-Site: same-site`) went out with the Lax
// cookie and was served: it refreshed the token and sealed the idle clock again, so a sibling page
// could keep a player's session alive past `cookie.idleMs`. The proxy's reads are the app's own
// (same-origin) or typed by the player (`none`); everything else is refused, nothing forwarded.
import { describe, expect, it } from 'vitest';
import { Browser, type TestClock, usePam } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);

describe('pam-client/server proxy: reads from another site', () => {
  it('refuses a same-site or cross-site read, sets no cookie and forwards nothing', async () => {
    const browser = new Browser(fx.served.url);
    const { plain } = ref.server.seed;
    expect((await browser.login(plain.email, plain.password)).status).toBe(200);
    for (const site of ['same-site', 'cross-site']) {
      const sent = ref.server.requests.length;
      for (const path of ['/pam/session', '/pam/auth/user-profile']) {
        const res = await browser.call('GET', path, undefined, { 'sec-fetch-site': site });
        expect(res.status, `${site} ${path}`).toBe(403);
        expect(res.headers.getSetCookie(), `${site} ${path}`).toEqual([]);
      }
      expect(ref.server.requests.length).toBe(sent);
    }
  });

  it("serves the app's own reads and the player's typed ones", async () => {
    const browser = new Browser(fx.served.url);
    const { plain } = ref.server.seed;
    expect((await browser.login(plain.email, plain.password)).status).toBe(200);
    for (const site of ['same-origin', 'none']) {
      const res = await browser.call('GET', '/pam/auth/user-profile', undefined, { 'sec-fetch-site': site });
      expect(res.status, site).toBe(200);
    }
    expect((await browser.call('GET', '/pam/session')).status).toBe(200);
  });
});
