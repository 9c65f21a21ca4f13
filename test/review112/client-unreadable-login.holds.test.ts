// Review 112 (probe 1): the server-session browser client when the proxy answers 502 for an
// unreadable login answer of the API (a key twice, an underflowing number, invalid JSON, an HTML
// page with 200). Real sockets: a hostile node:http API, `pam-client/server` served in front of it,
// the browser client on a cookie-keeping fetch. Every view and every answer is scanned for the token.
import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';
import { json, loginOk, pamFor, useHostile, user } from '../server/hostile';
import { browserProfile } from '../server-session/support';
import { until } from '../support/event-loop';
import { serveHandler } from '../support/serve-handler';

const hostile = useHostile();
const stops: (() => unknown)[] = [];
afterEach(async () => {
  for (const s of stops.splice(0)) await s();
});

const TOK = 'LEAKCANARY-tok-0123456789abcdef';
const full = () => JSON.stringify(loginOk({}, TOK));
const BODIES: Record<string, { status: number; body: string; type?: string }> = {
  'duplicate access_token': {
    status: 200,
    body: `{"access_token":"${TOK}","access_token":"${TOK}-2nd",${full()
      .slice(1)
      .replace(/"access_token":"[^"]*",/, '')}`,
  },
  'underflow number': { status: 200, body: full().replace('"expires_in":28800', '"expires_in":1e-400') },
  'invalid JSON': { status: 200, body: `${full().slice(0, -1)},}` },
  'HTML error page with 200': {
    status: 200,
    type: 'text/html',
    body: `<html><body>Error token=${TOK}</body></html>`,
  },
};

describe('review 112: the browser client shown an unreadable login answer', () => {
  for (const [name, bad] of Object.entries(BODIES)) {
    it(`${name}: a typed error, never signed in, no token anywhere`, async () => {
      const api = await hostile.api();
      api.handler = (req, res) => {
        if (req.url === '/auth/login')
          return json(res, bad.status, bad.body, bad.type ? { 'content-type': bad.type } : {});
        if (req.url === '/auth/logout') return json(res, 204, '');
        if (req.url?.startsWith('/auth/user-profile'))
          return json(res, 200, { user: user({ token: TOK }), userInfo: {} });
        return json(res, 404, {});
      };
      const pam = pamFor(api, { cookie: { secure: false } });
      const served = await serveHandler((r, c) => pam.handle(r, c));
      stops.push(() => served.close());
      const profile = browserProfile(served.url);
      const client = createServerSessionClient({ fetch: profile.fetch, environment: { channel: null } });
      stops.push(() => client.stop());
      const views: string[] = [];
      const statuses: string[] = [];
      client.subscribe((v) => {
        statuses.push(v.status);
        views.push(
          JSON.stringify(v, (_k, x) => (x instanceof Error ? { ...x, message: x.message, name: x.name } : x)),
        );
      });
      await client.ready;
      client.login({ login: 'p@example.com', password: 'Secret123!' });
      await until(
        () =>
          client.view.status === 'failed' ||
          (client.view.status === 'signedOut' && client.view.error != null),
        () => client.view.status,
      );
      const err = client.view.error as { code?: string; message?: string } | null;
      expect(statuses).not.toContain('signedIn');
      expect(err).not.toBeNull();
      expect(typeof err?.code).toBe('string');
      expect(String(err?.message)).not.toContain(TOK);
      for (const v of views) expect(v).not.toContain(TOK);
      for (const s of profile.seen) {
        expect(s.text).not.toContain(TOK);
        expect(s.headers).not.toContain(TOK);
      }
      expect(profile.cookies.size).toBe(0);
      // the view after the failure still has no player
      expect(client.view.user ?? null).toBeNull();
    });
  }
});
