import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renewWithLinkHub } from '../support/link-hub';
import { S, type Tab, useWorld } from '../support/world';
import { draws, grantsOf, runFor, signIn, signOutAll } from './revoke-support';

// A tab waiting for the winner of a refresh takes only the word of the winner's rotation. Three
// tabs of one login, the channel lagging link by link. First C loses a refresh race to A while
// cut off from both (its refresh answered 401, no newer token heard within its grace): C signs out,
// and its words (its claim, its failure, its expiry of the token A rotated) lag on the way to B.
// Then A refreshes again, its answer held for seconds, and B waits for it: it gave way to A's
// claim, or it raced A and lost (its own call answered 401). C's late words reach B meanwhile.
// Before, B took C's failure as the winner's: it gave up waiting (the failure ended its wait, or
// cleared A's claim from its lost race's wait) and signed out while A's answer was still to come.
// Now B keeps waiting for A (at most the refresh timeout), never signed out, and takes A's token.
// Real sockets against the reference server; time simulated.

const world = useWorld();

interface Schedule {
  /** How long the server's answer to A's second refresh is held (simulated ms). */
  held: number;
  /** B's refresh this long after A's (A's claim has reached B by then, unless `race`). */
  after: number;
  /** B does not hear A's claim in time: it refreshes too, and its call answers 401. */
  race: boolean;
  /** C's late words reach B this long after B's refresh. */
  late: number;
}

async function run(o: Schedule) {
  const hub = renewWithLinkHub(world);
  const g = grantsOf(world);
  const tabs = [0.3, 0.6, 0.8].map((r, i) =>
    g.open({ tabId: `tab-${'abc'[i]}`, environment: { random: draws(r) } }),
  );
  const [a, b, c] = tabs as [Tab, Tab, Tab];
  await world.settle();
  await signIn(world, a);
  await runFor(world, 2 * S);
  expect(tabs.map((t) => t.client.view.status)).toEqual(['signedIn', 'signedIn', 'signedIn']);
  // C cut off: it hears nobody, and its words to A and B lag.
  for (const [from, to] of [
    [0, 2],
    [1, 2],
    [2, 0],
    [2, 1],
  ] as const)
    hub.holdLink(from, to);
  g.hold('/users/refresh-token', 0);
  a.client.state.send({ type: 'REFRESH' } as never);
  for (let i = 0; i < 40 && g.issued.length < 2; i++) await world.advance(50, 50);
  expect(g.issued).toHaveLength(2);
  c.client.state.send({ type: 'REFRESH' } as never);
  await runFor(world, 5 * S);
  expect(c.events).toContain('sessionExpired');
  expect([a.client.view.status, b.client.view.status]).toEqual(['signedIn', 'signedIn']);
  // A refreshes again, its answer held; B waits for it.
  const before = b.events.length;
  g.hold('/users/refresh-token', o.held);
  g.hold('/users/refresh-token', 0);
  if (o.race) hub.holdLink(0, 1);
  a.client.state.send({ type: 'REFRESH' } as never);
  for (let i = 0; i < 40 && g.issued.length < 3; i++) await world.advance(50, 50);
  expect(g.issued).toHaveLength(3);
  await world.advance(o.after, 50);
  b.client.state.send({ type: 'REFRESH' } as never);
  if (o.race) {
    // B's call (A's rotated its token first: 401), then A's claim reaches it.
    for (let i = 0; i < 40 && world.count('POST', '/users/refresh-token') < 4; i++)
      await world.advance(50, 50);
    expect(world.count('POST', '/users/refresh-token')).toBe(4);
    await world.advance(300, 50);
    hub.deliverLink(0, 1, Number.POSITIVE_INFINITY, true);
  }
  await world.advance(o.late, 50);
  hub.deliverLink(2, 1, Number.POSITIVE_INFINITY, true);
  await runFor(world, 15 * S);
  expect(b.events.slice(before)).not.toContain('signedOut');
  expect([a.client.view.status, b.client.view.status]).toEqual(['signedIn', 'signedIn']);
  const token = await a.token();
  expect(await b.token()).toBe(token);
  hub.releaseAll();
  await runFor(world, 5 * S);
  await signOutAll(world, tabs);
  expect(await g.live()).toEqual([]);
}

describe("a refresh's loser waits for the winner's word, not another tab's late failure", () => {
  it('B gave way to A; C’s late failure of an older rotation comes while A’s answer is held', async () => {
    await run({ held: 3 * S, after: 700, race: false, late: 300 });
  }, 60_000);

  it('B raced A and lost (401); C’s late failure comes while it waits for A', async () => {
    await run({ held: 4 * S, after: 100, race: true, late: 300 });
  }, 60_000);

  it('over generated holds, lags and races', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          held: fc.integer({ min: 700, max: 8_000 }),
          after: fc.integer({ min: 0, max: 900 }),
          race: fc.boolean(),
          late: fc.integer({ min: 0, max: 3_000 }),
        }),
        run,
      ),
      { numRuns: 15 },
    );
  }, 600_000);
});
