import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gatedStore } from '../support/gated-store';
import { renewWithLinkHub } from '../support/link-hub';
import { S, useWorld } from '../support/world';
import { draws, grantsOf, runFor, signIn, signOutAll } from './revoke-support';

// Another tab's expiry of this tab's login, heard while the shared store holds a newer token of that
// login. A client of the store with no channel (A) refreshes the login's token: the server rotates it
// at once, its answer is slow. Tab B (a channel) sends the same token meanwhile: 401, its lost-race
// grace runs out before A's answer, B signs out as expired and tells tab D. A's answer comes and A
// stores the newer token. When D hears B's expiry after that write, the login is alive in the store
// (A uses it): D reads the store before ending its session, as `newerOwn` does after the grace, and
// stays signed in on it. Heard before the write, D ends too (fail closed: nothing newer was stored).
// Real sockets against the reference server; time simulated.

const world = useWorld();

interface Schedule {
  /** A's answer reaches A (and A stores its token) this long after B signed out (simulated ms). */
  release: number;
  /** B's words reach D this long after B signed out. */
  heard: number;
}

async function run(o: Schedule) {
  const hub = renewWithLinkHub(world);
  const g = grantsOf(world);
  const { storage, writes, fetch, hold, release } = gatedStore(world, g.fetch);
  // A: another client of the same store, with no channel.
  const a = world.open({
    tabId: 'tab-a',
    retry: 0,
    storage,
    channel: false,
    environment: { random: draws(0.3) },
    fetch,
  });
  await world.settle();
  await signIn(world, a);
  // B and D (channels 0 and 1) open on the store A signed in to.
  const b = world.open({
    tabId: 'tab-b',
    retry: 0,
    storage,
    environment: { random: draws(0.6) },
    fetch: g.fetch,
  });
  const d = world.open({
    tabId: 'tab-d',
    retry: 0,
    storage,
    environment: { random: draws(0.8) },
    fetch: g.fetch,
  });
  await runFor(world, 2 * S);
  expect([a, b, d].map((t) => t.client.view.status)).toEqual(['signedIn', 'signedIn', 'signedIn']);
  hold();
  a.client.state.send({ type: 'REFRESH' } as never);
  for (let i = 0; i < 40 && g.issued.length < 2; i++) await world.advance(50, 50);
  expect(g.issued).toHaveLength(2);
  const fresh = g.issued[1]!;
  // B's words to D held from now; B refreshes the rotated token: 401, signed out after its grace.
  hub.holdLink(0, 1);
  b.client.state.send({ type: 'REFRESH' } as never);
  for (let i = 0; i < 100 && b.client.view.status !== 'signedOut'; i++) await world.advance(50, 50);
  expect(b.events).toContain('sessionExpired');
  const ended = world.now();
  const events: Array<[number, () => void]> = [
    [o.release, release],
    [o.heard, () => hub.deliverLink(0, 1, Number.POSITIVE_INFINITY, true)],
  ];
  events.sort((x, y) => x[0] - y[0]);
  let t = 0;
  for (const [at, act] of events) {
    await world.advance(at - t, 50);
    t = at;
    act();
    await world.settle();
  }
  await runFor(world, 5 * S);
  const written = writes.find((w) => w.token === fresh)?.at;
  expect(written).toBeDefined();
  // A never signs out; the store keeps its token.
  expect(a.client.view.status).toBe('signedIn');
  expect(await a.token()).toBe(fresh);
  const heardAfterWrite = written! - ended <= o.heard;
  if (heardAfterWrite) {
    // The login was alive in the store when D heard of the expiry: D stays on it.
    expect(d.events).not.toContain('signedOut');
    expect(d.client.view.status).toBe('signedIn');
    expect(await d.token()).toBe(fresh);
    await expect(d.client.auth.getUserProfile()).resolves.toBeTruthy();
  } else expect(d.client.view.status).toBe('signedOut');
  hub.releaseAll();
  await signOutAll(world, [a, b, d]);
  expect(await g.live()).toEqual([]);
  return heardAfterWrite;
}

describe('another tab’s expiry of this login, the store holding a newer token of it', () => {
  it('heard after another client of the store (no channel) stored its newer token: signed in on it', async () => {
    expect(await run({ release: 500, heard: 1_500 })).toBe(true);
  }, 60_000);

  it('heard before that write: signed out (fail closed)', async () => {
    expect(await run({ release: 1_500, heard: 500 })).toBe(false);
  }, 60_000);

  it('over when the newer token is stored and when the expiry is heard', async () => {
    const step = (max: number) => fc.integer({ min: 0, max: max / 50 }).map((n) => n * 50);
    await fc.assert(
      fc.asyncProperty(
        fc.record({ release: step(3_000), heard: step(3_000) }).filter((o) => o.release !== o.heard),
        async (o) => {
          await run(o);
        },
      ),
      { numRuns: 30 },
    );
  }, 600_000);
});
