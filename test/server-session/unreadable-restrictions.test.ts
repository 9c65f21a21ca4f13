// The proxy reads the profile with the core's schema before the server-session client sees it: a
// restriction field the API sent unreadable (a word for a flag, an object for a date, one nested
// past what the proxy walks) must not reach the client as "not sent" (no restriction, free to
// bet). For each, the server-session client through the proxy and `createPamClient` on the API
// itself both show the player signed in and not free to bet, and `getSession` never says `canBet`.
// Over real sockets: a hostile API behind `pam-client/server`.

import { describe, expect, it } from 'vitest';
import { createPamClient, createServerSessionClient } from '../../machines/index';
import { cookieOf, fullInfo, json, logIn, loginOk, pamFor, useHostile, user } from '../server/hostile';
import { until } from '../support/event-loop';
import { serveHandler } from '../support/serve-handler';
import { browserProfile } from './support';

const hostile = useHostile();
const deep = (depth: number): unknown => (depth === 0 ? '2026-11-20 10:00:00' : { a: deep(depth - 1) });

describe('an unreadable restriction field through the proxy: never free to bet', () => {
  it.each([
    ['a word for the pause', { user_pause: 'yes' }],
    ['an object for the exclusion', { user_exclusion: { days: 30 } }],
    ['a flag of 2 for the SPA exclusion', { spa_exclusion: 2 }],
    ['an exclusion dated by an object', { user_exclusion: 6, user_exclusion_at: { at: 'now' } }],
    [
      'an operator exclusion dated 70 levels deep',
      { operator_exclusion: 1, operator_exclusion_at: deep(70) },
    ],
    ['a time limit of a word', { user_limit_time: 'abc', user_limit_time_active: 1 }],
  ])('%s', async (_, over) => {
    const api = await hostile.api();
    const info = { ...loginOk().userInfo, ...fullInfo(over) };
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      if (req.url?.startsWith('/auth/user-profile')) return json(res, 200, { user: user(), userInfo: info });
      json(res, 404, {});
    };
    const pam = pamFor(api, { cookie: { secure: false } });
    const site = await serveHandler((request, context) => pam.handle(request, context));
    const profile = browserProfile(site.url);
    const proxied = createServerSessionClient({ fetch: profile.fetch, environment: { channel: null } });
    const direct = createPamClient({
      baseURL: api.url,
      fetch: globalThis.fetch,
      timeout: 5000,
      environment: { channel: null },
    });
    try {
      await proxied.ready;
      await until(() => direct.view.status === 'signedOut', 'restored');
      for (const c of [proxied, direct]) c.login({ login: 'p@example.com', password: 'Secret123!' });
      // Each has read (or failed to read) the profile once.
      const read = (c: typeof proxied | typeof direct) =>
        c.view.restrictions?.checkedAt != null || c.view.restrictions?.error != null;
      await until(
        () => read(proxied) && read(direct),
        () => JSON.stringify([proxied.view, direct.view]),
      );
      for (const c of [proxied, direct]) {
        expect(c.view.status).toBe('signedIn');
        expect(c.view.restrictions?.canBet).toBe(false);
      }
      const cookie = cookieOf(await logIn(pam));
      const page = await pam.getSession(new Request(`${site.url}/`, { headers: { cookie } }));
      expect(page.restrictions?.canBet ?? false).toBe(false);
    } finally {
      proxied.stop();
      direct.stop();
      await site.close();
    }
  });
});
