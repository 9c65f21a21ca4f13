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
