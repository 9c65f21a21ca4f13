// Review 132 (held): cross-site and odd-method calls to the proxy over real sockets, in front of the
// reference server: `Origin: null`, form and text/plain bodies, method-override headers, OPTIONS,
// HEAD from another site. Nothing forwarded, no cookie set, the session left live.
import { describe, expect, it } from 'vitest';
import { raw } from '../review120/raw';
import { Browser, type TestClock, usePam } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);

async function signedIn(): Promise<string> {
  const b = new Browser(fx.served.url);
  const { email, password } = ref.server.seed.plain;
  expect((await b.login(email, password)).status).toBe(200);
  ref.server.requests.length = 0;
  return `__Host-pam-session=${b.cookie}`;
}

describe('review 132: cross-site and odd-method calls (held)', () => {
  it('a logout posted as a form, text/plain, with Origin: null or from a sibling: 403, nothing ended', async () => {
    const cookie = await signedIn();
    const tries: Record<string, string>[] = [
      { 'content-type': 'application/x-www-form-urlencoded' }, // an old browser: no Origin, no Sec-Fetch-Site
      { 'content-type': 'text/plain', origin: 'null' }, // a sandboxed iframe, a data: page
      { 'content-type': 'multipart/form-data; boundary=x', 'sec-fetch-site': 'same-site' },
      { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site', 'x-pam-client': '1' },
      { 'content-type': 'application/json', origin: `${fx.served.url}.evil.example` },
      { 'content-type': 'application/json', origin: fx.served.url.toUpperCase() },
    ];
    const statuses: number[] = [];
    for (const headers of tries) {
      const got = await raw(fx.served.url, '/pam/auth/logout', {
        method: 'POST',
        headers: { cookie, ...headers },
        body: 'a=1',
      });
      statuses.push(got.status);
      expect(got.setCookie).toEqual([]);
    }
    expect(statuses).toEqual(tries.map(() => 403));
    expect(ref.server.requests).toEqual([]);
    const still = await raw(fx.served.url, '/pam/session', { headers: { cookie } });
    expect((JSON.parse(still.text) as { status: string }).status).toBe('signedIn');
  });

  it('method-override headers and bodies never change the method forwarded', async () => {
    const cookie = await signedIn();
    const own = { cookie, origin: fx.served.url, 'content-type': 'application/json' };
    for (const name of ['x-http-method-override', 'x-http-method', 'x-method-override']) {
      // POST onto a GET-only row: not routed, whatever the header asks
      const got = await raw(fx.served.url, '/pam/bff/users/address-by-user', {
        method: 'POST',
        headers: { ...own, [name]: 'GET' },
        body: '{}',
      });
      expect(got.status).toBe(404);
    }
    const viaQuery = await raw(fx.served.url, '/pam/auth/logout?_method=DELETE', {
      method: 'POST',
      headers: own,
    });
    expect(viaQuery.status).toBe(400);
    expect(ref.server.requests).toEqual([]);
  });

  it('OPTIONS (a preflight) grants nothing; HEAD from another site is refused; HEAD of the app is GET without body', async () => {
    const cookie = await signedIn();
    const pre = await raw(fx.served.url, '/pam/auth/login', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-pam-client,content-type',
      },
    });
    expect(pre.status).toBeGreaterThanOrEqual(400);
    expect(Object.keys(pre.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const far = await raw(fx.served.url, '/pam/session', {
      method: 'HEAD',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(far.status).toBe(403);
    expect(far.setCookie).toEqual([]);
    expect(ref.server.requests).toEqual([]);
    clock.now += 61_000; // past the idle clock's touch: the GET would re-seal
    const head = await raw(fx.served.url, '/pam/session', {
      method: 'HEAD',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.setCookie).toHaveLength(1);
    expect(head.setCookie[0]).toMatch(/; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);
  });
});
