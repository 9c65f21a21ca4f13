// A token refresh cycle on its own (`tokenRefreshMachine`), started on a given clock.

import { type Actor, createActor } from 'xstate';
import { tokenRefreshMachine } from '../../machines/tokenRefreshMachine';

/**
 * A started `tokenRefreshMachine` reading `now` (a 10 s interval and a 5 s tick unless `extra`
 * says otherwise), whose refreshes answer `t1`, `t2`, …; `calls()` and `events()` count the
 * refreshes asked and the events it received. `observe` sees the actor before it starts.
 *
 * @example
 * const a = startTokenRefresh(() => Date.now());
 * a.actor.send({ type: 'TOKEN_SAVED', accessToken: 'x' });
 */
export function startTokenRefresh(
  now: () => number,
  extra: Record<string, unknown> = {},
  observe: (actor: Actor<typeof tokenRefreshMachine>) => void = () => {},
) {
  let calls = 0;
  const auth = {
    refreshToken: async () => {
      calls += 1;
      return { access_token: `t${calls}` } as never;
    },
  };
  let events = 0;
  const actor = createActor(tokenRefreshMachine, {
    input: { auth, now, intervalMs: 10_000, tickMs: 5_000, ...extra },
    inspect: (e) => {
      if (e.type === '@xstate.event') events += 1;
    },
  });
  observe(actor);
  actor.start();
  return { actor, calls: () => calls, events: () => events };
}
