import { createWebStorageTokenStore, type StoredSession, type TokenStore } from 'pam-client';
import { createPamClient } from 'pam-client/machines';
import { describe, expect, it, vi } from 'vitest';
import { createCrossTab } from '../../machines/cross-tab';
import { browserEnvironment, isOwnedChannel } from '../../machines/environment';
import { CANARY } from '../support/canary';
import { until } from '../support/event-loop';
import { installFakeTimers } from '../support/fake-timers';
import { memoryStorage } from '../support/memory-storage';
import { logIn, openTab, storedSession, type Tab, useWorld } from '../support/world';

// Late messages, stopped clients and misbehaving app code: each scenario failed before its fix.

const world = useWorld();

/** What `promise` has done so far: read after simulated time has run, never after a real wait. */
const watch = (promise: Promise<unknown>) => {
  const seen = { settled: 'pending' as 'pending' | 'resolved' | 'rejected' };
  promise.then(
    () => {
      seen.settled = 'resolved';
    },
    () => {
      seen.settled = 'rejected';
    },
  );
  return seen;
};

describe('chaos: late answers and stopped clients', () => {
  it('a 401 that arrives after client.stop() settles the call instead of leaving it pending', async () => {
    const tab = openTab(world, { channel: false });
    world.tabs.push(tab);
    await logIn(world, tab);
    world.server.faults.add({ path: '/bff/users/login-history', status: 401, body: {}, times: 1 });
    world.delayAnswers({ path: '/bff/users/login-history', ms: 100, times: 1 });
    const outcome = watch(tab.client.user.getLoginHistory());
    tab.client.stop();
    await world.advance(2000, 50);
    expect(outcome.settled).toBe('rejected');
    expect(world.count('POST', '/users/refresh-token')).toBe(0);
  });

  it('a tab that hears of a logout late does not wipe the newer login in a shared store', async () => {
    const storage = memoryStorage();
    const [a, b] = ['tab-a', 'tab-b'].map((tabId) =>
      openTab(world, { tabId, storage: createWebStorageTokenStore({ storage }) }),
    ) as [Tab, Tab];
    world.tabs.push(a, b);
    await logIn(world, a);
    await world.settle();
    expect(b.state()).toBe('signedIn');

    world.hub.hold(); // b is frozen: nothing reaches it
    a.client.logout();
    await world.advance(1000);
    await logIn(world, a);
    const relogged = await a.token();
    world.hub.release(); // b thaws and hears "signedOut", then the new login
    await world.settle();
    await world.advance(500);

    expect(a.state()).toBe('signedIn');
    expect(await a.token()).toBe(relogged);
    expect(JSON.parse(storage.data.get('pam-client.session') ?? 'null')?.accessToken).toBe(relogged);
    expect(b.state()).toBe('signedIn');
    expect(await b.token()).toBe(relogged);
  });

  it('a mutation that times out rejects at once, even while the re-read hangs, and a throwing listener hides nothing', async () => {
    // The adapter's 300 ms timeout and the server's 400 ms delay of the re-read, on fake time from
    // the start: a login slower than 300 ms of real time (a loaded machine) must not time out.
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const tab = openTab(world, { channel: false, timeout: 300 });
      world.tabs.push(tab);
      await logIn(world, tab);
      const seen: string[] = [];
      tab.client.on('mutationOutcomeUnknown', () => {
        throw new Error('a bug in the app');
      });
      tab.client.on('mutationOutcomeUnknown', (e) => seen.push(`${e.operation}:${e.error.code}`));
      world.server.faults.add({ method: 'PATCH', path: '/bff/users/timeout-limits', hang: true, times: 1 });
      world.server.faults.add({ path: '/auth/user-profile', delayMs: 400, times: 1 });
      process.on('uncaughtException', onUncaught);
      const reads = world.count('GET', '/auth/user-profile');
      const call = tab.client.user.setTimeoutLimits({ user_pause: 3, reason: 1 }).catch((e) => e);
      const outcome = watch(call);
      await until(
        () => world.count('PATCH', '/bff/users/timeout-limits') === 1,
        'the PATCH reached the server',
      );
      await vi.advanceTimersByTimeAsync(300);
      // Rejected at the mutation's timeout, not after it plus the re-read's.
      expect(outcome.settled).toBe('resolved'); // (the .catch above: the call rejected)
      expect(((await call) as { code?: string }).code).toBe('timeout');
      await until(
        // (at least one: the unknown outcome bars betting and is read again, review 7 M1)
        () => world.count('GET', '/auth/user-profile') >= reads + 1,
        'the re-read reached the server',
      );
      await vi.advanceTimersByTimeAsync(900);
      await until(() => seen.length > 0, 'the unknown outcome reported');
      expect(seen).toEqual(['setTimeoutLimits:timeout']);
      expect(world.count('PATCH', '/bff/users/timeout-limits')).toBe(1);
      expect(uncaught.map(String)).toEqual(['Error: a bug in the app']);
    } finally {
      vi.useRealTimers();
      process.off('uncaughtException', onUncaught);
    }
  });

  it('a refresh ends every claim of its round, so tabs that lost the tie do not block the next one', async () => {
    const channel = world.hub.channel();
    const rival = world.hub.channel();
    const crossTab = createCrossTab(channel, {
      tabId: 'tab-9',
      random: () => 0,
      timers: world.clock,
      now: world.now,
    });
    const post = (message: Record<string, unknown>) =>
      rival.postMessage({ app: 'pam-client', v: 1, ...message });
    post({ type: 'claim', from: 'tab-1' });
    post({ type: 'claim', from: 'tab-2' });
    // A session message names its player and login (issue 18: the channel's one schema).
    const session: StoredSession = { ...storedSession('t', world.now()), userId: 1, seq: 1, sid: 1 };
    post({ type: 'session', from: 'tab-1', session, user: null, reason: 'refresh' });
    await world.settle();
    const verdict = world.during(crossTab.claimRefresh(new AbortController().signal));
    expect(await verdict).toBe('go');
    crossTab.close();
  });

  it('the debug log stays free of tokens even when a custom store hands back class instances', async () => {
    class Session {
      constructor(readonly accessToken: string) {}
      readonly tokenType = 'Bearer';
      readonly expiresAt = null;
      readonly savedAt = Date.now();
    }
    const store: TokenStore = {
      get: () => new Session(CANARY.token) as StoredSession,
      set: () => {},
      clear: () => {},
    };
    const lines: string[] = [];
    const client = createPamClient({
      baseURL: world.server.url,
      storage: store,
      fetch: world.fetch,
      environment: { channel: null },
      debug: (line, detail) => lines.push(`${line} ${JSON.stringify(detail)}`),
    });
    await world.settle(); // the restore and what it sends
    client.stop();
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('\n')).not.toContain(CANARY.token);
  });
});

