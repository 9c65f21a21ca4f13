// The session in-flight tests' two changes (AI-3, AJ-1, AJ-2): the pause and the self-exclusion of
// test/support/restriction-changes.ts, each with the path its answer comes on.

import { restrictionChanges } from '../support/restriction-changes';
import type { World } from '../support/world';

/** A pause and a self-exclusion of `world`'s seed player: how each is sent, and its answer's path. */
export const changesOf = (world: World) => {
  const send = restrictionChanges(world);
  return {
    pause: { path: '/bff/users/timeout-limits', send: send.pause },
    selfExclusion: { path: '/bff/users/self-exclusion', send: send.selfExclusion },
  } as const;
};
