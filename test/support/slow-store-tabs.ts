// Two tabs of one origin in the world (token mode): B on a store whose reads answer `storeMs`
// simulated ms late (a slow storage; writes at once), A on its own store or, with `shared`, on B's
// (reads at once). B signs in as the plain account and is signed in, its token read.
import { createMemoryTokenStore, type TokenStore } from 'pam-client';
import { expect } from 'vitest';
import { S, type useWorld } from './world';

type World = ReturnType<typeof useWorld>;

/**
 * A fresh world with tabs A and B, B signed in (player 1) on a slow store; `one` is its token.
 *
 * @example
 * const { a, b, one } = await slowStoreTabs(world, 200);
 */
export async function slowStoreTabs(world: World, storeMs: number, shared = false) {
  world.closeAll();
  world.renew();
  world.server.reset();
  const memory = createMemoryTokenStore();
  const storage: TokenStore = {
    get: () => (storeMs ? world.later(storeMs, () => memory.get()) : memory.get()),
    set: (x) => memory.set(x),
    clear: () => memory.clear(),
  };
  const b = world.open({ tabId: 'tab-b', random: 0.6, storage });
  const a = world.open({ tabId: 'tab-a', random: 0.3, ...(shared && { storage: memory }) });
  await world.advance(storeMs + 100, 50); // the page load's restore read (signed out)
  b.client.login({ login: world.server.seed.plain.email, password: world.server.seed.plain.password });
  for (let i = 0; i < 100 && b.state() !== 'signedIn'; i++) await world.advance(50, 50);
  expect(b.state()).toBe('signedIn');
  await world.advance(2 * S, 100);
  const one = await world.during(b.token());
  return { a, b, one };
}

/**
 * Two seconds of the world in 50 ms steps: each `[at, step]` runs at its time (those at 0 before
 * the first step), in the order given.
 *
 * @example
 * await timeline(world, [[loginAt, () => a.client.login(p2)], [callAt, () => call(b)]]);
 */
export async function timeline(world: World, steps: [number, () => void][]): Promise<void> {
  for (let t = 0; t <= 2 * S; t += 50) {
    if (t > 0) await world.advance(50, 50);
    for (const [at, step] of steps) if (at === t) step();
  }
}

/** Whose token each request to `path` since request `from` went with: 'none', 'one' (`one`), or 'other'. */
export function whoseTokens(world: World, from: number, path: string, one: string | null): string[] {
  return world.server.requests
    .slice(from)
    .filter((r) => r.path === path)
    .map((r) => r.headers.authorization ?? 'none')
    .map((x) => (x === 'none' ? x : x === `Bearer ${one}` ? 'one' : 'other'));
}
