// Review 88 (holds): what the relay sends to the API and what comes back (docs/server.md, "Proxy
// rules"): request headers only `Accept`, `Accept-Language`, `Content-Type: application/json`, the
// session's `Authorization` (the browser's `Cookie` and `Authorization` never); answer headers only
// `Date` and `Retry-After` as the proxy writes them, its own `Content-Type`, `Cache-Control:
// no-store` and its own `Set-Cookie`; a 3xx is the fixed 502 without its `Location`; a 2xx that is
// not JSON (HTML) is the fixed 502.

import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { openCookie } from '../server/harness';
import { APP, fullInfo, json, loginOk, pamFor, signIn, TOKEN, useHostile, user } from '../server/hostile';

const hostile = useHostile();
const PROFILE = '/pam/auth/user-profile?check_spa_again=1';

const BROWSER_HEADERS: Record<string, string> = {
  authorization: 'Bearer attacker-chosen-token-1234567890',
  'proxy-authorization': 'Basic YTpi',
  'x-forwarded-for': '6.6.6.6',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
  forwarded: 'for=6.6.6.6;host=evil.example',
  'x-real-ip': '6.6.6.6',
  'x-http-method-override': 'DELETE',
  'x-method-override': 'DELETE',
  'x-original-url': '/auth/logout',
  'x-rewrite-url': '/auth/logout',
  'x-pam-client': '1',
  'x-requested-with': 'XMLHttpRequest',
  'user-agent': 'evil-agent',
  'accept-language': 'pt-BR',
  referer: `${APP}/account`,
  origin: APP,
};

describe('review 88: the headers the relay forwards', () => {
  it.each([
    ['GET', PROFILE, undefined],
    ['PATCH', '/pam/bff/users/update-limits', { user_limit_deposit: 10, user_limit_deposit_period: 'daily' }],
    ['POST', '/pam/auth/forgot-password', { email: 'p@example.com' }],
  ] as const)(
    '%s %s: only the allowed headers, the session token as Authorization',
    async (method, path, body) => {
      const api = await hostile.api();
      const seen: IncomingHttpHeaders[] = [];
      api.handler = (req, res) => {
        seen.push(req.headers);
        if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
        return json(res, 200, { user: user(), userInfo: fullInfo({ ...loginOk().userInfo }) });
      };
      const pam = pamFor(api, { origin: APP });
      const cookie = await signIn(pam);
      const { token } = await openCookie(cookie.split('=').slice(1).join('='));
      const headers = new Headers(BROWSER_HEADERS);
      headers.set('cookie', `${cookie}; app_session=the-apps-own-cookie; XSRF-TOKEN=abc`);
      if (body) headers.set('content-type', 'application/json');
      const answer = (await pam.handle(
        new Request(`${APP}${path}`, { method, headers, body: body && JSON.stringify(body) }),
      ))!;
      await answer.text();
      const sent = seen.at(-1)!;
      const names = Object.keys(sent).sort();
      const allowed = [
        'accept',
        'accept-language',
        'authorization',
        'content-type',
        'content-length',
        'host',
        'connection',
        'accept-encoding',
        'sec-fetch-mode',
        'user-agent',
      ];
      expect(names.filter((n) => !allowed.includes(n))).toEqual([]);
      expect(sent.cookie).toBeUndefined();
      expect(sent['user-agent']).not.toBe('evil-agent'); // forwardClient is off
      if (!path.includes('forgot'))
        expect(sent.authorization).toBe(`bearer ${token}`); // the login answer's token_type
      else expect(sent.authorization).toBeUndefined();
      expect(sent.host).toBe(new URL(api.url).host);
    },
  );
});

