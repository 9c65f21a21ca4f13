import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { S, type Tab, useWorld } from '../support/world';
import { draws, grantsOf, runFor, signIn, signOutAll } from './revoke-support';

// REVIEW-I i5: two tabs share one token store (a browser's localStorage) and tab B hears the
// channel late. Tab A logs in, out, and in again (login 2). Tab B, still on login 1, refreshes
// (a 401 of its own, or its cycle) with the token it reads from the shared store: login 2's. The
// server rotated login 2's token away under tab B's login 1, and tab A's session died: the player
// was signed out in both tabs. A tab never refreshes with (nor uses as its own, nor revokes) a
// token of another login than the one it holds: B gives its login 1 up and takes login 2 when it
// hears of it; login 2 stays live, tab A signed in. Real sockets against the reference server;
// time simulated.

const world = useWorld();

async function reloginWhileBLags(trigger: 'refresh' | 'request') {
  const g = grantsOf(world);
  const storage = createMemoryTokenStore();
  // Each draw its own number (a login id is drawn per login: login 2 is not login 1 again).
  const a = g.open({ tabId: 'tab-a', storage, environment: { random: draws(0.3) } });
  const b = g.open({ tabId: 'tab-b', storage, environment: { random: draws(0.6) } });
  await world.settle();
  await signIn(world, a);
  await runFor(world, 2 * S);
  expect([a.client.view.status, b.client.view.status]).toEqual(['signedIn', 'signedIn']);
  const first = await a.token();
  // Tab B hears nothing of what follows until the end.
  world.hub.hold();
  a.client.logout();
  await runFor(world, 2 * S);
  const { email, password } = world.server.seed.plain;
  let answered: unknown = null;
  if (trigger === 'request') {
    // Sent while the store is empty (login 1 ended, login 2 not yet in): its 401 asks for a refresh,
    // which runs once login 2 is in the store.
    b.client.http.get('/auth/user-profile').then(
      () => {
        answered = 'ok';
      },
      (e: { code?: string }) => {
        answered = e.code;
      },
    );
    a.client.login({ login: email, password });
  } else {
    a.client.login({ login: email, password });
    await runFor(world, 2 * S);
    b.client.state.send({ type: 'REFRESH' } as never);
  }
  await runFor(world, 5 * S);
  expect(a.client.view.status).toBe('signedIn');
  const second = await a.token();
  expect(second).not.toBe(first);
  // Login 2 still opens the API for tab A.
  await expect(a.client.auth.getUserProfile()).resolves.toBeTruthy();
  world.hub.release();
  await runFor(world);
  expect([a.client.view.status, b.client.view.status]).toEqual(['signedIn', 'signedIn']);
  for (const t of [a, b] as Tab[]) await expect(t.client.auth.getUserProfile()).resolves.toBeTruthy();
  // Only login 2's token is live (login 1's was revoked at its logout).
  expect(await g.live()).toEqual([await a.token()]);
  if (trigger === 'request') expect(answered).not.toBeNull();
  await signOutAll(world, [a, b]);
  expect(await g.live()).toEqual([]);
}

describe('a lagging tab never refreshes with another login of a shared store (REVIEW-I i5)', () => {
  it.each(['refresh', 'request'] as const)(
    'login, logout, login again in tab A: tab B (late, its %s) leaves login 2 live',
    async (trigger) => {
      await reloginWhileBLags(trigger);
    },
  );
});
