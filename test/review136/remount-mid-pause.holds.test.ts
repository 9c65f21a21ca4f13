// Review 136 (holds): a pause (or self-exclusion) on its way when its client stops (a remount on
// the same token store, no channel, no localStorage; the server applied it on receipt, its answer
// comes after the stop). The client made again on the same store, its profile read from a lagging
// replica, is barred (never free to bet), during the flight and after the late answer.
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { profileRewritingFetch } from '../support/profile-rewriting-fetch';
import { logIn, S, useWorld } from '../support/world';

const world = useWorld();

describe('review 136: a remount while a pause is on its way', () => {
  it.each([
    ['pause', '/bff/users/timeout-limits'],
    ['selfExclusion', '/bff/users/self-exclusion'],
  ] as const)(
    'a %s sent, its client stopped before the answer: the next client is barred',
    async (kind, path) => {
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
      world.delayAnswers({ method: 'PATCH', path, ms: 4 * S, times: 1 });
      const sent = (
        kind === 'pause'
          ? a.client.user.setTimeoutLimits({ user_pause: 3, reason: 1, password_check: password })
          : a.client.user.setSelfExclusion({ user_exclusion: 3, reason: 1, password_check: password })
      ).catch(() => 'failed');
      await world.advance(S);
      expect(world.count('PATCH', path)).toBe(1); // it reached the server (applied there)
      expect(a.client.view.restrictions?.canBet).toBe(false); // barred from the send, in A
      a.client.stop();
      const b = world.open({ tabId: 'tab-a', channel: false, storage: store, fetch });
      const seen: (boolean | undefined)[] = [];
      b.client.subscribe((v) => seen.push(v.restrictions?.canBet));
      await world.advance(10 * S, 100);
      await sent;
      expect(b.state()).toBe('signedIn');
      expect(world.count('GET', '/auth/user-profile')).toBeGreaterThanOrEqual(2); // b read (and lagged)
      expect(b.client.view.restrictions?.canBet).not.toBe(true);
      expect(seen).not.toContain(true);
    },
  );
});
