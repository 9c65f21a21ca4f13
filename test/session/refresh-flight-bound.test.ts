import { describe, expect, it } from 'vitest';
import { H, logIn, MIN, S, useWorld } from '../support/world';

// REVIEW-Z Z-1: the session's refresh cycle had no flight bound of its own (taken out so that a
// throttled tab's late timers no longer cut its cross-tab claim): a refresh the server never
// answers, with the adapter's `timeout: Infinity`, held the session in `refreshing` for good. Now
// lost after 10 min (long past every wait of the claim), and tried again (once the next try also
// waited for its answer: a request sent may have rotated the token).

const world = useWorld({ tokenTtlSeconds: 8 * 3600 });

describe('a refresh never answered is lost after 10 min, not held for good (Z-1)', () => {
  it('with timeout: Infinity, a hung refresh is given up and sent again', async () => {
    const tab = world.open({ tabId: 'tab-a', random: 0.3, timeout: Number.POSITIVE_INFINITY });
    await logIn(world, tab);
    world.hangAnswers({ path: '/users/refresh-token' });
    const refreshes = () => world.count('POST', '/users/refresh-token');
    for (let i = 0; i < 80 && refreshes() === 0; i++) await world.advance(5 * MIN, 10 * S);
    expect(refreshes()).toBe(1);
    // Lost after 10 min; the next try waits (at most its own flight) for that request's answer, which
    // may rotate the token (refresh-flight-sent.test.ts); none came: the one after sends again.
    await world.advance(12 * MIN, 10 * S);
    expect(refreshes()).toBe(1);
    await world.advance(11 * MIN, 10 * S);
    expect(refreshes()).toBeGreaterThanOrEqual(2);
    expect(tab.state()).toBe('signedIn');
  }, 120_000);
});
