// REVIEW30 R30-4 (MED): REVIEW-W closed `GET P/session` to reads from another site (a sibling
// subdomain's `<img src=https://app.example/pam/session>`, `Sec-Fetch-Site: same-site`): such a
// read refreshed the token and sealed the idle clock again, keeping the session past
// `cookie.idleMs`. The page route reaches the same session through `getSession(request)`, which
// does not look at `Sec-Fetch-Site`: a sibling page's `<img src=https://app.example/account>` (or a
// hidden same-site iframe: the Lax cookie goes with both) makes the app's server render the page,
// `getSession` re-seals the idle clock, and the app sets the `headers` it is told to set. A sibling
// subdomain (or anyone who can host a page there) keeps a player's session alive for good, up to
// its absolute lifetime, though the player left it idle.
// Root cause: src/server/seed.ts `getSession` (no `checkOrigin`-like rule for the reads it makes
// and the cookie it re-seals; src/server/guard.ts `checkOrigin` covers only `handle`).
// Over real sockets: the reference server behind `pam-client/server`.

import { describe, expect, it } from 'vitest';
import { Browser, type TestClock, usePam } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);
const MINUTE = 60_000;

describe("R30-4: a sibling subdomain's request for the app's page never keeps the session alive", () => {
  it('control: left idle 130 minutes, the session is over', async () => {
    const { plain } = ref.server.seed;
    const browser = new Browser(fx.served.url);
    expect((await browser.login(plain.email, plain.password)).status).toBe(200);
    clock.now += 130 * MINUTE;
    const seed = await browser.call('GET', '/pam/session', undefined, { 'sec-fetch-site': 'same-origin' });
    expect((seed.json as { status: string }).status).toBe('signedOut');
  });

  it('getSession of a same-site image request sets no cookie, and the session still ends at its idle end', async () => {
    const { plain } = ref.server.seed;
    const browser = new Browser(fx.served.url);
    expect((await browser.login(plain.email, plain.password)).status).toBe(200);
    // The player leaves; 110 minutes later (idle end: 2 h) a sibling subdomain's page asks for the
    // app's page as an image: the app's server renders it with getSession.
    clock.now += 110 * MINUTE;
    const request = new Request(`${fx.served.url}/account`, {
      headers: {
        cookie: `__Host-pam-session=${browser.cookie}`,
        'sec-fetch-site': 'same-site',
        'sec-fetch-dest': 'image',
        'sec-fetch-mode': 'no-cors',
      },
    });
    const view = await fx.pam.getSession(request);
    // The app sets the headers it is told to set on the page's answer; the browser keeps what it is given.
    for (const line of view.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      if (!pair.startsWith('__Host-pam-session=')) continue;
      const value = pair.slice('__Host-pam-session='.length);
      browser.cookie = /Max-Age=0(;|$)/.test(line) || value === '' ? null : value;
    }
    // 20 minutes on (130 min after the player's last call), the player comes back: signed out.
    clock.now += 20 * MINUTE;
    const seed = await browser.call('GET', '/pam/session', undefined, { 'sec-fetch-site': 'same-origin' });
    expect(seed.status).toBe(200);
    expect((seed.json as { status: string }).status).toBe('signedOut');
  });
});
