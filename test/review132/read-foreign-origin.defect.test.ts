// Review 132 (defect): a read (GET/HEAD under the prefix, or a page's `getSession`) whose `Origin`
// names another site, from a browser that sends no `Sec-Fetch-Site` (Safari before 16.4, older
// Chromium/Firefox, some webviews), is served as the app's own: it refreshes the token and re-seals
// the idle clock. docs/server.md's stated reason for refusing cross-site reads ("a sibling
// subdomain's <img src=…/pam/session> would otherwise refresh the token and seal the idle clock
// again, keeping a session past cookie.idleMs") applies as much to a request that SAYS where it
// comes from: a sibling's CORS `fetch(..., { credentials: 'include' })` or form POST to a page
// carries `Origin: https://sibling.example` and the `Lax` cookie (same-site). Over real sockets,
// the proxy in front of the reference server.
import { afterEach, describe, expect, it } from 'vitest';
import { raw } from '../review120/raw';
import { Browser, type PamFixture, startPam, type TestClock } from '../server/harness';
import { useReferenceServer } from '../support/server';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const ref = useReferenceServer({ now: () => clock.now });
const started: PamFixture[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((f) => f.served.close()));
});

const SIBLING = 'https://games.example.com';

async function dueSession(): Promise<{ fx: PamFixture; cookie: string }> {
  const fx = await startPam(ref.server, clock, { refreshAfterMs: 60_000 });
  started.push(fx);
  const b = new Browser(fx.served.url);
  const { email, password } = ref.server.seed.plain;
  expect((await b.login(email, password)).status).toBe(200);
  clock.now += 61_000; // the token due, the idle clock past its one-minute touch
  ref.server.requests.length = 0;
  return { fx, cookie: `__Host-pam-session=${b.cookie}` };
}

const refreshes = () => ref.server.requests.filter((r) => r.path === '/users/refresh-token').length;

describe('review 132: a read naming a foreign Origin keeps the session alive', () => {
  it('GET P/session with Origin of a sibling (no Sec-Fetch-Site): refused, no refresh, no cookie re-sealed', async () => {
    const { fx, cookie } = await dueSession();
    const got = await raw(fx.served.url, '/pam/session', { headers: { cookie, origin: SIBLING } });
    expect({ status: got.status, refreshes: refreshes(), cookies: got.setCookie.length }).toEqual({
      status: 403,
      refreshes: 0,
      cookies: 0,
    });
  });

  it("a page's getSession for a request with a sibling's Origin: read, never refreshed or touched", async () => {
    const { fx, cookie } = await dueSession();
    const request = new Request(`${fx.served.url}/account`, {
      method: 'POST', // a sibling's form posted to the page (same-site: the Lax cookie goes with it)
      headers: { cookie, origin: SIBLING, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'x=1',
    });
    const session = await fx.pam.getSession(request);
    expect({ refreshes: refreshes(), cookies: session.headers.getSetCookie().length }).toEqual({
      refreshes: 0,
      cookies: 0,
    });
  });
});
