import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { S, type Tab, useWorld } from '../support/world';
import { grantsOf, runFor, signOutAll } from './revoke-support';

// REVIEW-H H2: two tabs sign in at once. They converge on one login (the order of sessions, the
// same in every tab), but the token of the login that lost stayed live at the API: the tab that
// gave its login up for the other took the other's session without revoking its own, and no tab
// knew that token any more. Now the tab that holds the winning login, hearing the losing login
// (with its token), revokes that token and tells the tabs its own session again; never the token
// in use. Both with a store per tab and with one store shared by the tabs (a browser's
// localStorage), with the answers in either order and the channel's messages held back until both
// tabs are signed in (each takes the other's login late, on its way). Real sockets against the
// reference server; time simulated.

const world = useWorld();

async function bothLogIn(o: { shared: boolean; first: number; second: number; holdChannel: boolean }) {
  const g = grantsOf(world);
  const storage = o.shared ? createMemoryTokenStore() : undefined;
  const a = g.open({ tabId: 'tab-a', random: 0.3, ...(storage && { storage }) });
  const b = g.open({ tabId: 'tab-b', random: 0.6, ...(storage && { storage }) });
  await world.settle();
  const { email, password } = world.server.seed.plain;
  if (o.holdChannel) world.hub.hold();
  g.hold('/auth/login', o.first);
  g.hold('/auth/login', o.second);
  a.client.login({ login: email, password });
  b.client.login({ login: email, password });
  await runFor(world, 3 * S);
  if (o.holdChannel) world.hub.release();
  await runFor(world);
  return { g, a, b };
}

const CASES = [false, true].flatMap((shared) =>
  [false, true].flatMap((holdChannel) =>
    [
      [100, 100],
      [0, 300],
      [300, 0],
    ].map(([first, second]) => ({ shared, holdChannel, first: first!, second: second! })),
  ),
);

describe('two tabs sign in at once (H2)', () => {
  it.each(CASES)(
    'they converge, only the login in use stays live, and none after a logout (%o)',
    async (o) => {
      const { g, a, b } = await bothLogIn(o);
      expect([a.client.view.status, b.client.view.status]).toEqual(['signedIn', 'signedIn']);
      expect(g.issued).toHaveLength(2);
      const used = await a.token();
      expect(await b.token()).toBe(used);
      // Both tabs can read with it, and it is the one token left live.
      for (const t of [a, b] as Tab[]) await expect(t.client.auth.getUserProfile()).resolves.toBeTruthy();
      expect(await g.live()).toEqual([used]);
      a.client.logout();
      await runFor(world);
      await signOutAll(world, [a, b]);
      expect(await g.live()).toEqual([]);
    },
  );
});
