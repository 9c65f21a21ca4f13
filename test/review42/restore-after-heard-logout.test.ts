// Review 42 (b): a tab still restoring (its store answers later, IndexedDB-like: a read begun
// before another tab's clear answers with what it read) hears another tab's logout of the stored
// login (`HEARD`: its floor), then its read answers with that login.
import type { StoredSession, TokenStore } from 'pam-client';
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { GateHub, look } from '../review41/support';
import { draws, grantsOf, runFor } from '../session/revoke-support';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();

describe('review42: a restore that answers after a heard logout', () => {
  it('does not sign the new tab in on the login the logout ended', async () => {
    const hub = new GateHub();
    world.hub = hub;
    const g = grantsOf(world);
    const shared = createMemoryTokenStore();
    const a = g.open({ tabId: 'tab-a', storage: shared, environment: { random: draws(0.3) } });
    await world.settle();
    await logIn(world, a);
    await runFor(world, 2 * S);
    const l1 = look(a).sid;
    // D's store: the same data; its first read answers when released, with what it read then.
    let release: () => void = () => {};
    let first = true;
    const dStore: TokenStore = {
      get: () => {
        const v = shared.get() as StoredSession | null;
        if (!first) return Promise.resolve(v);
        first = false;
        return new Promise((r) => {
          release = () => r(v);
        });
      },
      set: (s) => shared.set(s),
      clear: () => shared.clear(),
    };
    const d = g.open({ tabId: 'tab-d', storage: dStore, environment: { random: draws(0.6) } });
    await world.settle();
    a.client.logout();
    await runFor(world, 2 * S);
    expect(look(d).signedOut, 'd heard the logout').toMatchObject({ logout: 1 });
    expect(await shared.get()).toBeNull();
    release();
    await world.settle();
    const seen = look(d);
    expect({ status: seen.status, sid: seen.sid }, JSON.stringify(seen)).toMatchObject({
      status: 'signedOut',
      sid: null,
    });
    expect(l1).not.toBeNull();
  }, 60_000);
});
