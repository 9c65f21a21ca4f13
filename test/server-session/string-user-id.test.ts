// REVIEW-P P12: an API that sends `user.id` as a string ("1", as PHP/Laravel APIs send numeric
// columns). The proxy reads it as the schemas read a number ("1" is 1) and signs the player in, but
// its seed carried `user.id: "1"` as the API wrote it, which the browser client's seed check refuses
// (`invalid_response`): the page showed signed out over a live session while the same request's
// server render showed signed in. The seed now carries what the server judged (`user.id` 1), so
// the two read the player alike.

import { describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { fullInfo, json, loginOk, pamFor, useHostile, user } from '../server/hostile';
import { until } from '../support/event-loop';
import { serveHandler } from '../support/serve-handler';
import { browserProfile } from './support';

const hostile = useHostile();

describe('user.id sent as a string ("1")', () => {
  it.each(['1', ' 1 '])('%j: the seed says 1, the page client starts signed in from it', async (id) => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk({ user: user({ id }) }));
      if (req.url?.startsWith('/auth/user-profile'))
        return json(res, 200, { user: user({ id }), userInfo: { ...loginOk().userInfo, ...fullInfo() } });
      json(res, 404, {});
    };
    const pam = pamFor(api, { cookie: { secure: false } });
    const served = await serveHandler((request, context) => pam.handle(request, context));
    const clients: ServerSessionClientBase[] = [];
    try {
      const profile = browserProfile(served.url);
      const first = createServerSessionClient({ fetch: profile.fetch, environment: { channel: null } });
      clients.push(first);
      await first.ready;
      first.login({ login: 'p@example.com', password: 'Secret123!' });
      await until(
        () => first.view.restrictions?.status === 'current',
        () => JSON.stringify(first.view),
      );
      expect(first.view.status).toBe('signedIn');
      const cookie = [...profile.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const page = await pam.getSession(new Request(`${served.url}/`, { headers: { cookie } }));
      expect(page.initial).toMatchObject({ status: 'signedIn', user: { id: 1 } });
      expect(page.player?.id).toBe(1);
      // The page's client, from the server's seed (serialised into the page, as an app does).
      const seeded = createServerSessionClient({
        initial: JSON.parse(JSON.stringify(page.initial)),
        fetch: profile.fetch,
        environment: { channel: null },
      });
      clients.push(seeded);
      const shown = await seeded.ready;
      expect(shown).toMatchObject({ status: 'signedIn', error: null, user: { id: 1 } });
      await until(
        () => seeded.view.restrictions?.status === 'current',
        () => JSON.stringify(seeded.view),
      );
      expect(seeded.view).toMatchObject({ status: 'signedIn', error: null });
      // The seed route says the same.
      const route = await pam.handle(
        new Request(`${served.url}/pam/session`, { headers: { cookie, 'x-pam-client': '1' } }),
      );
      expect(await route?.json()).toMatchObject({ status: 'signedIn', user: { id: 1 } });
    } finally {
      for (const c of clients) c.stop();
      await served.close();
    }
  });
});