const UPSTREAM_HEADERS: Record<string, string> = {
  'set-cookie': 'laravel_session=abc; Path=/; Domain=app.example',
  location: '/elsewhere',
  refresh: '0; url=https://evil.example',
  'www-authenticate': `Bearer error="invalid_token" token="${TOKEN}"`,
  link: '<https://evil.example/x.js>; rel=preload; as=script',
  'x-token': TOKEN,
  authorization: `Bearer ${TOKEN}`,
  'access-control-allow-origin': '*',
  'access-control-allow-credentials': 'true',
  'content-security-policy': "script-src 'unsafe-inline'",
  'cache-control': 'public, max-age=31536000',
  expires: 'Thu, 01 Jan 2099 00:00:00 GMT',
  'clear-site-data': '"cookies"',
  'content-disposition': 'inline; filename="x.html"',
  'x-frame-options': 'ALLOWALL',
};

describe('review 88: the headers the relay passes back', () => {
  it.each([200, 401, 422, 500])(
    'a %i answer: no header of the API but Date and Retry-After',
    async (status) => {
      const api = await hostile.api();
      api.handler = (req, res) => {
        if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
        json(
          res,
          status,
          { user: user(), userInfo: fullInfo({ ...loginOk().userInfo }), message: 'x' },
          {
            ...UPSTREAM_HEADERS,
            'retry-after': '30',
          },
        );
      };
      const pam = pamFor(api, { origin: APP });
      const cookie = await signIn(pam);
      const answer = (await pam.handle(new Request(`${APP}${PROFILE}`, { headers: { cookie } })))!;
      const text = await answer.text();
      const names = [...answer.headers.keys()].sort();
      expect(
        names.filter(
          (n) =>
            // (`x-content-type-options` is the proxy's own, review 120.)
            ![
              'cache-control',
              'content-type',
              'date',
              'retry-after',
              'set-cookie',
              'x-content-type-options',
            ].includes(n),
        ),
      ).toEqual([]);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('content-type')).toBe('application/json');
      for (const line of answer.headers.getSetCookie()) expect(line).toMatch(/^__Host-pam-session=/);
      expect(`${text}${[...answer.headers].join()}`).not.toContain(TOKEN);
    },
  );

  it.each([301, 302, 303, 307, 308, 300, 304])(
    'a %i of the API: the fixed 502, no Location',
    async (status) => {
      const api = await hostile.api();
      api.handler = (req, res) => {
        if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
        res.writeHead(status, { location: `https://evil.example/?t=${TOKEN}`, 'content-type': 'text/html' });
        res.end(`<a href="https://evil.example/?t=${TOKEN}">moved</a>`);
      };
      const pam = pamFor(api, { origin: APP });
      const cookie = await signIn(pam);
      const answer = (await pam.handle(new Request(`${APP}${PROFILE}`, { headers: { cookie } })))!;
      const text = await answer.text();
      expect(answer.status).toBe(502);
      expect(answer.headers.get('location')).toBeNull();
      expect(answer.headers.get('content-type')).toBe('application/json');
      expect(JSON.parse(text)).toMatchObject({ pam: 'invalid_response' });
      expect(text).not.toContain('evil');
    },
  );

  it.each(['text/html', 'image/svg+xml', 'application/xhtml+xml', 'text/xml', ''])(
    'a 200 of type %j holding markup: never served as markup from the app origin',
    async (type) => {
      const api = await hostile.api();
      api.handler = (req, res) => {
        if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
        res.writeHead(200, type ? { 'content-type': type } : {});
        res.end('<html><script>alert(document.cookie)</script></html>');
      };
      const pam = pamFor(api, { origin: APP });
      const cookie = await signIn(pam);
      for (const path of [PROFILE, '/pam/bff/users/address-by-user']) {
        const answer = (await pam.handle(new Request(`${APP}${path}`, { headers: { cookie } })))!;
        const text = await answer.text();
        expect(answer.status).toBe(502);
        expect(answer.headers.get('content-type')).toBe('application/json');
        expect(text).not.toContain('<script>');
      }
    },
  );

  it('a JSON answer holding markup goes out as application/json, never text/html', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      json(res, 200, { street: '</script><script>alert(1)</script>' }, { 'content-type': 'text/html' });
    };
    const pam = pamFor(api, { origin: APP });
    const cookie = await signIn(pam);
    const answer = (await pam.handle(
      new Request(`${APP}/pam/bff/users/address-by-user`, { headers: { cookie } }),
    ))!;
    await answer.text();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
  });
});
