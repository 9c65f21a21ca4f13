import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { H, logIn, MIN, S, useWorld } from '../support/world';

// The class of refresh-flight-sent.test.ts: a refresh the server acted on (it rotated the token at
// once) must not be dropped by an abort of ours (the cycle's flight bound, the cross-tab claim's
// waits, another tab's token adopted meanwhile), so that a later refresh sends the rotated-away
// token, gets a 401 and ends a live session. Over generated timer orders: how late the client hears
// the answer(s) (at, just before and just after the 10 min flight bound, and past it within the
// next try's flight), how many answers are held, how late timers fire together (a throttled tab:
// the answer and the bound in one step), and one tab or two (the claim among tabs).

const world = useWorld({ tokenTtlSeconds: 8 * 3600 });
const refreshes = () => world.count('POST', '/users/refresh-token');

describe('a refresh the server answered is never lost to our own bounds (class of Z-9 / T-6)', () => {
  it('holds over answer delays, held answers, late timers and tabs: no 401, no sign-out', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.integer({ min: 0, max: 19 * MIN }),
          fc.constantFrom(10 * MIN - 1, 10 * MIN, 10 * MIN + 1, 10 * MIN + 2, 10 * MIN + 10 * S),
        ),
        fc.constantFrom(1, 2),
        fc.constantFrom(10 * S, MIN, 5 * MIN),
        fc.boolean(),
        async (ms, times, step, twoTabs) => {
          world.closeAll();
          world.renew();
          world.server.reset();
          // Adapters with no timeout of their own: the world's delay is the only one.
          const tabs = [world.open({ tabId: 'tab-a', random: 0.3, timeout: Number.POSITIVE_INFINITY })];
          if (twoTabs)
            tabs.push(world.open({ tabId: 'tab-b', random: 0.6, timeout: Number.POSITIVE_INFINITY }));
          await logIn(world, tabs[0]!);
          await world.advance(10 * S, 250);
          world.delayAnswers({ path: '/users/refresh-token', ms, times });
          // Due 6 h after the login (the interval; the token lives 8 h: its life never runs out here).
          await world.advance(5 * H + 50 * MIN, 5 * MIN);
          await world.advance(5 * H + 50 * MIN, 5 * MIN);
          for (let i = 0; i < 100 && refreshes() === 0; i++) await world.advance(5 * MIN, step);
          expect(refreshes()).toBeGreaterThan(0);
          // Every held answer has come (and a try after it) well within this.
          await world.advance(45 * MIN, step);
          const events = tabs.flatMap((t) => t.events);
          expect(events).not.toContain('sessionExpired');
          expect(tabs.map((t) => t.state())).toEqual(tabs.map(() => 'signedIn'));
          expect(events).toContain('tokenRefreshed');
          expect(world.count('POST', '/auth/logout')).toBe(0);
        },
      ),
      { numRuns: 30 },
    );
  }, 600_000);

  // The next try waits for that answer within its own flight only (Z-1: one never answered must not
  // hold the session for good). An answer come after that try gave up, before the one after it
  // started, was dropped with the try (its signal aborted): the try after sent the rotated-away token.
  it('an answer come after the waiting try gave up is kept for the try after it', async () => {
    const tab = world.open({ tabId: 'tab-a', random: 0.3, timeout: Number.POSITIVE_INFINITY });
    await logIn(world, tab);
    // The flight starts 6 h in, sends at once, is lost 10 min later; the next try starts 40 s later
    // and gives up 10 min after; the try after it starts 80 s later. The answer: 21 min after the send.
    world.delayAnswers({ path: '/users/refresh-token', ms: 21 * MIN, times: 1 });
    await world.advance(5 * H + 50 * MIN, 5 * MIN);
    for (let i = 0; i < 100 && refreshes() === 0; i++) await world.advance(5 * MIN, 10 * S);
    await world.advance(45 * MIN, 10 * S);
    expect(tab.events.filter((e) => e === 'refreshFailed')).toHaveLength(2);
    expect(tab.events).not.toContain('sessionExpired');
    expect(tab.state()).toBe('signedIn');
    expect(tab.events).toContain('tokenRefreshed');
    expect(refreshes()).toBe(1);
  }, 120_000);
});
