import { createMemoryTokenStore, type StoredSession, type TokenStore } from 'pam-client';
import { expect } from 'vitest';
import { S, type Tab, type World } from '../support/world';
import { draws, runFor, signIn } from './revoke-support';

// Two tabs of this version on one store, signed in to one login, for the runs where a page of an
// OLDER version writes that store (legacy-refresh-shared-store, heir-unknown-player).

/** Tabs A and B on one memory store, their calls through `fetch`, both signed in to A's login. */
export async function twoTabsSignedIn(world: World, fetch: typeof globalThis.fetch) {
  const store = createMemoryTokenStore();
  const open = (tabId: string, start: number) =>
    world.open({ retry: 0, tabId, storage: store, fetch, environment: { random: draws(start) } });
  const a = open('tab-a', 0.3);
  await world.settle();
  await signIn(world, a);
  const tabs: Tab[] = [a, open('tab-b', 0.6)];
  await runFor(world, 2 * S);
  expect(tabs.map((t) => t.client.view.status)).toEqual(['signedIn', 'signedIn']);
  return { store, tabs };
}

/** A POST to the world's server as an older page sends it (its own calls, not a tab's); the JSON answer. */
export async function postAsOlderPage(world: World, path: string, init: RequestInit) {
  const r = await globalThis.fetch(`${world.server.url}${path}`, {
    method: 'POST',
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const text = await r.text();
  return (text ? JSON.parse(text) : {}) as { access_token?: string };
}

/**
 * The older page's write of `store`: token `t2` in its format, no login id, counted `up` above the
 * held session `held`, naming `userId` (none: no player).
 */
export function writeAsOlderPage(
  world: World,
  store: TokenStore,
  held: StoredSession,
  t2: string | undefined,
  up: number,
  userId?: number,
): void {
  expect(t2).toBeTypeOf('string');
  store.set({
    accessToken: t2 as string,
    tokenType: 'Bearer',
    expiresAt: held.expiresAt,
    savedAt: world.now(),
    ...(userId === undefined ? {} : { userId }),
    seq: (held.seq ?? 0) + up,
  });
}
