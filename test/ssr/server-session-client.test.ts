// The server-session client imported by a server render (SvelteKit, Nuxt and Next render client
// components on the server): no page, so no `/pam` to resolve. It used to throw at creation
// without a `fetch` (a 500 for the page) and, seeded, to arm its timers on every request. Now it
// is inert there, as createPamClient's browser-only set-up is (same detection: a relative prefix,
// no page, no fetch of the app's): no request, no timer, no channel; the seed's player (signed out
// without a signed-in seed), its restrictions kept but never free to bet (the browser's clock
// decides that); commands do nothing; `stop()` works. In a page nothing changes.

import fc from 'fast-check';
import type { PamSessionSeed } from 'pam-client';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from 'pam-client/machines';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionPanel } from '../browser/components/react-session';
import { answeredUserInfo } from '../support/answered-user-info';

/** 12:00 in São Paulo (UTC-3). */
const NOON = Date.UTC(2026, 10, 24, 15);
const DAY = 86_400_000;

const info = answeredUserInfo;

/** What the server's `getSession` just read (a second ago): a signed-in player, free to bet there. */
const seedOf = (over: Partial<PamSessionSeed> = {}): PamSessionSeed => ({
  status: 'signedIn',
  user: { id: 4, email: 'player@example.com', cancelled_account: false } as PamSessionSeed['user'],
  userInfo: info(),
  readAt: NOON - 1_000,
  loginId: 'login-1',
  expiresAt: NOON + DAY,
  ...over,
});

const SIGNED_OUT: PamSessionSeed = {
  status: 'signedOut',
  user: null,
  userInfo: null,
  readAt: null,
  loginId: null,
  expiresAt: null,
};
const UNAVAILABLE: PamSessionSeed = { ...SIGNED_OUT, status: 'unavailable', loginId: 'login-1' };

/** Node's `BroadcastChannel`, counted: a client that opens one here would share nothing with anyone. */
class CountedChannel {
  static opened = 0;
  static closed = 0;
  constructor(readonly name: string) {
    CountedChannel.opened++;
  }
  postMessage() {}
  addEventListener() {}
  removeEventListener() {}
  close() {
    CountedChannel.closed++;
  }
}

let requests: string[] = [];
const clients: ServerSessionClientBase[] = [];

beforeEach(() => {
  vi.useFakeTimers({ now: NOON });
  requests = [];
  CountedChannel.opened = 0;
  CountedChannel.closed = 0;
  // Any request the client sends reaches this fetch (the global one), recorded and left hanging.
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    requests.push(String(typeof input === 'string' || input instanceof URL ? input : input.url));
    return new Promise<never>(() => {});
  });
  vi.stubGlobal('BroadcastChannel', CountedChannel);
});
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The server-session client as a component's setup makes it (no `fetch`, no environment). */
function onServer(initial?: PamSessionSeed | null) {
  const client = createServerSessionClient(initial === undefined ? {} : { initial });
  clients.push(client);
  return client;
}

/** Everything an app could tell it, then a minute of server time. */
async function commandEverything(client: ServerSessionClientBase) {
  client.login({ login: 'player@example.com', password: 'correct horse' });
  client.submitCode('123456');
  client.register({ email: 'new@example.com' } as never);
  client.cancel();
  client.logout();
  client.state.send({ type: 'REFRESH' });
  client.state.send({ type: 'TICK' });
  await vi.advanceTimersByTimeAsync(60_000);
}

