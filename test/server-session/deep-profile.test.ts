// REVIEW-M LOW-2: a profile answer nested deeper than the proxy walks (64 levels) made the seed
// `unavailable`, so the server-session client showed signed out (with a 503) while the cookie was
// live, and the page offered a sign-in instead of a logout. The browser client (`createPamClient`)
// keeps that player signed in. Now the seed is `signedIn` for the session's player (read before
// anything is shown), with nothing of the answer it cannot pass on: the restrictions unknown,
// `canBet` false (fail closed), in the seed route, `getSession` and the client's view alike, until
// the client's own profile read (relayed after the core's schema read it) says them. Over real
// sockets: a hostile API behind `pam-client/server`.

import { describe, expect, it } from 'vitest';
import {
  createPamClient,
  createServerSessionClient,
  type ServerSessionClientBase,
} from '../../machines/index';
import {
  cookieOf,
  fullInfo,
  type HostileAPI,
  json,
  logIn,
  loginOk,
  pamFor,
  TOKEN,
  useHostile,
  user,
} from '../server/hostile';
import { until } from '../support/event-loop';
import { serveHandler } from '../support/serve-handler';
import { browserProfile } from './support';

const hostile = useHostile();

const nested = (depth: number) => `${'{"a":'.repeat(depth)}"deep-value"${'}'.repeat(depth)}`;

/** A hostile API whose profile nests `depth` levels under `userInfo.deep` (or `user.deep`), as raw JSON text. */
async function deepApi(depth: number, inUser = false): Promise<HostileAPI> {
  const api = await hostile.api();
  const withDeep = (o: object) => `${JSON.stringify(o).slice(0, -1)},"deep":${nested(depth)}}`;
  const info = { ...loginOk().userInfo, ...fullInfo() };
  const body = inUser
    ? `{"user":${withDeep(user())},"userInfo":${JSON.stringify(info)}}`
    : `{"user":${JSON.stringify(user())},"userInfo":${withDeep(info)}}`;
  api.handler = (req, res) => {
    if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
    if (req.url?.startsWith('/auth/logout')) return json(res, 200, {});
    if (req.url?.startsWith('/auth/user-profile')) return json(res, 200, body);
    json(res, 404, {});
  };
  return api;
}

async function served(api: HostileAPI) {
  const pam = pamFor(api, { cookie: { secure: false } });
  const site = await serveHandler((request, context) => pam.handle(request, context));
  return { pam, site };
}

describe('a profile nested deeper than the proxy walks: still signed in, restrictions unknown', () => {
  it('getSession and the seed route: signed in as the session player, canBet false, nothing of the answer', async () => {
    const api = await deepApi(70);
    const { pam, site } = await served(api);
    try {
      const cookie = cookieOf(await logIn(pam));
      const view = await pam.getSession(new Request(`${site.url}/`, { headers: { cookie } }));
      expect(view.initial).toMatchObject({ status: 'signedIn', user: { id: 1 } });
      expect(view.player?.id).toBe(1);
      expect(view.restrictions).toMatchObject({ status: 'unknown', canBet: false });
      const seed = await (await pam.handle(
        new Request(`${site.url}/pam/session`, { headers: { cookie, 'x-pam-client': '1' } }),
      ))!.json();
      expect(seed).toMatchObject({ status: 'signedIn', user: { id: 1 } });
      for (const text of [JSON.stringify(view), JSON.stringify(seed)]) {
        expect(text).not.toContain('deep-value');
        expect(text).not.toContain(TOKEN);
      }
    } finally {
      await site.close();
    }
  });

  it('the client from that seed, or reading it itself: signed in from its first frame, canBet false until its own read, never signed out', async () => {
    const api = await deepApi(70);
    const { pam, site } = await served(api);
    const clients: ServerSessionClientBase[] = [];
    try {
      const first = browserProfile(site.url);
      const signer = createServerSessionClient({ fetch: first.fetch, environment: { channel: null } });
      clients.push(signer);
      await signer.ready;
      signer.login({ login: 'p@example.com', password: 'Secret123!' });
      // The profile relay reads it with the core's schema (the unknown deep field is not kept): current.
      await until(() => signer.view.restrictions?.status === 'current', 'the login read its restrictions');
      const cookie = [...first.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const page = await pam.getSession(new Request(`${site.url}/`, { headers: { cookie } }));
      // A page rendered with that seed, and one that reads the seed route itself.
      for (const initial of [page.initial, undefined]) {
        const client = createServerSessionClient({
          fetch: first.fetch,
          environment: { channel: null },
          ...(initial ? { initial } : {}),
        });
        clients.push(client);
        const views = [client.view];
        client.subscribe((v) => views.push(v));
        const ready = await client.ready;
        expect(ready).toMatchObject({ status: 'signedIn', user: { id: 1 } });
        expect(ready.restrictions).toMatchObject({ status: 'unknown', canBet: false });
        await until(() => client.view.restrictions?.status === 'current', 'its own read');
        expect(client.view).toMatchObject({ status: 'signedIn', user: { id: 1 } });
        expect(views.map((v) => v.status)).not.toContain('signedOut');
        // Free to bet only once its own read came (never from the seed).
        const freed = views.findIndex((v) => v.restrictions?.canBet === true);
        expect(views.slice(0, freed).every((v) => v.restrictions?.status !== 'current')).toBe(true);
      }
    } finally {
      for (const c of clients) c.stop();
      await site.close();
    }
  });

  it('the browser client (createPamClient) against the same API: signed in too', async () => {
    const api = await deepApi(70);
    const client = createPamClient({
      baseURL: api.url,
      fetch: globalThis.fetch,
      timeout: 5000,
      environment: { channel: null },
    });
    try {
      await until(() => client.view.status === 'signedOut', 'restored');
      client.login({ login: 'p@example.com', password: 'Secret123!' });
      // Its own read of that answer (no proxy between): signed in, the restrictions read.
      await until(
        () => client.view.restrictions?.status === 'current',
        () => JSON.stringify(client.view),
      );
      expect(client.view.status).toBe('signedIn');
    } finally {
      client.stop();
    }
  });

  it('nested in the player: shown by id alone, signed in, canBet false', async () => {
    const api = await deepApi(70, true);
    const { pam, site } = await served(api);
    try {
      const cookie = cookieOf(await logIn(pam));
      const view = await pam.getSession(new Request(`${site.url}/`, { headers: { cookie } }));
      expect(view.initial).toMatchObject({ status: 'signedIn', user: { id: 1 }, userInfo: {} });
      expect(view.player).toEqual({ id: 1 });
      expect(view.restrictions).toMatchObject({ status: 'unknown', canBet: false });
      expect(JSON.stringify(view)).not.toContain('deep-value');
    } finally {
      await site.close();
    }
  });

  it('within 64 levels: passed on whole (signed in, the restrictions read)', async () => {
    const api = await deepApi(60);
    const { pam, site } = await served(api);
    try {
      const cookie = cookieOf(await logIn(pam));
      const view = await pam.getSession(new Request(`${site.url}/`, { headers: { cookie } }));
      expect(view.initial.status).toBe('signedIn');
      expect(view.restrictions).toMatchObject({ status: 'current', canBet: true });
      expect(JSON.stringify(view.initial)).toContain('deep-value');
    } finally {
      await site.close();
    }
  });
});