describe('browserEnvironment channels', () => {
  it('opens a channel only when named, and the client given one closes it on stop', () => {
    const g = globalThis as Record<string, unknown>;
    const saved = { document: g.document, window: g.window, BroadcastChannel: g.BroadcastChannel };
    const opened: { name: string; closed: boolean }[] = [];
    class FakeBroadcastChannel {
      state: { name: string; closed: boolean };
      constructor(name: string) {
        this.state = { name, closed: false };
        opened.push(this.state);
      }
      postMessage() {}
      addEventListener() {}
      removeEventListener() {}
      close() {
        this.state.closed = true;
      }
    }
    const target = { addEventListener() {}, removeEventListener() {} };
    Object.assign(g, {
      document: { ...target, visibilityState: 'visible' },
      window: target,
      BroadcastChannel: FakeBroadcastChannel,
    });
    try {
      expect(browserEnvironment().channel).toBeNull();
      const env = browserEnvironment({}, 'pam-client:https://api.example.com');
      expect(isOwnedChannel(env.channel)).toBe(true);
      const client = createPamClient({ baseURL: 'https://api.example.com', environment: env });
      client.stop();
      expect(opened).toEqual([{ name: 'pam-client:https://api.example.com', closed: true }]);
    } finally {
      Object.assign(g, saved);
    }
  });
});
