// A client stopped and opened again on the same token store in the same page (a remount, a hot
// reload; no `localStorage`: Node, a blocked one) forgot what the player had accepted minutes
// before: the records kept beside the store (accepted-store.ts) were keyed by the client's own
// guarded view of the store, not by the store. A lagging profile read then showed the paused
// player free to bet (fail open).
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { profileRewritingFetch } from '../support/profile-rewriting-fetch';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();

describe('review 135: a remount on the same store keeps what the player accepted', () => {
  it.each(['pause', 'selfExclusion'] as const)(
    'a %s accepted, then a lagging read in the next client',
    async (kind) => {
      let before: Record<string, unknown> | null = null;
      const fetch = profileRewritingFetch(world.fetch, (u) => {
        before ??= Object.fromEntries(Object.entries(u).filter(([k]) => /^user_(pause|exclusion)/.test(k)));
        Object.assign(u, before);
      });
      const store = createMemoryTokenStore();
      const a = world.open({ tabId: 'tab-a', channel: false, storage: store, fetch });
      await logIn(world, a);
      await world.advance(2 * S);
      expect(a.client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
      const { password } = world.server.seed.plain;
      await world.during(
        kind === 'pause'
          ? a.client.user.setTimeoutLimits({ user_pause: 3, reason: 1, password_check: password })
          : a.client.user.setSelfExclusion({ user_exclusion: 3, reason: 1, password_check: password }),
      );
      await world.advance(3 * S);
      expect(a.client.view.restrictions?.canBet).toBe(false);
      a.client.stop();
      const b = world.open({ tabId: 'tab-a', channel: false, storage: store, fetch });
      await world.advance(5 * S, 100);
      expect(b.state()).toBe('signedIn');
      expect(world.count('GET', '/auth/user-profile')).toBeGreaterThanOrEqual(3); // b read (and lagged)
      expect(b.client.view.restrictions?.canBet).not.toBe(true);
      expect(b.client.view.restrictions?.inForce.map((x) => x.kind)).toContain(kind);
    },
  );
});
