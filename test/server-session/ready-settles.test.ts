import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { createServerTabs } from '../../machines/server-session/tabs';
import { fullInfo, json, loginOk, pamFor, signIn, useHostile, user } from '../server/hostile';
import { until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { installFakeTimers } from '../support/fake-timers';
import { type ServedHandler, serveHandler } from '../support/serve-handler';
import { SIGNED_OUT, UNAVAILABLE } from './seeded-client';
import { browserProfile } from './support';

// `client.ready` settles once the client knows what it can show (API.md, docs/server.md): a seed
// route that answers `unavailable` (the API's profile read fails), fails (5xx, 429, a hung read
// ended by the adapter's timeout, the proxy unreachable), answers 401 or something that is no
// seed. Never signed in without a player: a read that did not say where the session stands is
// shown signed out with its error, and read again in the background (a session that comes back
// is then signed in). Real sockets: `pam-client/server` in front of a hostile API, or a hostile
// proxy; time simulated (the adapter's timeout and the backoff on fake timers).

const hostile = useHostile();
const served: ServedHandler[] = [];
const clients: ServerSessionClientBase[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.stop();
  await Promise.all(served.splice(0).map((s) => s.close()));
  vi.useRealTimers();
});

const TIMEOUT = 2_000;

function start(
  url: string,
  cookie?: string,
  channel: import('../../machines/environment').BroadcastChannelLike | null = null,
) {
  const profile = browserProfile(url);
  if (cookie) {
    const eq = cookie.indexOf('=');
    profile.cookies.set(cookie.slice(0, eq), cookie.slice(eq + 1));
  }
  const client = createServerSessionClient({
    prefix: '/pam',
    fetch: profile.fetch,
    timeout: TIMEOUT,
    environment: { channel },
  });
  clients.push(client);
  let settled = false;
  void client.ready.then(() => {
    settled = true;
  });
  return { client, profile, settled: () => settled };
}

/** Fake time forward in steps, the event loop turning between them (real sockets keep up). */
async function pass(ms: number, step = 250) {
  for (let t = 0; t < ms; t += step) {
    await vi.advanceTimersByTimeAsync(step);
    await until(() => true);
  }
}

