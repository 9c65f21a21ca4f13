import { createWebStorageTokenStore, type StoredSession } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { until } from '../support/event-loop';
import { installFakeTimers } from '../support/fake-timers';
import { memoryStorage } from '../support/memory-storage';
import { H, logIn, MIN, openTab, useWorld } from '../support/world';

// Logging out while things go wrong, and mutations whose outcome is unknown.

const world = useWorld();

afterEach(() => {
  vi.useRealTimers();
});

describe('chaos: logout and unknown outcomes', () => {
  it('logout during a refresh: storage empty at once, no timers left, the late answer ignored', async () => {
    // The server's delay and the adapter's timeout on fake time from the start (the login too): the
    // late answer comes when told, and a login slower than the timeout in real time cannot time out.
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const storage = memoryStorage();
    const tab = openTab(world, { channel: false, storage: createWebStorageTokenStore({ storage }) });
    world.tabs.push(tab);
    await logIn(world, tab);
    const token = await tab.token();
    world.server.faults.add({
      method: 'POST',
      path: '/users/refresh-token',
      status: 200,
      body: { access_token: 'late-token-from-a-slow-refresh' },
      delayMs: 1000,
    });
    tab.client.state.send({ type: 'REFRESH' });
    await until(() => world.count('POST', '/users/refresh-token') === 1, 'the refresh reached the server');
    tab.client.logout();
    expect(storage.data.size).toBe(0);
    // The refresh call runs on, detached from the stopped cycle (REVIEW-H H3): its answer arrives now.
    await vi.advanceTimersByTimeAsync(1100);
    await world.settle();
    expect(tab.state()).toBe('signedOut');
    await world.advance(7 * H, 30 * MIN);
    expect(storage.data.size).toBe(0);
    expect(await tab.token()).toBeNull();
    expect(tab.events).not.toContain('tokenRefreshed');
    expect(world.timers).toBe(0);
    // The held token's logout, then the late answer's token revoked (REVIEW-H H3).
    const logouts = world.server.requests.filter((r) => r.path === '/auth/logout');
    expect(logouts.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${token}`,
      'Bearer late-token-from-a-slow-refresh',
    ]);
  });

  it('logout while offline: signed out, storage empty, nothing reaches the server until the revoke is sent again online', async () => {
    const storage = memoryStorage();
    let offline = false;
    const tab = openTab(world, {
      channel: false,
      storage: createWebStorageTokenStore({ storage }),
      fetch: (input, init) =>
        offline ? Promise.reject(new TypeError('fetch failed')) : world.fetch(input, init),
    });
    world.tabs.push(tab);
    await logIn(world, tab);
    offline = true;
    tab.page.setOnline(false);
    tab.client.logout();
    await world.settle();
    expect(tab.state()).toBe('signedOut');
    expect(sessionActorOf(tab.client).getSnapshot().context.error?.code).toBe('network');
    expect(storage.data.size).toBe(0);
    expect(world.timers).toBe(1); // the revoke sent again (rj10 LOW-2)
    expect(world.count('POST', '/auth/logout')).toBe(0);
    offline = false;
    tab.page.setOnline(true);
    await world.advance(7 * H, 30 * MIN);
    expect(world.count('POST', '/auth/logout')).toBe(1);
    expect(tab.state()).toBe('signedOut');
    expect(world.count('POST', '/users/refresh-token')).toBe(0);
  });

  it('a self-exclusion that timed out is not sent again; the account is re-read instead', async () => {
    // The adapter's 500 ms timeout and the server's 1.5 s hold, both on fake time from the start:
    // a login slower than 500 ms of real time (a loaded machine) must not time out.
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const tab = openTab(world, { channel: false, timeout: 500 });
    world.tabs.push(tab);
    await logIn(world, tab);
    const unknown: string[] = [];
    tab.client.on('mutationOutcomeUnknown', (e) =>
      unknown.push(`${e.operation}:${e.error.code}:${e.profile?.user.id}`),
    );
    world.server.faults.add({ method: 'PATCH', path: '/bff/users/self-exclusion', delayMs: 1500, times: 1 });
    const call = tab.client.user.setSelfExclusion({ user_exclusion: 6, reason: 1 }).catch((e: unknown) => e);
    await until(
      () => world.count('PATCH', '/bff/users/self-exclusion') === 1,
      'the PATCH reached the server',
    );
    await vi.advanceTimersByTimeAsync(500);
    const error = await call;
    expect((error as { code?: string }).code).toBe('timeout');
    await until(() => unknown.length === 1, 'the background re-read'); // real I/O, no timer
    await vi.advanceTimersByTimeAsync(1100); // the held PATCH completes at the server; nothing is sent after it
    await world.settle();
    expect(world.count('PATCH', '/bff/users/self-exclusion')).toBe(1);
    // One read after the login (the SPA register check), then the re-reads of the unknown outcome:
    // it bars betting as an accepted one does until a read shows it in force (review 7 M1), so
    // the account is read again (with backoff) rather than the request sent again.
    expect(world.count('GET', '/auth/user-profile')).toBeGreaterThanOrEqual(2);
    expect(tab.client.view.restrictions?.canBet).toBe(false);
    expect(unknown).toEqual([`setSelfExclusion:timeout:${world.server.seed.plain.id}`]);
    expect(tab.state()).toBe('signedIn');
  });

  it('discards corrupt or foreign values in storage instead of crashing', async () => {
    for (const raw of [
      '{not json',
      '"a string"',
      '{"accessToken":42}',
      JSON.stringify({ foreign: true }),
      '[]',
    ]) {
      const storage = memoryStorage();
      storage.setItem('pam-client.session', raw);
      const tab = openTab(world, { channel: false, storage: createWebStorageTokenStore({ storage }) });
      world.tabs.push(tab);
      await world.settle();
      expect(tab.state()).toBe('signedOut');
      expect(storage.data.size).toBe(0);
    }
    const good: StoredSession = {
      accessToken: world.server.issueToken(1),
      tokenType: 'Bearer',
      expiresAt: world.now() + H,
      savedAt: world.now() - MIN,
    };
    const storage = memoryStorage();
    storage.setItem('pam-client.session', JSON.stringify(good));
    const tab = openTab(world, { channel: false, storage: createWebStorageTokenStore({ storage }) });
    world.tabs.push(tab);
    await world.settle();
    expect(tab.state()).toBe('signedIn');
  });
});
