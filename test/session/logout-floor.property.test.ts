import fc from 'fast-check';
import { createMemoryTokenStore } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { renewWithLinkHub } from '../support/link-hub';
import { type Tab, useWorld } from '../support/world';
import { draws, grantsOf, runFor } from './revoke-support';

// The rule of a logout (twelfth pass): it ends every session counted at or below it, in every tab;
// only a session counted above it stays. Here as an invariant over generated runs of three tabs
// whose channel lags link by link (one sender's messages in order, senders interleaved freely):
// logins, logouts and refreshes in any tab, answers held, links held and let go. After every step,
// no tab shows a session counted at or below a logout it made or heard. Before, a tab signed out
// by another tab's logout remembered its own counter (and a tab signed out, or signing in, heard a
// logout only as a counter): a stray login counted between the two, heard late over a lagging link,
// was taken (a session the logout had ended, shown signed in). Real sockets against the reference
// server; time simulated.

const world = useWorld();
const seqOf = (t: Tab) => sessionActorOf(t.client).getSnapshot().context.seq as number | null;

type Tab3 = 0 | 1 | 2;
type Step =
  | { op: 'login' | 'refresh'; tab: Tab3; delay: number }
  | { op: 'logout'; tab: Tab3 }
  | { op: 'expire'; tab: Tab3 }
  | { op: 'advance'; ms: number }
  | { op: 'hold' | 'letGo'; from: Tab3; to: Tab3 }
  | { op: 'deliver'; from: Tab3; to: Tab3; n: number };

const tab = fc.constantFrom<Tab3>(0, 1, 2);
const delay = fc.constantFrom(0, 300, 1_500);
const link = { from: tab, to: tab };
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('login' as const), tab, delay }), weight: 4 },
  { arbitrary: fc.record({ op: fc.constant('logout' as const), tab }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('refresh' as const), tab, delay }), weight: 1 },
  // The server ends every token; the tab's next call finds it (REVIEW-AK AK-1: an expiry ends only
  // the login it names, and a tab it signed out takes another login, never one a logout ended).
  { arbitrary: fc.record({ op: fc.constant('expire' as const), tab }), weight: 1 },
  {
    arbitrary: fc.record({ op: fc.constant('advance' as const), ms: fc.constantFrom(50, 400, 2_000) }),
    weight: 2,
  },
  { arbitrary: fc.record({ op: fc.constantFrom('hold' as const, 'letGo' as const), ...link }), weight: 3 },
  {
    arbitrary: fc.record({ op: fc.constant('deliver' as const), ...link, n: fc.integer({ min: 1, max: 3 }) }),
    weight: 2,
  },
);

async function run(shared: boolean, steps: Step[]) {
  const hub = renewWithLinkHub(world);
  const g = grantsOf(world);
  const storage = shared ? createMemoryTokenStore() : undefined;
  const tabs = [0.3, 0.6, 0.8].map((r, i) =>
    g.open({ tabId: `tab-${'abc'[i]}`, ...(storage && { storage }), environment: { random: draws(r) } }),
  );
  /** Per tab: the highest counter it logged out at itself. */
  const own = [-1, -1, -1];
  const check = (when: string) => {
    tabs.forEach((t, i) => {
      if (t.client.view.status !== 'signedIn') return;
      const floor = Math.max(own[i]!, hub.logoutHeard[i]!);
      expect(`${when}: tab ${i} at ${seqOf(t)}`).toBe(
        `${when}: tab ${i} at ${Math.max(seqOf(t)!, floor + 1)}`,
      );
    });
  };
  await world.settle();
  const { email, password } = world.server.seed.plain;
  for (const [k, s] of steps.entries()) {
    if (s.op === 'login') {
      g.hold('/auth/login', s.delay);
      tabs[s.tab]!.client.login({ login: email, password });
    } else if (s.op === 'refresh') {
      g.hold('/users/refresh-token', s.delay);
      tabs[s.tab]!.client.state.send({ type: 'REFRESH' } as never);
    } else if (s.op === 'logout') {
      const t = tabs[s.tab]!;
      if (t.client.view.status === 'signedIn') own[s.tab] = Math.max(own[s.tab]!, seqOf(t) ?? -1);
      t.client.logout();
    } else if (s.op === 'expire') {
      world.server.expireTokens();
      tabs[s.tab]!.client.http.get('/auth/user-profile').catch(() => {});
    } else if (s.op === 'advance') await world.advance(s.ms, 50);
    else if (s.op === 'hold') hub.holdLink(s.from, s.to);
    else if (s.op === 'deliver') hub.deliverLink(s.from, s.to, s.n);
    else if (s.op === 'letGo') hub.deliverLink(s.from, s.to, Number.POSITIVE_INFINITY, true);
    await world.settle();
    check(`step ${k}`);
  }
  for (let i = 0; i < 30; i++) {
    await runFor(world, 100);
    check('after');
  }
  hub.releaseAll();
  for (let i = 0; i < 100; i++) {
    await runFor(world, 100);
    check('released');
  }
  // Every word heard at last: the tabs still signed in hold one login (the newest).
  const logins = tabs
    .filter((t) => t.client.view.status === 'signedIn')
    .map((t) => seqOf(t) + ':' + sessionActorOf(t.client).getSnapshot().context.sid);
  expect(new Set(logins).size).toBeLessThanOrEqual(1);
}

