import { createWebStorageTokenStore } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import { restrictionChanges } from '../support/restriction-changes';
import { type StorageOrigin, storageOrigin } from '../support/storage-origin';
import { logIn, S, type Tab, useWorld } from '../support/world';

// REVIEW-T T-1: with no BroadcastChannel (older browsers, some webviews) tabs sharing a web token
// store shared the login but never a pause, a self-exclusion or a logout: another tab stayed free
// to bet, and signed in after the logout. Each tab here is a page of its own (its `window`, its
// `localStorage` view, storage events heard by the other pages only), its client's channel the
// one `createPamClient` opens itself (none given).

const world = useWorld();
const g = globalThis as Record<string, unknown>;
const saved = { document: g.document, window: g.window, BroadcastChannel: g.BroadcastChannel };
afterEach(() => {
  Object.assign(g, saved);
  for (const k of ['document', 'window'] as const) if (saved[k] === undefined) delete g[k];
});

/** A tab in a page of `origin` with no BroadcastChannel, its session in the origin's localStorage. */
function openPage(origin: StorageOrigin, tabId: string, random: number): Tab {
  const page = origin.window();
  Object.assign(g, { BroadcastChannel: undefined, document: new EventTarget(), window: page });
  const tab = world.open({
    tabId,
    random,
    storage: createWebStorageTokenStore({ storage: page.localStorage }),
    // The channel left to `createPamClient` (none given): it opens the origin's.
    environment: { channel: undefined },
  });
  return tab;
}

const CHANGES = restrictionChanges(world);

describe.each(Object.entries(CHANGES))(
  'no BroadcastChannel: a %s, then a logout, in one tab',
  (_kind, change) => {
    it('bars betting in the other tab, then signs it out; no token under the channel key', async () => {
      const origin = storageOrigin();
      const a = openPage(origin, 'tab-a', 0.3);
      await logIn(world, a);
      const b = openPage(origin, 'tab-b', 0.6);
      for (let i = 0; i < 50 && b.state() !== 'signedIn'; i++) await world.advance(S / 10);
      await world.advance(2 * S);
      expect(b.state()).toBe('signedIn');
      expect(b.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });

      await change(a);
      await world.advance(S);
      expect(a.client.view.restrictions?.canBet).toBe(false);
      expect(b.client.view.restrictions?.canBet).toBe(false);

      a.client.logout();
      await world.advance(2 * S);
      expect(a.state()).toBe('signedOut');
      expect(b.state()).toBe('signedOut');

      const token = origin.writes.filter(([k]) => k === `pam-client:${world.server.url}`);
      expect(token.length).toBeGreaterThan(0);
      for (const [, value] of token) expect(value).not.toMatch(/accessToken|"token"|Bearer/);
    });
  },
);
