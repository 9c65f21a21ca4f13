import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { turns, until } from '../support/event-loop';
import { type BrowserProfile, browserProfile, runningClock, usePam } from './support';

// A pause accepted in server-session mode is kept for the player past the login and the page, as
// `createPamClient` keeps it (`pam-client.restricted:<id>` in `localStorage`, and in memory): a
// later login or page of the player whose reads come from a replica that has not seen it yet is
// barred (stale), never free to bet, until a read of its own shows it (review H, M2). Over real
// sockets: the reference server, `pam-client/server` in front of it.

const clock = runningClock();
const { ref, fx } = usePam(clock);

const clients: ServerSessionClientBase[] = [];
let storage: Map<string, string> | null = null;
beforeEach(() => {
  storage = new Map();
  const m = storage;
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => m.set(k, String(v)),
    removeItem: (k: string) => m.delete(k),
  };
});
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
  delete (globalThis as { localStorage?: unknown }).localStorage;
  storage = null;
});

const NO_PAUSE = { user_pause: 0, user_pause_at: null, user_pause_in: null, user_pause_min: null };

/** The browser's fetch, with a switch: answers (the login's, the profile's) from a replica without the pause. */
function lagging(profile: BrowserProfile) {
  const gate = { lag: false, profileReads: 0 };
  const call = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(typeof input === 'string' || input instanceof URL ? input : input.url);
    const res = await profile.fetch(input, init);
    if (url.includes('user-profile')) gate.profileReads++;
    if (!gate.lag || res.status !== 200 || !/user-profile|auth\/login/.test(url)) return res;
    const body = (await res.json()) as { userInfo?: Record<string, unknown> };
    if (body.userInfo) Object.assign(body.userInfo, NO_PAUSE);
    return new Response(JSON.stringify(body), { status: 200, headers: res.headers });
  }) as typeof fetch;
  return { fetch: call, gate };
}

type Options = NonNullable<Parameters<typeof createServerSessionClient>[0]>;
function clientOf(fetch: typeof globalThis.fetch, options: Options = {}) {
  const { plain } = ref.server.seed;
  const c = createServerSessionClient({
    fetch,
    flows: [userModule()],
    environment: { channel: null },
    onStepUp: async () => plain.password,
    ...options,
  });
  clients.push(c);
  return c as typeof c & {
    user: { setTimeoutLimits(p: { user_pause: number; reason: number }): Promise<unknown> };
  };
}

/** Signs `client` in as the plain player; resolves once its restrictions are read. */
async function signIn(client: ServerSessionClientBase) {
  const { plain } = ref.server.seed;
  await client.ready;
  client.login({ login: plain.email, password: plain.password });
  await until(() => client.view.restrictions?.status === 'current', 'signed in, restrictions read');
}

/** A pause accepted in `client`, shown; then signed out. */
async function pauseAndSignOut(client: ReturnType<typeof clientOf>) {
  await signIn(client);
  expect(client.view.restrictions?.canBet).toBe(true);
  await client.user.setTimeoutLimits({ user_pause: 7, reason: 1 });
  await until(
    () =>
      client.view.restrictions?.status === 'current' &&
      !!client.view.restrictions.inForce.some((r) => r.kind === 'pause'),
    'the pause read',
  );
  client.logout();
  await until(() => client.view.status === 'signedOut', 'signed out');
}

describe('server-session: a restriction accepted outlives the login and the page', () => {
  it('a new client (another page) whose login reads a lagging replica is barred, not free to bet', async () => {
    const profile = browserProfile(fx.served.url);
    const net = lagging(profile);
    const a = clientOf(net.fetch);
    await pauseAndSignOut(a);
    a.stop();
    // The restriction kept for the player, and the login signed out (an old page's seed of it refused).
    expect([...storage!.keys()].sort()).toEqual([
      `pam-client.restricted:${ref.server.seed.plain.id}`,
      'pam-client.signedOut',
    ]);
    expect(JSON.parse(storage!.get('pam-client.signedOut')!)).toHaveLength(1);
    net.gate.lag = true;
    const b = clientOf(net.fetch);
    await b.ready;
    const { plain } = ref.server.seed;
    const reads = net.gate.profileReads;
    const seen: (boolean | undefined)[] = [];
    b.subscribe((v) => seen.push(v.restrictions?.canBet));
    b.login({ login: plain.email, password: plain.password });
    await until(() => b.view.status === 'signedIn', 'signed in');
    await until(() => net.gate.profileReads > reads, 'its profile read (a lagging replica) answered');
    await turns(20);
    expect(b.view.restrictions).toMatchObject({ canBet: false });
    expect(b.view.restrictions?.status).not.toBe('current');
    expect(seen).not.toContain(true);
  });

  it('the same client, signed in again after a sign-out, from a lagging replica and no storage: barred (memory)', async () => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
    const profile = browserProfile(fx.served.url);
    const net = lagging(profile);
    const a = clientOf(net.fetch);
    await pauseAndSignOut(a);
    net.gate.lag = true;
    const reads = net.gate.profileReads;
    const { plain } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.status === 'signedIn', 'signed in again');
    await until(() => net.gate.profileReads > reads, 'its profile read (a lagging replica) answered');
    await turns(20);
    expect(a.view.restrictions?.canBet).toBe(false);
    expect(a.view.restrictions?.status).not.toBe('current');
  });

  it("a page seeded by a lagging replica (no pause) is barred from its first frame, the seed's login too", async () => {
    const profile = browserProfile(fx.served.url);
    const net = lagging(profile);
    const a = clientOf(net.fetch);
    await signIn(a);
    await a.user.setTimeoutLimits({ user_pause: 7, reason: 1 });
    await until(() => !!a.view.restrictions?.inForce.some((r) => r.kind === 'pause'), 'the pause read');
    a.stop();
    const seed = await fx.pam.getSession(
      new Request(`${fx.served.url}/`, {
        headers: { cookie: [...profile.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      }),
    );
    expect(seed.initial?.status).toBe('signedIn');
    // What the server rendered with, read from a replica without the pause.
    const initial = { ...seed.initial!, userInfo: { ...seed.initial!.userInfo!, ...NO_PAUSE } };
    net.gate.lag = true;
    const b = clientOf(net.fetch, { initial });
    expect(b.view.status).toBe('signedIn');
    expect(b.view.restrictions?.canBet).toBe(false);
    const seen: (boolean | undefined)[] = [];
    b.subscribe((v) => seen.push(v.restrictions?.canBet));
    const reads = net.gate.profileReads;
    await until(() => net.gate.profileReads > reads, 'its own profile read (a lagging replica) answered');
    await turns(20);
    expect(b.view.restrictions?.canBet).toBe(false);
    expect(seen).not.toContain(true);
  });
});
