import { createMemoryTokenStore } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { logoutsWith } from '../support/held-refresh';
import { logIn, MIN, S, storedSession, type Tab, useWorld } from '../support/world';
import { grantsOf, runFor } from './revoke-support';

// A store shared with a client of an older version, which names a session by its counter (`seq`)
// and no login id (`sid`): its counter starts again at 1 on a new page after a logout, so two of its
// logins stored the same counter. A login id taken from that counter named both: tab A, signed in on
// the first login (restored from the store), took the second login as its own. Its refresh answer,
// held while the player logged out and in again in the older client, was taken for the second login
// and written over it: the ended login's token live and stored, the new login's session gone. A
// session naming no login id has its token's (`sidOf`): a counter names no login. Real sockets
// against the reference server; time simulated.

const world = useWorld({ tokenTtlSeconds: 8 * 3600 });
const userIdOf = (tab: Tab) => sessionActorOf(tab.client).getSnapshot().context.userId as number;

describe('a login of an older version named by its counter only', () => {
  it.each([true, false])(
    'logged out and in again there (the same counter): tab A never takes the new login as its own (channel %s)',
    async (channel) => {
      const g = grantsOf(world);
      const shared = createMemoryTokenStore();
      // The older client: its calls reach the server (another client of its own here), its writes
      // to the shared store are in its format: a counter, no login id.
      const old = g.open({ tabId: 'old', random: 0.1, channel: false });
      await logIn(world, old);
      const first = (await old.token())!;
      const userId = userIdOf(old);
      shared.set({ ...storedSession(first, world.now()), userId, seq: 1 });
      const a = g.open({
        tabId: 'tab-a',
        random: 0.3,
        channel,
        storage: shared,
        timeout: Number.POSITIVE_INFINITY,
      });
      await runFor(world, 2 * S);
      expect(a.state()).toBe('signedIn');
      // A refreshes the first login's token (the server rotates it at once); its answer is held.
      g.hold('/users/refresh-token', 12 * S);
      a.client.state.send({ type: 'REFRESH' } as never);
      for (let i = 0; i < 40 && g.issued.length < 2; i++) await world.advance(50, 50);
      expect(g.issued).toHaveLength(2);
      const late = g.issued[1]!;
      // The player logs out in the older client (it clears the store), and signs in again there on
      // a new page: its counter starts again, at 1.
      old.client.logout();
      shared.clear();
      await world.advance(S, 100);
      const again = g.open({ tabId: 'old-2', random: 0.2, channel: false });
      await logIn(world, again);
      const second = (await again.token())!;
      shared.set({ ...storedSession(second, world.now()), userId, seq: 1 });
      // A's answer comes.
      await world.advance(MIN, 500);
      expect(shared.get()?.accessToken).toBe(second);
      expect(logoutsWith(world, late)).toBe(1);
      expect(await g.live()).toEqual([second]);
      expect(a.state()).toBe('signedOut');
    },
    60_000,
  );
});
