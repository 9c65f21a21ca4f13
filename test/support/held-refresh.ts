// A tab's timed refresh sent, its answer held (REVIEW-AC AC-2's tests: what becomes of an answer that
// comes after its login ended), and the logouts the server heard with a token.

import { expect } from 'vitest';
import { H, logIn, MIN, S, type Tab, type World } from './world';

/** How many logouts `world`'s server heard sent with `token`. */
export const logoutsWith = (world: World, token: string): number =>
  world.server.requests.filter(
    (r) => r.path === '/auth/logout' && r.headers.authorization === `Bearer ${token}`,
  ).length;

/**
 * `tab` signs in, and time runs (in a world of 8 h tokens) until its timed refresh is sent, once:
 * the server rotates the token at once, and its answer reaches the tab `holdMs` later (`hold`: the
 * revoke tests' `grantsOf(world).hold`).
 */
export async function refreshSentHeld(
  world: World,
  grants: { hold(path: string, ms: number): void },
  tab: Tab,
  holdMs: number,
): Promise<void> {
  const refreshes = () => world.count('POST', '/users/refresh-token');
  await logIn(world, tab);
  grants.hold('/users/refresh-token', holdMs);
  await world.advance(5 * H + 50 * MIN, 5 * MIN);
  for (let i = 0; i < 200 && refreshes() === 0; i++) await world.advance(5 * S, S);
  expect(refreshes()).toBe(1);
}
