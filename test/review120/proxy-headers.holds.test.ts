// Review 120: what the proxy forwards to the API and what it passes back, over real sockets.
// The browser's Cookie, Authorization, Host and X-Forwarded-* never reach the API; the API's
// Set-Cookie (and every header it writes but Date/Retry-After) never reaches the browser.
import { describe, expect, it } from 'vitest';
import { Browser, openCookie, type TestClock, usePam } from '../server/harness';
import { json, loginOk, pamFor, TOKEN, useHostile, user } from '../server/hostile';
import { serveHandler } from '../support/serve-handler';
import { raw, wholeText } from './raw';

const clock: TestClock = { now: Date.now() };
const { ref, fx } = usePam(clock);
const hostile = useHostile();
const NAME = '__Host-pam-session';

describe('review 120: headers through the proxy (held)', () => {
  it('the browser Cookie, Authorization, Host and forwarding headers never reach the API', async () => {
    const b = new Browser(fx.served.url);
    const { email, password } = ref.server.seed.plain;
    expect((await b.login(email, password)).status).toBe(200);
    const { token } = await openCookie(b.cookie!);
    ref.server.requests.length = 0;
    const got = await raw(fx.served.url, '/pam/bff/users/address-by-user', {
      headers: {
        cookie: `${NAME}=${b.cookie}; other=app-cookie-value`,
        authorization: 'Bearer attacker-chosen-token-0123456789',
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-host': 'evil.host',
        'x-forwarded-proto': 'gopher',
        forwarded: 'for=6.6.6.6;host=evil.host',
        'x-real-ip': '6.6.6.6',
        'x-http-method-override': 'DELETE',
        'x-original-url': '/users/refresh-token',
        'x-pam-client': '1',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(got.status).toBe(200);
    const sent = ref.server.requests.filter((r) => r.path === '/bff/users/address-by-user');
    expect(sent).toHaveLength(1);
    const h = sent[0]!.headers;
    expect(h.authorization).toBe(`bearer ${token}`);
    for (const name of [
      'cookie',
      'x-forwarded-for',
      'x-forwarded-host',
      'x-forwarded-proto',
      'forwarded',
      'x-real-ip',
      'x-http-method-override',
      'x-original-url',
      'x-pam-client',
      'sec-fetch-site',
    ])
      expect(h[name], name).toBeUndefined();
    expect(h.host).toBe(new URL(ref.server.url).host);
    expect(wholeText(got)).not.toContain(token);
  });

  it("the API's Set-Cookie and other headers never reach the browser; the token in none", async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url === '/auth/login') return json(res, 200, loginOk());
      const hostileHeaders = {
        'set-cookie': [`${NAME}=forged; Path=/`, `sid=${TOKEN}; Path=/`] as unknown as string,
        'access-control-allow-origin': '*',
        'access-control-allow-credentials': 'true',
        location: `https://evil.host/?t=${TOKEN}`,
        refresh: `0;url=https://evil.host/?t=${TOKEN}`,
        'x-token': TOKEN,
        'www-authenticate': `Bearer error="${TOKEN}"`,
        link: '<https://evil.host/>; rel=preload',
        'content-disposition': 'attachment; filename="x.html"',
        'content-security-policy': "script-src 'unsafe-inline'",
      };
      return json(res, 200, { street: 'R. A', user: user() }, hostileHeaders);
    };
    const pam = pamFor(api);
    const served = await serveHandler((r, c) => pam.handle(r, c));
    try {
      const login = await raw(served.url, '/pam/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-pam-client': '1' },
        body: JSON.stringify({ login: 'p@example.com', password: 'Secret123!' }),
      });
      expect(login.status).toBe(200);
      const cookie = login.setCookie[0]!.split(';')[0]!;
      const got = await raw(served.url, '/pam/bff/users/address-by-user', {
        headers: { cookie, 'x-pam-client': '1' },
      });
      expect(got.status).toBe(200);
      const passed = Object.keys(got.headers).filter(
        (k) =>
          ![
            'date',
            'cache-control',
            'x-content-type-options', // the proxy's own (review 120's fix)
            'content-type',
            'connection',
            'keep-alive',
            'transfer-encoding',
            'content-length',
            'set-cookie',
          ].includes(k),
      );
      expect(passed).toEqual([]);
      expect(got.setCookie.every((l) => l.startsWith(`${NAME}=`) && !l.includes('forged'))).toBe(true);
      expect(wholeText(got)).not.toContain(TOKEN);
      expect(wholeText(login)).not.toContain(TOKEN);
    } finally {
      await served.close();
    }
  });
});
