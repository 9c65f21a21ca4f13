import { describe, expect, it } from 'vitest';
import { logoutsWith, refreshSentHeld } from '../support/held-refresh';
import { logIn, MIN, S, useWorld } from '../support/world';
import { grantsOf } from './revoke-support';

// REVIEW-AC AC-2: a refresh sent (the server rotated T0 -> T1 at once), its answer held; the player
// logs out and signs in again as the SAME player before T1 reaches the client. The stopped call's
// answer was "given back" to its login (`tookBack`: the store held a session of the same player and
// login id, the new login drew the same id from the same random source), for a next try that never
// came (that cycle stopped with the login): T1 stayed live at the API (8 h), held by no one. With
// another player's login or none, T1 was revoked. Real sockets against the reference server; time
// simulated.

const world = useWorld({ tokenTtlSeconds: 8 * 3600 });

describe('a refresh answer heard after its login ended (AC-2)', () => {
  it.each([false, true])(
    'logout, the same player signs in again, then the answer: T1 revoked, the new login unaffected (channel %s)',
    async (channel) => {
      const g = grantsOf(world);
      const tab = g.open({ tabId: 'tab-a', random: 0.3, channel, timeout: Number.POSITIVE_INFINITY });
      await refreshSentHeld(world, g, tab, 12 * S);
      const [, t1] = g.issued;
      await world.advance(2 * S, 500);
      tab.client.logout();
      await world.advance(S, 100);
      expect(tab.state()).toBe('signedOut');
      await logIn(world, tab);
      expect(g.issued).toHaveLength(3);
      const t2 = g.issued[2]!;
      // The held answer comes (12 s after the send), and time runs on.
      await world.advance(MIN, 500);
      expect(logoutsWith(world, t1!)).toBe(1);
      expect(await g.live()).toEqual([t2]);
      expect(tab.state()).toBe('signedIn');
      expect(await tab.token()).toBe(t2);
      await expect(tab.client.auth.getUserProfile()).resolves.toBeTruthy();
      expect(tab.events).toEqual(['signedIn', 'signedOut', 'signedIn']);
    },
    60_000,
  );
});