describe('the server-session client in a server render (no page, no fetch of the app)', () => {
  it('seeded signed in: created, the seed’s player, its restrictions kept but not free to bet; no request, timer or channel, even when commanded', async () => {
    const barred = seedOf({ userInfo: info({ spa_exclusion: 1 }) });
    const free = onServer(seedOf());
    const excluded = onServer(barred);
    const subscribed = vi.fn();
    free.subscribe(subscribed);

    for (const [client, seed] of [
      [free, seedOf()],
      [excluded, barred],
    ] as const) {
      expect(client.view).toMatchObject({
        status: 'signedIn',
        user: { id: 4, cancelled_account: false },
        userInfo: seed.userInfo,
        expiresAt: seed.expiresAt,
        error: null,
      });
      // Judged by the seed rules at the server's clock, kept as the last known value: `stale`
      // (the browser's clock, which decides, is not known here), so never free to bet.
      expect(client.view.restrictions).toMatchObject({
        status: 'stale',
        canBet: false,
        checkedAt: seed.readAt,
        missingMandatoryLimits: [],
        error: null,
      });
    }
    expect(excluded.view.restrictions?.inForce.map((r) => r.kind)).toEqual(['spaExclusion']);
    expect(free.view.restrictions?.inForce).toEqual([]);
    await expect(free.ready).resolves.toBe(free.view);
    expect(vi.getTimerCount()).toBe(0);

    const before = free.view;
    await commandEverything(free);
    expect(free.view).toBe(before);
    expect(subscribed).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    expect(CountedChannel.opened).toBe(0);
    expect(free.tokens.get()).toBeNull();
  });

  it('without a signed-in seed (none, signed out, unavailable, malformed): signed out at once, ready, nothing sent', async () => {
    const seeds = [undefined, null, SIGNED_OUT, UNAVAILABLE, { status: 'signedIn' } as PamSessionSeed];
    for (const seed of seeds) {
      const client = onServer(seed);
      expect(client.view).toMatchObject({
        status: 'signedOut',
        user: null,
        userInfo: null,
        restrictions: null,
        signedOutReason: null,
        error: null,
      });
      await expect(client.ready).resolves.toMatchObject({ status: 'signedOut' });
      await commandEverything(client);
      expect(client.view.status).toBe('signedOut');
    }
    expect(requests).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    expect(CountedChannel.opened).toBe(0);
  });

  it("refuses the user module as createPamClient's inert client does (the refusal's code as cause), without a request or a timer left", async () => {
    const client = createServerSessionClient({ initial: seedOf(), flows: [userModule()] });
    clients.push(client);
    const outcome = client.user.getAddress().then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(60_000);
    // The adapter reports a fetch that failed as `network`, its cause named by the refusal's code.
    expect(await outcome).toMatchObject({ name: 'NetworkError', cause: { message: 'configuration' } });
    expect(requests).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('uses no tabs channel, not even one the app gave', async () => {
    const used: string[] = [];
    const channel = {
      postMessage: () => used.push('post'),
      addEventListener: () => used.push('listen'),
      removeEventListener: () => used.push('unlisten'),
      close: () => used.push('close'),
    };
    const client = createServerSessionClient({ initial: seedOf(), environment: { channel } });
    clients.push(client);
    await commandEverything(client);
    client.stop();
    expect(used).toEqual([]);
    expect(client.environment.channel).toBeNull();
  });

  it('stops: the view stays, nothing runs after, a second stop is harmless', async () => {
    const client = onServer(seedOf());
    client.stop();
    client.stop();
    expect(client.view).toMatchObject({ status: 'signedIn', restrictions: { canBet: false } });
    await commandEverything(client);
    expect(requests).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('renders the seed’s player in a server render (React), and signed out without a seed', () => {
    expect(renderToString(h(SessionPanel, { client: onServer(seedOf()) as never }))).toContain('signedIn');
    expect(renderToString(h(SessionPanel, { client: onServer() as never }))).toContain('signedOut');
    expect(vi.getTimerCount()).toBe(0);
    expect(requests).toEqual([]);
  });

  it('any seed, any age, any clock offset: never free to bet, signed in only with the seed’s player, nothing armed or sent', () => {
    const userInfo = fc.record({
      spa_exclusion: fc.constantFrom(0, 1, null),
      user_pause: fc.constantFrom(0, 1),
      user_pause_in: fc.constantFrom(null, 3),
      user_limit_loss_active: fc.constantFrom(0, 1),
    });
    const seed = fc.record({
      status: fc.constantFrom('signedIn', 'signedOut', 'unavailable', 'other'),
      user: fc.option(fc.record({ id: fc.oneof(fc.integer({ min: 1, max: 99 }), fc.constant('7')) })),
      userInfo: fc.option(userInfo.map((over) => info(over))),
      // Mostly just read (what a server render gets), sometimes days old or ahead.
      readAt: fc.option(
        fc.oneof(
          fc.integer({ min: NOON - 60_000, max: NOON }),
          fc.integer({ min: NOON - 3 * DAY, max: NOON + DAY }),
        ),
      ),
      loginId: fc.option(fc.constantFrom('login-1', '')),
      expiresAt: fc.option(fc.integer({ min: NOON - DAY, max: NOON + DAY })),
    });
    fc.assert(
      fc.property(seed, fc.oneof(fc.constant(0), fc.integer({ min: -DAY, max: DAY })), (raw, offset) => {
        vi.setSystemTime(NOON + offset);
        const client = createServerSessionClient({ initial: raw as unknown as PamSessionSeed });
        try {
          // A seed that checks out (parseSeed) and has not ended by the server's clock: signed in,
          // with its player; anything else signed out.
          const checks =
            raw.status === 'signedIn' &&
            Number.isSafeInteger(raw.user?.id) &&
            raw.userInfo !== null &&
            !!raw.loginId &&
            (raw.expiresAt === null || raw.expiresAt > NOON + offset);
          expect(client.view).toMatchObject({
            status: checks ? 'signedIn' : 'signedOut',
            user: checks ? raw.user : null,
          });
          expect(client.view.restrictions?.canBet ?? false).toBe(false);
          expect(vi.getTimerCount()).toBe(0);
          expect(requests).toEqual([]);
        } finally {
          client.stop();
        }
      }),
      { numRuns: 200 },
    );
  });

  it("with the app's own fetch it is the live client, as createPamClient's (the prefix is passed to that fetch as is)", async () => {
    const sent: string[] = [];
    const client = createServerSessionClient({
      fetch: ((input: RequestInfo | URL) => {
        sent.push(String(input));
        return new Promise<never>(() => {});
      }) as typeof fetch,
    });
    clients.push(client);
    expect(client.view.status).toBe('restoring');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['/pam/session']);
  });
});

describe('the server-session client in a page', () => {
  /** A page: its URL, and a window and a document that record their listeners. */
  function page() {
    const listeners: string[] = [];
    const target = (name: string) => ({
      addEventListener: (type: string) => listeners.push(`${name}:${type}`),
      removeEventListener: (type: string) => {
        const i = listeners.indexOf(`${name}:${type}`);
        if (i >= 0) listeners.splice(i, 1);
      },
      visibilityState: 'visible',
    });
    vi.stubGlobal('location', { href: 'https://casino.example/lobby' });
    vi.stubGlobal('window', target('window'));
    vi.stubGlobal('document', target('document'));
    return listeners;
  }

  it('seeded signed in: starts as before (free to bet at its clock, timers, the page’s signals, the tabs channel)', async () => {
    const listeners = page();
    const client = onServer(seedOf());
    // (Its seed shown at once, not free to bet before its ask had its turn: R25-7.)
    expect(client.view).toMatchObject({
      status: 'signedIn',
      user: { id: 4, cancelled_account: false },
      restrictions: { status: 'stale', canBet: false },
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    expect(listeners.length).toBeGreaterThan(0);
    expect(CountedChannel.opened).toBe(1);
    client.stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(listeners).toEqual([]);
    expect(CountedChannel.closed).toBe(1);
  });

  it('without a seed: reads the session under the prefix, against the page', async () => {
    page();
    const client = onServer();
    expect(client.view.status).toBe('restoring');
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual(['https://casino.example/pam/session']);
  });
});
