// Review 158: a logout whose store clear fails (removeItem throws a SecurityError; reads still
// work) and whose revoke never reaches the server (three dropped connections): the player signed
// out, yet the next page load restores the very session and shows it signed in. The web store
// swallows the failed remove (src/session/token-store.ts `remove`), so the session keeps no word
// that the stored value is a signed-out one. Fail closed would overwrite it (a tombstone, or an
// empty value the parser drops) when removeItem throws.
import { createWebStorageTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { logIn, S, useWorld } from '../support/world';
import { MapStorage, securityError } from './kit';

const world = useWorld();

describe('review 158: a logout whose clear throws', () => {
  it('the next page does not restore the session the player signed out of', async () => {
    const storage = new MapStorage();
    const a = world.open({
      tabId: 'tab-a',
      channel: false,
      storage: createWebStorageTokenStore({ storage }),
    });
    await logIn(world, a);
    await world.advance(2 * S);
    storage.fail = { remove: securityError() };
    world.server.faults.add({ method: 'POST', path: '/auth/logout', drop: true });
    a.client.logout();
    await world.advance(60 * S, S);
    expect(a.state()).toBe('signedOut');
    expect(world.count('POST', '/auth/logout')).toBeGreaterThan(0);
    a.client.stop();

    const next = world.open({
      tabId: 'tab-n',
      channel: false,
      storage: createWebStorageTokenStore({ storage }),
    });
    await world.advance(3 * S);
    expect(next.client.view.status).toBe('signedOut');
  });
});
