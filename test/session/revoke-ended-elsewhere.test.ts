import { describe, expect, it } from 'vitest';
import { S, useWorld } from '../support/world';
import { grantsOf, runFor, signIn } from './revoke-support';

// REVIEW-H M1: a sign-out message that names no login (a tab of an older version: `seq` and `sid`
// null, dated now) ends every tab's session (fail closed), but no tab revoked the token it held,
// which stayed live at the API. A tab that ends its session on another tab's word that does not
// prove its token was revoked (a logout of this very token) now revokes the token it holds itself
// (a token already revoked answers 401, which is ignored). Real sockets against the reference
// server; time simulated.

const world = useWorld();

/** A sign-out said on the tabs' channel by a tab of another version (no counter, no login id). */
function legacySignOut(at: number, reason: 'logout' | 'expired' = 'logout') {
  world.hub.channel().postMessage({
    app: 'pam-client',
    v: 1,
    from: 'old-tab',
    type: 'signedOut',
    at,
    seq: null,
    sid: null,
    reason,
  });
}

async function twoTabs() {
  const g = grantsOf(world);
  const a = g.open({ tabId: 'tab-a', random: 0.3 });
  const b = g.open({ tabId: 'tab-b', random: 0.6 });
  await signIn(world, a);
  await runFor(world, 2 * S);
  expect(b.client.view.status).toBe('signedIn');
  expect(await g.live()).toHaveLength(1);
  return { g, a, b };
}

describe('a session ended on a word that does not prove its token revoked (M1)', () => {
  it.each(['logout', 'expired'] as const)(
    'a legacy sign-out (%s) ends both tabs and the token they held is revoked',
    async (reason) => {
      const { g, a, b } = await twoTabs();
      legacySignOut(world.now(), reason);
      await runFor(world);
      expect([a.client.view.status, b.client.view.status]).toEqual(['signedOut', 'signedOut']);
      expect(await g.live()).toEqual([]);
    },
  );

  it('a logout in another tab of the same token: this tab ends without a second logout', async () => {
    const { g, a, b } = await twoTabs();
    a.client.logout();
    await runFor(world);
    expect([a.client.view.status, b.client.view.status]).toEqual(['signedOut', 'signedOut']);
    expect(await g.live()).toEqual([]);
    expect(world.count('POST', '/auth/logout')).toBe(1);
  });
});
