import fc from 'fast-check';
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { S, type Tab, useWorld } from '../support/world';
import { grantsOf, runFor, signOutAll } from './revoke-support';

// REVIEW-H H2, H3, M1 as one property: two tabs of one origin (a store each, or one shared, as a
// browser's localStorage) on the reference server (real sockets, the world's simulated clock),
// driven by generated interleavings of logins, refreshes and logouts in either tab, with their
// answers held back for a while (so a logout or the other tab's session comes while they are in
// flight), the channel's messages held back and let go (each tab takes the other's session late),
// a sign-out said by a tab of an older version, and time passing. Once everything has settled and
// both tabs are signed out, every token the server granted (logins and refreshes, answered, given up
// on or taken from the other tab) is revoked.

const world = useWorld();

type Step =
  | { op: 'login' | 'refresh'; tab: 0 | 1; delay: number }
  | { op: 'logout'; tab: 0 | 1 }
  | { op: 'advance'; ms: number }
  | { op: 'hold' | 'release' | 'legacy' };

const tab = fc.constantFrom(0 as const, 1 as const);
const delay = fc.constantFrom(0, 100, 700, 2_500);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('login' as const), tab, delay }),
  fc.record({ op: fc.constant('refresh' as const), tab, delay }),
  fc.record({ op: fc.constant('logout' as const), tab }),
  fc.record({ op: fc.constant('advance' as const), ms: fc.constantFrom(0, 50, 300, 1_500) }),
  fc.record({ op: fc.constantFrom('hold' as const, 'release' as const, 'legacy' as const) }),
);

async function run(shared: boolean, steps: Step[]): Promise<string[]> {
  world.closeAll();
  world.renew();
  world.server.reset();
  const g = grantsOf(world);
  const storage = shared ? createMemoryTokenStore() : undefined;
  const tabs: Tab[] = [
    g.open({ tabId: 'tab-a', random: 0.3, ...(storage && { storage }) }),
    g.open({ tabId: 'tab-b', random: 0.6, ...(storage && { storage }) }),
  ];
  await world.settle();
  const { email, password } = world.server.seed.plain;
  for (const s of steps) {
    if (s.op === 'login') {
      g.hold('/auth/login', s.delay);
      tabs[s.tab]!.client.login({ login: email, password });
    } else if (s.op === 'refresh') {
      g.hold('/users/refresh-token', s.delay);
      tabs[s.tab]!.client.state.send({ type: 'REFRESH' } as never);
    } else if (s.op === 'logout') tabs[s.tab]!.client.logout();
    else if (s.op === 'advance') await world.advance(s.ms, 50);
    else if (s.op === 'hold') world.hub.hold();
    else if (s.op === 'release') world.hub.release();
    else
      world.hub.channel().postMessage({
        app: 'pam-client',
        v: 1,
        from: 'old-tab',
        type: 'signedOut',
        at: world.now(),
        seq: null,
        sid: null,
        reason: 'logout',
      });
    await world.settle();
  }
  world.hub.release();
  await runFor(world, 10 * S);
  await signOutAll(world, tabs);
  await runFor(world, 10 * S);
  return g.live();
}

describe('every token the server granted is revoked once both tabs are signed out (H2, H3, M1)', () => {
  it('over generated interleavings of logins, refreshes, logouts, late answers and late messages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(step, { minLength: 1, maxLength: 10 }),
        async (shared, steps) => {
          expect(await run(shared, steps)).toEqual([]);
        },
      ),
      { numRuns: 30 },
    );
  }, 240_000);
});
