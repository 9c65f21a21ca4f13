import { createMemoryTokenStore } from 'pam-client';
import { expect, it } from 'vitest';
import { S, useWorld } from '../support/world';
import { draws, grantsOf, runFor, signIn, signOutAll } from './revoke-support';

// REVIEW-I i5, the "use" part: two tabs share one token store and tab B hears the channel late.
// Tab A logs out and in again (login 2, maybe another player). Tab B, still on login 1, must not
// send login 2's token as its own: its app's requests carry only login 1's token or none (a 401
// then gives login 1 up), never a token of another login. Real sockets; time simulated.

const world = useWorld();

it('a lagging tab never sends a newer login of the shared store as its own', async () => {
  const g = grantsOf(world);
  const storage = createMemoryTokenStore();
  const a = world.open({ tabId: 'tab-a', storage, environment: { random: draws(0.3) } });
  const b = world.open({ tabId: 'tab-b', storage, environment: { random: draws(0.6) } });
  await world.settle();
  await signIn(world, a);
  await runFor(world, 2 * S);
  expect([a.client.view.status, b.client.view.status]).toEqual(['signedIn', 'signedIn']);
  world.hub.hold();
  a.client.logout();
  await runFor(world, 2 * S);
  const { email, password } = world.server.seed.plain;
  a.client.login({ login: email, password });
  await runFor(world, 5 * S);
  expect(a.client.view.status).toBe('signedIn');
  const second = await a.token();
  // Tab B, still on login 1 (it heard nothing), asks the API something of its own.
  const from = world.server.requests.length;
  const asked = b.client.http.get('/auth/user-profile').then(
    () => 'ok',
    (e: { code?: string }) => e.code ?? 'error',
  );
  await runFor(world, 5 * S);
  // Refused unsent, as its 401 would have ended it (REVIEW-AN AN-3: it went out with no token):
  // never login 2's token, nor none.
  expect(await asked).toBe('unauthorized');
  const sent = world.server.requests
    .slice(from)
    .filter((r) => r.path === '/auth/user-profile')
    .map((r) => String(r.headers.authorization ?? ''));
  expect(sent).toEqual([]);
  expect(second).toBeTruthy();
  // B gave login 1 up (signed out here), and has not heard of login 2: its calls carry no token
  // (REVIEW-K 3: they carried login 2's, and got that player's data under a signed-out view).
  expect(b.client.view.status).toBe('signedOut');
  const later = world.server.requests.length;
  const again = b.client.http.get('/auth/user-profile').then(
    () => 'ok',
    (e: { code?: string }) => e.code ?? 'error',
  );
  await runFor(world, 5 * S);
  expect(await again).toBe('unauthorized');
  expect(
    world.server.requests
      .slice(later)
      .filter((r) => r.path === '/auth/user-profile')
      .map((r) => r.headers.authorization ?? null),
  ).toEqual([null]);
  world.hub.release();
  await runFor(world);
  expect(a.client.view.status).toBe('signedIn');
  await expect(a.client.auth.getUserProfile()).resolves.toBeTruthy();
  await signOutAll(world, [a, b]);
  expect(await g.live()).toEqual([]);
});
