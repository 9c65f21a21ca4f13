// The self-imposed restrictions a test sets through a tab's client, by kind, and the profile a
// lagging replica answers after one (the profile as the server answered it before the change).
import type { Tab, World } from './world';

/**
 * A 7-day pause and a 6-month self-exclusion, each asked of `tab`'s user module with the plain
 * seed account's password as its step-up.
 *
 * @example
 * describe.each(Object.entries(restrictionChanges(world)))('a %s', (kind, change) => { ... });
 */
export const restrictionChanges = (world: World) =>
  ({
    pause: (t: Tab) =>
      t.client.user.setTimeoutLimits({
        user_pause: 7,
        reason: 1,
        password_check: world.server.seed.plain.password,
      }),
    selfExclusion: (t: Tab) =>
      t.client.user.setSelfExclusion({
        user_exclusion: 6,
        reason: 1,
        password_check: world.server.seed.plain.password,
      }),
  }) as const;

/** The profile as the server answers `tab` now: what a lagging replica answers after a change. */
export async function profileNow(world: World, tab: Tab): Promise<unknown> {
  const answer = await fetch(`${world.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${await tab.token()}` },
  });
  return answer.json();
}
