import { describe, expect, it } from 'vitest';
import { useWorld } from '../support/world';
import { lookAt, playNewTab } from './new-tab-login-support';

// REVIEW-AK AK-1 (probes p2-adopt newTabC:net, p2-newtab-control): a login made in a NEW tab after
// the other tabs' login (L1) expired was ended by L1's messages: (a) the signed-out tabs answered its
// sync with L1's expiry at L1's counter, above the new tab's (its counter from the cleared store), and
// an expiry of another login counted higher ended ours; (b) a tab whose own refresh call of L1 was on
// its way after it set aside A's expiry answered with L1 itself, and the new tab took it over its own
// fresh login. An expiry ends only the login it names; a dying login is offered to no tab.

const world = useWorld();

describe('a login made in a new tab after the others expired survives (AK-1)', () => {
  it.each([
    ['(a) the signed-out tabs answer with L1 expired, channel 3 s', null, 0],
    ['(b) B keeps L1 while its refresh call is on its way (40 s, then a network error)', 40_000, 0],
    // (Thirty-seventh pass: B's sign-out cleared C's login from the shared store, counted below L1
    // refreshed twice, as an "older" session; C then went on without a token, B never took it.)
    ["(c) as (b), L1 refreshed twice first (counted above C's login)", 40_000, 2],
  ] as const)(
    '%s: C keeps its login and every tab takes it',
    async (_, holdMs, refreshes) => {
      const { tabs, cSid, l1 } = await playNewTab(world, {
        holdMs,
        refreshes,
        lags: Array(9).fill(3_000),
        openAfter: 1_000,
        loginAfter: 0,
        loginMs: 0,
        account: 'plain',
      });
      expect(cSid).not.toBeNull();
      expect(cSid).not.toBe(l1);
      expect(tabs.map(lookAt)).toEqual(
        tabs.map(() => ({ status: 'signedIn', canBet: true, userId: 1, sid: cSid })),
      );
    },
    120_000,
  );
});
