import fc from 'fast-check';
import { createMemoryTokenStore } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { S, type Tab, useWorld } from '../support/world';
import { draws, grantsOf, runFor, signOutAll } from './revoke-support';

// A logout in one tab ends the session in every tab of the origin. Two tabs log the same player in
// at once while the channel lags (each its own login, the same counter), and tab A logs out before
// it heard B's login. Before, the order of sessions decided: B's login (the higher login id) was
// "newer" than the login A logged out, so B stayed signed in, and A, hearing B's login, took it:
// the logout undone in both tabs. The rule now: a logout ends every session counted at or below the
// logout's counter (the `seq` of the session the tab logged out), whatever its login; a session
// counted above it (one the logging-out tab had not heard of: a later login, or a refresh made
// meanwhile in a tab it did not hear) stays, and a tab signed out by a logout takes only such a one.
// Real sockets against the reference server; time simulated.

const world = useWorld();
const seqOf = (t: Tab) => sessionActorOf(t.client).getSnapshot().context.seq as number | null;

type Step =
  | { op: 'login'; tab: 0 | 1; delay: number }
  | { op: 'refresh'; tab: 0 | 1; delay: number }
  | { op: 'advance'; ms: number };
const tab = fc.constantFrom(0 as const, 1 as const);
const delay = fc.constantFrom(0, 300, 1_500);
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('login' as const), tab, delay }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('refresh' as const), tab, delay }), weight: 1 },
  {
    arbitrary: fc.record({ op: fc.constant('advance' as const), ms: fc.constantFrom(50, 300, 2_000) }),
    weight: 2,
  },
);

/** `steps` with the channel held, then a logout in tab `out`, then the channel let go. */
async function run(shared: boolean, steps: Step[], out: 0 | 1) {
  world.closeAll();
  world.renew();
  world.server.reset();
  const g = grantsOf(world);
  const storage = shared ? createMemoryTokenStore() : undefined;
  const tabs: Tab[] = [
    g.open({ tabId: 'tab-a', ...(storage && { storage }), environment: { random: draws(0.3) } }),
    g.open({ tabId: 'tab-b', ...(storage && { storage }), environment: { random: draws(0.6) } }),
  ];
  await world.settle();
  const { email, password } = world.server.seed.plain;
  world.hub.hold();
  for (const s of steps) {
    if (s.op === 'login') {
      g.hold('/auth/login', s.delay);
      tabs[s.tab]!.client.login({ login: email, password });
    } else if (s.op === 'refresh') {
      g.hold('/users/refresh-token', s.delay);
      tabs[s.tab]!.client.state.send({ type: 'REFRESH' } as never);
    } else await world.advance(s.ms, 50);
    await world.settle();
  }
  await runFor(world, 3 * S);
  if (tabs[out]!.client.view.status !== 'signedIn') return;
  const logout = seqOf(tabs[out]!)!;
  // Above the logout's counter, made before it: such a session stays (the rule's exception).
  const above = tabs.some((t) => t.client.view.status === 'signedIn' && seqOf(t)! > logout);
  tabs[out]!.client.logout();
  await runFor(world, 3 * S);
  world.hub.release();
  await runFor(world);
  const status = tabs.map((t) => t.client.view.status);
  expect(status[0]).toBe(status[1]);
  if (!above) expect(status).toEqual(['signedOut', 'signedOut']);
  if (status[0] === 'signedIn') {
    for (const t of tabs) expect(seqOf(t)).toBeGreaterThan(logout);
    expect(await tabs[1]!.token()).toBe(await tabs[0]!.token());
  } else expect(await g.live()).toEqual([]);
  await signOutAll(world, tabs);
  expect(await g.live()).toEqual([]);
}

const together = (first: number, second: number): Step[] => [
  { op: 'login', tab: 0, delay: first },
  { op: 'login', tab: 1, delay: second },
];

describe('a logout ends every login counted at or below it, in every tab', () => {
  it.each([false, true].flatMap((shared) => [0, 1].map((out) => ({ shared, out: out as 0 | 1 }))))(
    'two logins at once, the channel late, a logout in one tab: both tabs signed out (%o)',
    async ({ shared, out }) => {
      await run(shared, together(0, 300), out);
      await run(shared, together(300, 0), out);
    },
    60_000,
  );

  // Found by the property (fails on the old code): tab B and tab A log in at once (same counter),
  // A refreshes (counter 2) before it hears anything, B logs out (counter 1). A's login stays (above
  // the logout), and B, signed out, took nothing: a signed-out tab took another tab's refresh only
  // of the login that expired here. Now a refresh of another login than the one signed out here,
  // counted above the floor, is taken: both tabs hold A's login.
  it('two logins at once, one refreshed, the other logged out: the tabs agree', async () => {
    await run(
      true,
      [
        { op: 'login', tab: 1, delay: 0 },
        { op: 'login', tab: 0, delay: 0 },
        { op: 'refresh', tab: 0, delay: 0 },
      ],
      1,
    );
  }, 60_000);

  it('over generated logins, refreshes and delays before the logout', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(step, { minLength: 1, maxLength: 6 }), tab, run),
      { numRuns: 30 },
    );
  }, 300_000);
});
