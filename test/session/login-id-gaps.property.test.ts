import fc from 'fast-check';
import { createMemoryTokenStore, type StoredSession } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { LinkHub } from '../support/link-hub';
import { logIn, S, storedSession, type Tab, useWorld } from '../support/world';
import { draws } from './revoke-support';

// Login ids across logins (isOwn's uses: the refresh's `ownToken` and `newerOwn`, the stopped
// answer's `tookBack`, the logout), as a property. Tabs A and B (a channel each, its links lost or
// late one by one) share one store with a client of an older version (no channel), which names its
// sessions by a counter only (no login id) and counts again from 1 on a new page. Generated: logins
// (two players) and logouts in any of them, refreshes with their answers held, links held and let
// go, time passing, the store's first session (none, a counter only, nothing but a token). Real
// sockets against the reference server; time simulated. A login is a chain of tokens (a login's,
// then each refresh's of the one before); it ends when the player's logout in a tab of this version
// sends one of its tokens, or the older client's logout revokes one. Once every word is let go and
// settled:
// - no token of an ended login is live (none left unrevoked) nor in the store;
// - a tab signed in is answered for its own player (its profile is its player's), never with a token
//   of an ended login; one that sent such a token (a logout it could not hear: the older client's)
//   is signed out;
// - once everyone signed out, no token the server granted is live.
// (A third client of the store with no channel is left out: a logout elsewhere never learns the
// token it refreshed once the older client wrote over it, a limit of a store shared without words.)

const world = useWorld({ tokenTtlSeconds: 8 * 3600 });
const GRANTS = ['/auth/login', '/users/refresh-token'];
const who = fc.constantFrom('plain' as const, 'paused' as const);
type Who = 'plain' | 'paused';

type Step =
  | { op: 'login'; tab: 0 | 1; who: Who; delay: number }
  | { op: 'refresh'; tab: 0 | 1; delay: number }
  | { op: 'logout'; tab: 0 | 1 }
  | { op: 'oldLogin'; who: Who; reload: boolean }
  | { op: 'oldLogout' }
  | { op: 'advance'; ms: number }
  | { op: 'hold'; from: 0 | 1 }
  | { op: 'release' };

const tab = fc.constantFrom(0 as const, 1 as const);
const delay = fc.constantFrom(0, 300, 2_500, 12_000);
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('login' as const), tab, who, delay }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('refresh' as const), tab, delay }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('logout' as const), tab }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('oldLogin' as const), who, reload: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('oldLogout' as const) }), weight: 2 },
  {
    arbitrary: fc.record({ op: fc.constant('advance' as const), ms: fc.constantFrom(50, 1_500, 6_000) }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ op: fc.constant('hold' as const), from: fc.constantFrom(0 as const, 1 as const) }),
    weight: 2,
  },
  { arbitrary: fc.record({ op: fc.constant('release' as const) }), weight: 1 },
);
const first = fc.constantFrom('none' as const, 'counter' as const, 'token' as const);

