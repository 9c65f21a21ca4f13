import fc from 'fast-check';
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { S, type Tab, useWorld } from '../support/world';
import { draws, grantsOf, runFor, signIn, signOutAll } from './revoke-support';

// Two tabs refresh one token at once, the channel late, and the first answer held by the server
// for seconds (simulated). Tab B's refresh of the same token answers 401 (rotated); it hears the
// winner's claim (the channel catches up) but not yet its token. Before, B signed out once its 1 s
// grace ran out (LOST_RACE_GRACE_MS), whatever the winner's claim said: the player saw a sign-out
// in B. A tab whose refresh lost waits for the winner's token as long as the winner's claim is live,
// at most the refresh's own timeout (then signed out: fail closed). Real sockets against the
// reference server; time simulated.

const world = useWorld();

/** A refreshes (its answer held `held` ms), then B, the channel held until `releaseAt` after B's refresh. */
async function race(o: { shared: boolean; held: number; releaseAt: number; first: number }) {
  const g = grantsOf(world);
  const storage = o.shared ? createMemoryTokenStore() : undefined;
  const tabs: Tab[] = [
    g.open({ tabId: 'tab-a', ...(storage && { storage }), environment: { random: draws(0.3) } }),
    g.open({ tabId: 'tab-b', ...(storage && { storage }), environment: { random: draws(0.6) } }),
  ];
  const [a, b] = tabs as [Tab, Tab];
  await world.settle();
  await signIn(world, a);
  await runFor(world, 2 * S);
  expect([a.client.view.status, b.client.view.status]).toEqual(['signedIn', 'signedIn']);
  const before = b.events.length;
  world.hub.hold();
  g.hold('/users/refresh-token', o.held);
  g.hold('/users/refresh-token', 0);
  a.client.state.send({ type: 'REFRESH' } as never);
  // A's claim and call go out (its jitter is at most 0.5 s) before B's, and the server rotated the
  // token for A (its answer held) before B's call reaches it.
  await world.advance(o.first, 50);
  for (let i = 0; i < 200 && g.issued.length < 2; i++) await world.settle();
  expect(g.issued).toHaveLength(2);
  b.client.state.send({ type: 'REFRESH' } as never);
  await world.advance(o.releaseAt, 50);
  world.hub.release();
  await runFor(world, 15 * S);
  // B never signed out: it waited for A's token while A's claim was live.
  expect(b.events.slice(before)).not.toContain('signedOut');
  expect([a.client.view.status, b.client.view.status]).toEqual(['signedIn', 'signedIn']);
  const token = await a.token();
  expect(await b.token()).toBe(token);
  expect(await g.live()).toEqual([token]);
  await signOutAll(world, tabs);
  expect(await g.live()).toEqual([]);
}

describe('a refresh that lost the race waits for the winner while its claim is live', () => {
  it('the winner answers 3 s later: the loser takes its token, never signed out', async () => {
    await race({ shared: true, held: 3 * S, releaseAt: 800, first: 700 });
  }, 60_000);

  it('the winner never answers within the refresh timeout: the loser signs out then (fail closed)', async () => {
    const g = grantsOf(world);
    const storage = createMemoryTokenStore();
    const a = g.open({ tabId: 'tab-a', storage, environment: { random: draws(0.3) } });
    const b = g.open({ tabId: 'tab-b', storage, environment: { random: draws(0.6) } });
    await world.settle();
    await signIn(world, a);
    await runFor(world, 2 * S);
    world.hub.hold();
    g.hold('/users/refresh-token', 60 * S);
    g.hold('/users/refresh-token', 0);
    a.client.state.send({ type: 'REFRESH' } as never);
    await world.advance(700, 50);
    b.client.state.send({ type: 'REFRESH' } as never);
    await world.advance(800, 50);
    world.hub.release();
    // Still waiting for A's token 5 s on (its grace alone was 1 s)...
    await world.advance(5 * S, 50);
    expect(b.client.view.status).toBe('signedIn');
    // ...but no longer than the refresh's own timeout (10 s here).
    await world.advance(6 * S, 50);
    expect(b.events).toContain('sessionExpired');
  }, 60_000);

  it('over generated holds (0.7 to 8 s), stores and channel delays', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          shared: fc.boolean(),
          held: fc.integer({ min: 700, max: 8_000 }),
          first: fc.integer({ min: 650, max: 900 }),
          // The channel catches up before B's grace ran out (its 401 comes 0.1 to 0.6 s after its
          // refresh began: its claim's jitter and settling), mostly after that 401.
          releaseAt: fc.integer({ min: 300, max: 1_000 }),
        }),
        async (o) => {
          world.closeAll();
          world.renew();
          world.server.reset();
          await race(o);
        },
      ),
      // (One seen failing once under load, before B's call waited for A's to reach the server.)
      { numRuns: 15, examples: [[{ shared: false, held: 3_269, first: 655, releaseAt: 504 }]] },
    );
  }, 300_000);
});
