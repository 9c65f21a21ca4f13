// The session in-flight tests' two changes (AI-3, AJ-1, AJ-2): a pause and a self-exclusion, each
// barring betting from its send, as the user module sends them, and the path its answer comes on.

import type { Tab, World } from '../support/world';

/** A pause and a self-exclusion of `world`'s seed player: how each is sent, and its answer's path. */
export const changesOf = (world: World) =>
  ({
    pause: {
      path: '/bff/users/timeout-limits',
      send: (tab: Tab) =>
        tab.client.user.setTimeoutLimits({
          user_pause: 7,
          reason: 1,
          password_check: world.server.seed.plain.password,
        }),
    },
    selfExclusion: {
      path: '/bff/users/self-exclusion',
      send: (tab: Tab) =>
        tab.client.user.setSelfExclusion({
          user_exclusion: 3,
          reason: 1,
          password_check: world.server.seed.plain.password,
        }),
    },
  }) as const;
