import {
  createAuthModule,
  createMemoryTokenStore,
  createOfetchAdapter,
  type StoredSession,
  type TokenStore,
} from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, incomeReportMachine, sessionMachine } from 'pam-client/machines';
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { type CrossTab, createCrossTab } from '../../machines/cross-tab';
import { turns, until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { useReferenceServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

// Edge cases a review found: each test fails on the code before its fix.

const ctx = useReferenceServer();

const stored = (accessToken: string, savedAt: number): StoredSession => ({
  accessToken,
  tokenType: 'Bearer',
  expiresAt: null,
  savedAt,
});

/** A store whose reads and writes settle on a later turn of the event loop, like IndexedDB. */
function slowStore(initial: StoredSession | null = null): TokenStore {
  const inner = createMemoryTokenStore(initial ?? undefined);
  const later = <T>(fn: () => T) => new Promise<T>((resolve) => setImmediate(() => resolve(fn())));
  return {
    get: () => later(() => inner.get()),
    set: (s) => later(() => inner.set(s)),
    clear: () => later(() => inner.clear()),
  };
}

/** The sessions' requests, waited for on the event loop (never on a timer). */
const tracked = trackedFetch();

function bareSession(tokens: TokenStore, crossTab: CrossTab | null = null) {
  const http = createOfetchAdapter({
    baseURL: ctx.server.url,
    fetch: tracked.fetch,
    getAccessToken: async () => (await tokens.get())?.accessToken ?? null,
  });
  return createActor(sessionMachine, { input: { auth: createAuthModule(http), tokens, crossTab } });
}

describe('sessionMachine edges', () => {
  it('keeps its newer token when another tab sends an older or identical one', async () => {
    const now = Date.now();
    const tokens = createMemoryTokenStore(stored('NEWER', now));
    const hub = new FakeChannelHub();
    const timers = { setTimeout, clearTimeout } as never;
    const crossTab = createCrossTab(hub.channel(), { tabId: 'b', random: () => 0, timers, now: Date.now });
    const other = createCrossTab(hub.channel(), { tabId: 'a', random: () => 0, timers, now: Date.now });
    const session = bareSession(tokens, crossTab).start();
    await waitFor(session, (s) => s.matches('signedIn'));
    const signedIn = vi.fn();
    session.on('signedIn', signedIn);

    other.publishSession(stored('OLDER', now - 60_000), 'sync', null);
    other.publishSession(stored('NEWER', now), 'login', null);
    await turns(10); // the channel delivers on microtasks

    expect(tokens.get()?.accessToken).toBe('NEWER');
    expect(signedIn).not.toHaveBeenCalled();
    session.stop();
  });

  it('honours a LOGOUT sent while it is still reading the store', async () => {
    const tokens = slowStore(stored(ctx.server.issueToken(ctx.server.seed.plain.id), Date.now()));
    const session = bareSession(tokens).start();
    expect(session.getSnapshot().value).toBe('restoring');
    session.send({ type: 'LOGOUT' });
    await waitFor(session, (s) => s.matches('signedOut'));
    await tracked.idle(); // the revocation of the stored session has answered
    expect(session.getSnapshot().value).toBe('signedOut');
    expect(await tokens.get()).toBeNull();
    // The stored session it had not finished reading is revoked, not just forgotten.
    expect(ctx.server.requests.filter((r) => r.path === '/auth/logout')).toHaveLength(1);
    session.stop();
  });

  it('empties the store when logout starts, so a stop mid-logout leaves no session, and revokes the token', async () => {
    const token = ctx.server.issueToken(ctx.server.seed.plain.id);
    const tokens = createMemoryTokenStore(stored(token, Date.now()));
    // The logout is never answered: the stop comes mid-logout, however slow the machine is.
    ctx.server.faults.add({ path: '/auth/logout', hang: true, times: 1 });
    const session = bareSession(tokens).start();
    await waitFor(session, (s) => s.matches('signedIn'));
    session.send({ type: 'LOGOUT' });
    await until(() => ctx.server.requests.some((r) => r.path === '/auth/logout'), 'the logout at the server');
    session.stop();

    expect(tokens.get()).toBeNull();
    const logout = ctx.server.requests.find((r) => r.path === '/auth/logout');
    expect(logout?.headers.authorization).toBe(`Bearer ${token}`);
  });
});

describe('createPamClient with an async token store', () => {
  it('retries a 401 with the refreshed token, not the one still being written', async () => {
    const client = createPamClient({
      baseURL: ctx.server.url,
      storage: slowStore(),
      environment: { channel: null },
    });
    client.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await waitFor(sessionActorOf(client), (s) => s.matches('signedIn'));
    await until(async () => (await client.tokens.get()) !== null, 'the token stored');
    ctx.server.faults.add({
      path: '/bff/users/login-history',
      status: 401,
      body: { message: 'Unauthenticated.' },
      times: 1,
    });

    const page = await client.user.getLoginHistory();

    expect(page.current_page).toBe(1);
    const calls = ctx.server.requests.filter((r) => r.path === '/bff/users/login-history');
    const refreshed = await client.tokens.get();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers.authorization).toBe(`Bearer ${refreshed?.accessToken}`);
    expect(calls[1]?.headers.authorization).not.toBe(calls[0]?.headers.authorization);
    client.stop();
  });
});

describe('incomeReportMachine timing input', () => {
  it('falls back to the defaults for NaN, zero or negative intervals instead of polling back to back', () => {
    const user = {
      getAvailableYears: () => new Promise<never>(() => {}),
      generateIncomeReport: () => new Promise<never>(() => {}),
      getIncomeReportStatus: () => new Promise<never>(() => {}),
    };
    for (const bad of [Number.NaN, 0, -100]) {
      const actor = createActor(incomeReportMachine, {
        input: { user, pollIntervalMs: bad, maxPollMs: bad },
      }).start();
      expect(actor.getSnapshot().context).toMatchObject({ pollIntervalMs: 2000, maxPollMs: 300_000 });
      actor.stop();
    }
  });
});
