// Review 43 (helper-390, low): docs/server.md says a logout that names no login ("a plain form post,
// a non-JS app, curl") ends the cookie's login, but a logout posted as an HTML form does
// (`application/x-www-form-urlencoded` or `multipart/form-data`, with a field) was refused 415: the
// route read the body as JSON before it knew the call was a logout. A logout reads no body now;
// the origin check still decides (a cross-site form post is refused, the session kept). Over real
// sockets, against the reference server.

import { describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS as seed } from '../../src/testing/index';
import { Browser, openCookie, type TestClock, usePam } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);
const READ = '/pam/bff/users/address-by-user';

async function signedIn(): Promise<Browser> {
  const browser = new Browser(fx.served.url);
  const res = await browser.login(seed.plain.email, seed.plain.password);
  expect(res.status).toBe(200);
  expect(browser.cookie).not.toBeNull();
  return browser;
}

const FORMS: [string, string, string][] = [
  ['urlencoded with a field', 'application/x-www-form-urlencoded', 'reason=done'],
  ['urlencoded, charset', 'application/x-www-form-urlencoded; charset=UTF-8', 'a=1&b=2'],
  [
    'multipart',
    'multipart/form-data; boundary=XyZ',
    '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XyZ--\r\n',
  ],
  ['text/plain', 'text/plain', 'logout=1'],
];

describe('a logout posted as a form (no login named) ends the session', () => {
  it.each(FORMS)('%s: 204, the cookie cleared, the old cookie signed out', async (_, type, body) => {
    const browser = await signedIn();
    const held = browser.cookie!;
    const { token } = await openCookie(held);
    const form = await fetch(`${fx.served.url}/pam/auth/logout`, {
      method: 'POST',
      headers: { origin: fx.served.url, cookie: `__Host-pam-session=${held}`, 'content-type': type },
      body,
    });
    expect(form.status).toBe(204);
    expect(form.headers.getSetCookie().join('\n')).toMatch(/__Host-pam-session=;.*Max-Age=0/);
    const replay = new Browser(fx.served.url);
    replay.cookie = held;
    expect((await replay.call('GET', READ)).status).toBe(401);
    // the token is revoked at the API
    const at = await fetch(`${ref.server.url}/bff/users/address-by-user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(at.status).toBe(401);
  });

  it.each(FORMS)('%s from another site: refused, the session kept', async (_, type, body) => {
    const browser = await signedIn();
    const form = await fetch(`${fx.served.url}/pam/auth/logout`, {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        cookie: `__Host-pam-session=${browser.cookie}`,
        'content-type': type,
      },
      body,
    });
    expect(form.status).toBe(403);
    expect((await browser.call('GET', READ)).status).toBe(200);
  });

  it('a form logout too large for the body limit is still refused 413 (the bound holds)', async () => {
    const browser = await signedIn();
    const form = await fetch(`${fx.served.url}/pam/auth/logout`, {
      method: 'POST',
      headers: {
        origin: fx.served.url,
        cookie: `__Host-pam-session=${browser.cookie}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `a=${'x'.repeat(64 * 1024)}`,
    });
    expect(form.status).toBe(413);
  });
});