/** The tokens the server granted, by login (a chain), the logins ended, and answers held. */
function recorder() {
  const login = new Map<string, number>();
  const ended = new Set<number>();
  const held = new Map<string, number[]>();
  let logins = 0;
  /** The tabs whose player is logging out (the step's own requests). */
  const out = new Set<string>();
  /** The token each tab sent last to read its profile. */
  const probed = new Map<string, string | undefined>();
  const fetchOf =
    (label: string): typeof fetch =>
    async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const auth = new Headers(init?.headers).get('authorization')?.replace(/^Bearer /, '');
      const signal = init?.signal ?? null;
      if (signal?.aborted) throw signal.reason;
      const { signal: _s, ...rest } = init ?? {};
      if (url.pathname === '/auth/user-profile') probed.set(label, auth);
      const response = await world.fetch(input, rest);
      // The player's logout in a tab of this version ends its login, whatever token of it it sends;
      // the older client's ends it only when the server took it (a token it holds may be rotated
      // away by a tab of this version, whose login then goes on: nothing of that logout reaches it).
      if (
        url.pathname === '/auth/logout' &&
        auth &&
        login.has(auth) &&
        (label === 'old' ? response.ok : out.has(label))
      )
        ended.add(login.get(auth)!);
      if (GRANTS.includes(url.pathname)) {
        const body = (await response
          .clone()
          .json()
          .catch(() => null)) as { access_token?: unknown } | null;
        if (typeof body?.access_token === 'string')
          login.set(
            body.access_token,
            url.pathname === '/auth/login' || !auth || !login.has(auth) ? ++logins : login.get(auth)!,
          );
      }
      const ms = held.get(`${label} ${url.pathname}`)?.shift() ?? 0;
      if (ms === 0) return response;
      return new Promise<Response>((resolve, reject) => {
        const onAbort = () => {
          world.clock.clearTimeout(timer);
          reject(signal!.reason);
        };
        const timer = world.clock.setTimeout(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve(response);
        }, ms);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    };
  const isLive = async (token: string) => {
    const r = await globalThis.fetch(`${world.server.url}/auth/user-profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await r.json().catch(() => null)) as { user?: { id?: unknown } } | null;
    return r.status === 401 ? null : { id: body?.user?.id };
  };
  return {
    login,
    ended,
    out,
    probed,
    fetchOf,
    /** The next answer to `path` in the tab `label` is held `ms` (each tab's own: one may send none). */
    hold: (label: string, path: string, ms: number) =>
      held.set(`${label} ${path}`, [...(held.get(`${label} ${path}`) ?? []), ms]),
    isLive,
    endedOf: (token: string | undefined) => !!token && login.has(token) && ended.has(login.get(token)!),
    async live() {
      const out: string[] = [];
      for (const token of login.keys()) if (await isLive(token)) out.push(token);
      return out;
    },
  };
}

const LABELS = ['tab-a', 'tab-b'];
const userIdOf = (t: Tab) => sessionActorOf(t.client).getSnapshot().context.userId as number | null;

async function run(start: 'none' | 'counter' | 'token', steps: Step[]) {
  world.closeAll();
  world.renew();
  world.server.reset();
  const hub = new LinkHub();
  world.hub = hub;
  const r = recorder();
  const shared = createMemoryTokenStore();
  // The older client: a client of its own per page (its calls reach the server), writing to the
  // shared store in its format: a counter, no login id.
  let old = null as { tab: Tab; token: string } | null;
  let oldCounter = 0;
  const oldLogout = () => {
    if (!old) return;
    old.tab.client.logout();
    if (shared.get()?.accessToken === old.token) shared.clear();
    old = null;
  };
  // (Signed in there already: logged out first.)
  const oldLogin = async (account: Who, reload: boolean, format: 'counter' | 'token') => {
    oldLogout();
    if (reload) oldCounter = 0;
    const t = world.open({ tabId: `old-${account}`, channel: false, retry: 0, fetch: r.fetchOf('old') });
    await logIn(world, t, account);
    const token = (await t.token())!;
    old = { tab: t, token };
    const s: StoredSession = { ...storedSession(token, world.now()), userId: world.server.seed[account].id };
    shared.set(format === 'counter' ? { ...s, seq: ++oldCounter } : s);
  };
  if (start !== 'none') await oldLogin('plain', true, start);
  const tabs: Tab[] = LABELS.map((tabId, i) =>
    world.open({
      tabId,
      retry: 0,
      storage: shared,
      timeout: Number.POSITIVE_INFINITY,
      environment: { random: draws(0.3 + i * 0.2) },
      fetch: r.fetchOf(tabId),
    }),
  );
  await world.advance(2 * S, 100);
  for (const s of steps) {
    if (s.op === 'login') {
      const { email, password } = world.server.seed[s.who];
      r.hold(LABELS[s.tab]!, '/auth/login', s.delay);
      tabs[s.tab]!.client.login({ login: email, password });
    } else if (s.op === 'refresh') {
      r.hold(LABELS[s.tab]!, '/users/refresh-token', s.delay);
      tabs[s.tab]!.client.state.send({ type: 'REFRESH' } as never);
    } else if (s.op === 'logout') {
      r.out.add(LABELS[s.tab]!);
      tabs[s.tab]!.client.logout();
    } else if (s.op === 'oldLogin') await oldLogin(s.who, s.reload, 'counter');
    else if (s.op === 'oldLogout') oldLogout();
    else if (s.op === 'advance') await world.advance(s.ms, 50);
    else if (s.op === 'hold') hub.holdLink(s.from, 1 - s.from);
    else hub.releaseAll();
    await world.settle();
    r.out.clear();
  }
  hub.releaseAll();
  await world.advance(20 * S, 100);
  // No token of an ended login is live, nor in the store.
  for (const token of await r.live()) expect(r.endedOf(token), 'a live token of an ended login').toBe(false);
  const stored = shared.get();
  if (stored) {
    expect(r.endedOf(stored.accessToken), 'the store holds an ended login').toBe(false);
    const profile = await r.isLive(stored.accessToken);
    if (profile && stored.userId !== undefined) expect(profile.id).toBe(stored.userId);
  }
  for (const [i, t] of tabs.entries()) {
    if (t.client.view.status !== 'signedIn') continue;
    const asked = t.client.auth.getUserProfile().then(
      (p) => ({ id: (p as { user?: { id?: unknown } }).user?.id }),
      () => null,
    );
    const profile = await world.during(asked, 100);
    await world.advance(2 * S, 100);
    // A tab signed in is answered for its own player, never with a token of an ended login; one
    // that sent such a token (a logout it could not hear: the older client's) is signed out.
    if (profile) expect(profile.id).toBe(userIdOf(t));
    const ended = r.endedOf(r.probed.get(LABELS[i]!));
    expect(ended && !!profile).toBe(false);
    if (ended) expect(t.client.view.status).toBe('signedOut');
  }
  // Everyone signs out: no token the server granted is live.
  for (let round = 0; round < 10 && tabs.some((t) => t.client.view.status !== 'signedOut'); round++) {
    for (const t of tabs) if (t.client.view.status !== 'signedOut') t.client.logout();
    await world.advance(5 * S, 100);
  }
  oldLogout();
  await world.advance(10 * S, 100);
  expect(await r.live()).toEqual([]);
}

describe('login ids across logins: no token of an ended login is taken, kept or left live', () => {
  it('over logins, logouts, held answers, lost and late words, and an older client’s counter-only store', async () => {
    await fc.assert(
      fc.asyncProperty(first, fc.array(step, { minLength: 1, maxLength: 10 }), async (start, steps) => {
        await run(start, steps);
      }),
      { numRuns: 100 },
    );
  }, 900_000);

  // Found 2026-12-03 by a random run (seed 1435814860, path "27:3:3:11:12:13:15:15:15"; failing on
  // e529647b too): both tabs' refreshes answered 401 in a partition, each waited on the other's claim
  // (`timeout: Infinity`: claims lived ~24.8 days) until the 10-min flight bound, whose timeout kept
  // the revoked login signed in. Fixed by `refreshWait` (../../machines/cross-tab.ts).
  it('a held refresh, the older client’s logout, a held link and two refreshes: signed out', async () => {
    await run('counter', [
      { op: 'refresh', tab: 0, delay: 300 },
      { op: 'oldLogout' },
      { op: 'hold', from: 1 },
      { op: 'refresh', tab: 1, delay: 0 },
      { op: 'advance', ms: 1500 },
      { op: 'refresh', tab: 0, delay: 0 },
    ] as Parameters<typeof run>[1]);
  }, 120_000);

  it('the older client’s shape: a held refresh answer, a logout and a new login there at the same counter', async () => {
    await run('counter', [
      { op: 'refresh', tab: 0, delay: 12_000 },
      { op: 'advance', ms: 1_500 },
      { op: 'oldLogout' },
      { op: 'oldLogin', who: 'plain', reload: true },
      { op: 'advance', ms: 6_000 },
      { op: 'advance', ms: 6_000 },
    ]);
  }, 120_000);
});