describe('a logout ends every session counted at or below it, in every tab, whatever the channel lags', () => {
  it.each([
    [0, 1],
    [1, 0],
  ] as const)(
    'a tab that logged out and signs in again takes no login its logout ended (%i logs out)',
    async (a, b) => {
      // Two logins at once, neither heard by the other (the same counter); A logs out and signs in
      // again (its answer held) when B's login reaches it: B's login, at the counter A logged out at,
      // ended with A's logout and must not be taken.
      await run(false, [
        { op: 'hold', from: 0, to: 2 },
        { op: 'hold', from: 1, to: 2 },
        { op: 'hold', from: a, to: b },
        { op: 'hold', from: b, to: a },
        { op: 'login', tab: a, delay: 0 },
        { op: 'login', tab: b, delay: 0 },
        { op: 'advance', ms: 400 },
        { op: 'logout', tab: a },
        { op: 'advance', ms: 400 },
        { op: 'login', tab: a, delay: 1_500 },
        { op: 'letGo', from: b, to: a },
      ]);
    },
    60_000,
  );

  // Found by the property below (twenty-fourth pass; CI workers died of "heap out of memory" while
  // it ran): a shared store left holding one login while two tabs held another, counted as new and
  // outranking it. Each tab that heard the outranked login told "ours" again, but sent the store's
  // session (the outranked one): the two answered each other on microtasks without end (no timer,
  // no test timeout ever fired) and the outranked tab never heard the login that outranks it. Now
  // ours is told (`ownSession`), once per login heard (the harness fails a storm of messages).
  it.each([
    [
      'login 2 (1.5 s), hold 1>2, login 1 (1.5 s), refresh 2, logout 0, hold 0>2, login 0, logout 2, deliver 2>2, login 2 (1.5 s), login 0',
      [
        { op: 'login', tab: 2, delay: 300 },
        { op: 'hold', from: 1, to: 2 },
        { op: 'login', tab: 1, delay: 1500 },
        { op: 'refresh', tab: 2, delay: 0 },
        { op: 'logout', tab: 0 },
        { op: 'hold', from: 0, to: 2 },
        { op: 'login', tab: 0, delay: 0 },
        { op: 'logout', tab: 2 },
        { op: 'deliver', from: 2, to: 2, n: 1 },
        { op: 'login', tab: 2, delay: 1500 },
        { op: 'login', tab: 0, delay: 0 },
      ],
    ],
    [
      'login 0, logout 0, login 2 (1.5 s), login 1 (1.5 s), login 2 (0.3 s), hold 2>0',
      [
        { op: 'advance', ms: 2000 },
        { op: 'login', tab: 0, delay: 0 },
        { op: 'logout', tab: 0 },
        { op: 'letGo', from: 0, to: 0 },
        { op: 'login', tab: 2, delay: 1500 },
        { op: 'deliver', from: 2, to: 2, n: 2 },
        { op: 'login', tab: 1, delay: 1500 },
        { op: 'login', tab: 2, delay: 300 },
        { op: 'hold', from: 2, to: 0 },
      ],
    ],
  ] as Array<[string, Step[]]>)(
    'a shared store: tabs tell their own login, never answer each other without end (%s)',
    async (_, steps) => {
      await run(true, steps);
    },
    60_000,
  );

  it('over generated logins, logouts, refreshes and lagging links (three tabs)', async () => {
    await fc.assert(fc.asyncProperty(fc.boolean(), fc.array(step, { minLength: 1, maxLength: 12 }), run), {
      numRuns: 40,
    });
  }, 600_000);
});
