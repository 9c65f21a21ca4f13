import fc from 'fast-check';
import { createClock } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { H, logIn, MIN, S, type Tab, type TabOptions, useWorld } from '../support/world';

// REVIEW-T T-6: on a device whose clock runs ahead by more than the token's remaining life, a
// second tab signed every tab out ('expired') and revoked the token: it adopted the shared session
// and its first TICK judged it on `serverNow()` of a clock that had learned no server time (trusted
// by the anchor rule, `learned()` false). docs/time.md: no server time learned, no dated judgment;
// the server is asked instead (a refresh: a 401 ends the session, an answer renews it).

const world = useWorld({ tokenTtlSeconds: 2 * 3600 });
const logouts = () => world.count('POST', '/auth/logout');

/** A tab on this device: its own clock over the world's wall clock moved by `skew`. */
const deviceTab = (skew: number, o: TabOptions = {}): Tab =>
  world.open({
    ...o,
    environment: {
      clock: createClock({ wall: () => world.now() + skew, monotonic: () => world.clock.now() }),
    },
  });

/**
 * Two tabs of one device (`skew`): A signs in (B open before it, or joining `joinAfter` later); B's
 * profile read answers 3 s late (a real network: B's first TICK comes before any answer taught it).
 */
async function join(skew: number, joinAfter: number, openFirst: boolean) {
  world.delayAnswers({ path: '/auth/user-profile', ms: 3 * S });
  const a = deviceTab(skew, { tabId: 'tab-a', random: 0.3 });
  let b = openFirst ? deviceTab(skew, { tabId: 'tab-b', random: 0.6 }) : null;
  await logIn(world, a);
  await world.advance(joinAfter, MIN);
  b ??= deviceTab(skew, { tabId: 'tab-b', random: 0.6 });
  await world.advance(10 * S, 250);
  return [a, b] as const;
}

describe('a tab whose clock learned no server time never ends a live session (T-6)', () => {
  it('a second tab joining on a device 10 h ahead signs no one out', async () => {
    const [a, b] = await join(10 * H, 30 * MIN, false);
    expect([a.state(), b.state()]).toEqual(['signedIn', 'signedIn']);
    expect(logouts()).toBe(0);
    expect([...a.events, ...b.events]).not.toContain('sessionExpired');
  });

  it('two tabs open before the login on a device 10 h ahead: the login holds (p43)', async () => {
    const [a, b] = await join(10 * H, 0, true);
    expect([a.state(), b.state()]).toEqual(['signedIn', 'signedIn']);
    expect(logouts()).toBe(0);
  });

  it('a token the server calls dead still ends in every tab (a 401 from the refresh)', async () => {
    const a = deviceTab(10 * H, { tabId: 'tab-a', random: 0.3 });
    await logIn(world, a);
    world.server.expireTokens();
    world.delayAnswers({ path: '/auth/user-profile', ms: 3 * S });
    const b = deviceTab(10 * H, { tabId: 'tab-b', random: 0.6 });
    await world.advance(20 * S, 250);
    expect([a.state(), b.state()]).toEqual(['signedOut', 'signedOut']);
    expect(world.count('POST', '/users/refresh-token')).toBeGreaterThan(0);
  });

  // Found by the property: B open before the login on a device 67 min ahead starts its refresh
  // cycle on its unlearned clock, so its refresh falls due early (50 min in). Timers that fire late
  // together (5 min steps here; a throttled background tab) fired the cycle's 60 s flight timeout
  // (armed when `refreshing` began, before the claim) ahead of the claim's jitter and settle waits:
  // B's call was stopped before it sent anything (its claim posted, then released), again and again,
  // and a 401 answered during the lost-race grace went to a stopped actor: a token the server expired
  // kept both tabs signed in. The session's cycle now loses no flight on its own clock (refresh.ts,
  // `sessionRefreshCycle`): the call is bounded by its own steps. (Counted from the expiry: B's early
  // refresh now succeeds before it.)
  it('a dead token with both tabs open before the login, device 67 min ahead, still ends', async () => {
    const a = deviceTab(67 * MIN, { tabId: 'tab-a', random: 0.3 });
    const b = deviceTab(67 * MIN, { tabId: 'tab-b', random: 0.6 });
    await logIn(world, a);
    await world.advance(81 * MIN, 5 * MIN);
    const refreshes = () => world.count('POST', '/users/refresh-token');
    const before = refreshes();
    world.server.expireTokens();
    await world.advance(15 * S, 250);
    for (let i = 0; i < 150 && refreshes() === before; i++) await world.advance(MIN, 10 * S);
    await world.advance(5 * MIN, 10 * S);
    expect([a.state(), b.state()]).toEqual(['signedOut', 'signedOut']);
  });

  it('holds over generated skews, remaining lives, join times and answer orders', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -24, max: 24 }).map((h) => h * H + 7 * MIN),
        fc.integer({ min: 0, max: 110 }).map((m) => m * MIN),
        fc.boolean(),
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.boolean(),
        // How late timers fire together meanwhile (a throttled background tab: 1 min; coarser).
        fc.constantFrom(10 * S, MIN, 5 * MIN),
        async (skew, joinAfter, openFirst, readMs, refreshMs, dead, step) => {
          world.closeAll();
          world.renew();
          world.server.reset();
          world.delayAnswers({ path: '/auth/user-profile', ms: readMs });
          world.delayAnswers({ path: '/users/refresh-token', ms: refreshMs });
          const a = deviceTab(skew, { tabId: 'tab-a', random: 0.3 });
          let b = openFirst ? deviceTab(skew, { tabId: 'tab-b', random: 0.6 }) : null;
          await logIn(world, a);
          await world.advance(joinAfter, step);
          const refreshes = () => world.count('POST', '/users/refresh-token');
          const before = refreshes();
          // Dead: the server expires the token (before B joins, or with B open before the login).
          if (dead) world.server.expireTokens();
          b ??= deviceTab(skew, { tabId: 'tab-b', random: 0.6 });
          await world.advance(15 * S, 250);
          const states = [a.state(), b.state()];
          if (dead) {
            // Fail closed: once a refresh was answered 401 (B's, or A's when it is due), no tab
            // stays signed in (past the lost-race grace: the adapter's timeout, 10 s here).
            const out = () => a.state() === 'signedOut' && b.state() === 'signedOut';
            for (let i = 0; i < 150 && refreshes() === before && !out(); i++)
              await world.advance(MIN, 10 * S);
            await world.advance(30 * S, 250);
            expect([a.state(), b.state()]).toEqual(['signedOut', 'signedOut']);
          } else {
            // Live on the server: nobody ends it, nothing revoked.
            expect(states).toEqual(['signedIn', 'signedIn']);
            expect(logouts()).toBe(0);
            expect([...a.events, ...b.events]).not.toContain('sessionExpired');
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 300_000);
});