describe('createServerSessionClient: ready', () => {
  it("settles while the API's profile read fails (the seed route answers `unavailable`): signed out with the error, no player; signed in once the read works", async () => {
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = await hostile.api();
    let profileUp = false;
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      if (req.url?.startsWith('/auth/user-profile'))
        return profileUp
          ? json(res, 200, { user: user(), userInfo: fullInfo() })
          : json(res, 503, { message: 'down' });
      json(res, 404, {});
    };
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const app = await serveHandler((request, context) => pam.handle(request, context));
    served.push(app);
    const { client, settled } = start(app.url, cookie);
    expect(client.view.status).toBe('restoring');
    // No time passes: the seed route's one answer is enough to know what to show.
    await until(settled, 'ready settled');
    const view = await client.ready;
    expect(view.status).toBe('signedOut');
    expect(view.user).toBeNull();
    expect(view.restrictions).toBeNull();
    expect(view.error).toMatchObject({ code: 'http', status: 503 });
    expect(client.view).toBe(view);
    // The API recovers: the next try (the seed route's backoff, 1 s ± 10 %) signs the session in.
    profileUp = true;
    await pass(1_500);
    await until(() => client.view.status === 'signedIn', 'signed in once the profile reads');
    expect(client.view.user?.id).toBe(1);
    expect(client.view.error).toBeNull();
    expect(client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
  });

  const seedRoute = async (answer: (req: import('node:http').IncomingMessage) => unknown) => {
    const proxy = await hostile.api();
    proxy.handler = (req, res) => {
      const a = answer(req) as { status: number; body: unknown } | 'hang';
      if (a !== 'hang') json(res, a.status, a.body);
    };
    return proxy;
  };

  for (const [name, status, body] of [
    ['a 500', 500, { message: 'boom' }],
    ['a 502', 502, { pam: 'unreachable' }],
    ['a 503', 503, 'not json at all'],
    ['a 429', 429, { message: 'slow down' }],
  ] as const)
    it(`settles when the seed route answers ${name}: signed out with the error, and reads again`, async () => {
      await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let up = false;
      const proxy = await seedRoute(() =>
        up
          ? {
              status: 200,
              body: SIGNED_OUT,
            }
          : { status, body },
      );
      const { client, settled } = start(proxy.url);
      // The adapter's one GET retry waits a backoff on the fake clock.
      for (let i = 0; i < 40 && !settled(); i++) await pass(250);
      expect(settled()).toBe(true);
      expect(client.view).toMatchObject({ status: 'signedOut', user: null, restrictions: null });
      expect(client.view.error).toMatchObject({ code: 'http', status });
      up = true;
      await pass(40_000, 1_000);
      await until(() => client.view.error === null, 'read again: signed out for good');
      expect(client.view.status).toBe('signedOut');
    });

  it('settles when the seed read hangs: the adapter timeout ends it (timeout error)', async () => {
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const proxy = await seedRoute(() => 'hang');
    const { client, settled } = start(proxy.url);
    await until(() => proxy.requests.length === 1, 'the seed read sent');
    // Two tries of the adapter (one GET retry), each ended by its timeout, and a backoff between.
    for (let i = 0; i < 40 && !settled(); i++) await pass(250);
    expect(settled()).toBe(true);
    expect(client.view).toMatchObject({ status: 'signedOut', user: null, restrictions: null });
    expect(client.view.error?.code).toBe('timeout');
  });

  it('settles when the proxy is unreachable (network error)', async () => {
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const proxy = await hostile.api();
    const url = proxy.url;
    await proxy.close();
    const { client, settled } = start(url);
    for (let i = 0; i < 40 && !settled(); i++) await pass(250);
    expect(settled()).toBe(true);
    expect(client.view).toMatchObject({ status: 'signedOut', user: null, restrictions: null });
    expect(client.view.error?.code).toBe('network');
  });

  it('settles signed out on a 401, and on an answer that is no seed (its error set)', async () => {
    const gone = await seedRoute(() => ({ status: 401, body: { message: 'Unauthenticated.' } }));
    const a = start(gone.url);
    await until(a.settled, 'ready settled on the 401');
    expect(a.client.view).toMatchObject({ status: 'signedOut', user: null, restrictions: null });
    const odd = await seedRoute(() => ({ status: 200, body: { status: 'signedIn', user: { id: 'x' } } }));
    const b = start(odd.url);
    await until(b.settled, 'ready settled on the answer that is no seed');
    expect(b.client.view).toMatchObject({ status: 'signedOut', user: null, restrictions: null });
    expect(b.client.view.error?.code).toBe('invalid_response');
  });
  it('signed out for a read that could not tell, it reads again at once when another tab signs in, never `restoring` again', async () => {
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let signedIn = false;
    const at = Date.now();
    const proxy = await seedRoute(() => ({
      status: 200,
      body: signedIn
        ? {
            status: 'signedIn',
            user: user({ id: 7, token: undefined }),
            userInfo: fullInfo(),
            readAt: at,
            loginId: 'login-2',
            expiresAt: at + 3_600_000,
          }
        : UNAVAILABLE,
    }));
    const hub = new FakeChannelHub();
    const { client, settled } = start(proxy.url, undefined, hub.channel());
    await until(settled, 'ready settled');
    expect(client.view).toMatchObject({ status: 'signedOut', user: null, error: { status: 503 } });
    const statuses: string[] = [];
    client.subscribe((v) => statuses.push(v.status));
    signedIn = true;
    createServerTabs(hub.channel(), 'another-tab', false).post({ type: 'signedIn', loginId: 'login-2' });
    // No time passes: the message, not the backoff, brings the read.
    await until(() => client.view.status === 'signedIn', 'signed in from the read the message asked for');
    expect(client.view.user?.id).toBe(7);
    expect(client.view.error).toBeNull();
    expect(statuses).not.toContain('restoring');
    expect(proxy.requests.filter((r) => r.url === '/pam/session')).toHaveLength(2);
  });
});
