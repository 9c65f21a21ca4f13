import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logoutsWith, refreshSentHeld } from '../support/held-refresh';
import { logIn, MIN, S, useWorld } from '../support/world';
import { grantsOf } from './revoke-support';

// REVIEW-AC AC-2, the class: an answer of a refresh sent under login L is never kept, taken or
// stored once L ended (a logout; then the same player, another player or no one signs in); its
// token is revoked, once, and a new login never takes it. Over generated timings: how late the
// answer comes (within the 10 min flight bound and past it), when the logout comes in its flight,
// who signs in next, how late timers fire together, a tab with a channel or without. Real sockets
// against the reference server; time simulated.

const world = useWorld({ tokenTtlSeconds: 8 * 3600 });

describe('a refresh answer heard after its login ended (AC-2, class)', () => {
  it('no token issued to an ended login stays live once the answer came', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: 3 * S, max: 15 * MIN }), fc.constantFrom(10 * MIN, 10 * MIN + 1, 12 * S)),
        fc.double({ min: 0, max: 0.8, noNaN: true }),
        fc.constantFrom('same', 'other', 'none'),
        fc.boolean(),
        fc.constantFrom(500, 5 * S),
        async (holdMs, logoutAt, relogin, channel, step) => {
          world.closeAll();
          world.renew();
          world.server.reset();
          const g = grantsOf(world);
          const tab = g.open({ tabId: 'tab-a', random: 0.3, channel, timeout: Number.POSITIVE_INFINITY });
          await refreshSentHeld(world, g, tab, holdMs);
          const [t0, t1] = g.issued as [string, string];
          // The logout within the answer's flight, the next login (if any) before the answer.
          const until = Math.floor(holdMs * logoutAt);
          if (until > 0) await world.advance(until, Math.min(step, until));
          tab.client.logout();
          await world.advance(S, 100);
          expect(tab.state()).toBe('signedOut');
          if (relogin !== 'none') await logIn(world, tab, relogin === 'same' ? 'plain' : 'paused');
          // The answer comes, and every try after it.
          await world.advance(holdMs + 2 * MIN, step);
          const now = relogin === 'none' ? [] : g.issued.slice(2);
          expect(logoutsWith(world, t1)).toBe(1);
          expect(await g.live()).toEqual(now);
          expect(tab.state()).toBe(relogin === 'none' ? 'signedOut' : 'signedIn');
          expect(await tab.token()).toBe(now[0] ?? null);
          expect([t0, t1]).not.toContain(await tab.token());
        },
      ),
      { numRuns: 24 },
    );
  }, 600_000);
});
