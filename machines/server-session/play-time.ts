// The play-time flow in server-session mode (REVIEW-P P11): `playTime()` gives
// `createServerSessionClient` the same child as `createPamClient`'s session (playTimeMachine, its
// alerts told to the session, its counts taken into the view), counting the player's signed-in time
// on the same clock store (`localStorage`, shared with the origin's tabs and a `createPamClient` of
// the same origin). Reached only through `playTime()`: a client without the flow bundles none of it.

import type { PamEnvironment } from '../environment';
import type { PlayClockStore, PlayTimeInput } from '../playTimeMachine';
import { alertPlayTime, PLAY_TIME_SESSION, WITH_PLAY_CLOCK } from '../session/flows';
import type { ServerSessionContext } from './context';

/**
 * What `playTime()` gives the server-session client: the machine's `playTime` child and the
 * actions that take its counts and tell its alerts (`.provide`), and the child's input per login.
 */
export const SERVER_PLAY_TIME = /* @__PURE__ */ (() => ({
  actors: PLAY_TIME_SESSION.actors,
  actions: { ...PLAY_TIME_SESSION.actions, alertPlayTime },
  /**
   * The child's input for the login held (`c`), on the client's one clock (stamps on its steady
   * base, this tab's beats on its monotonic time, periods on server time; not known until it
   * learned the server's time), the player's play clock one per player for the client's life.
   */
  input(env: PamEnvironment): (c: ServerSessionContext) => PlayTimeInput {
    const kept = new Map<number | null, PlayClockStore>();
    const { clock } = env;
    return (c) => {
      const store = kept.get(c.userId) ?? WITH_PLAY_CLOCK.playClock(c.userId);
      kept.set(c.userId, store);
      return {
        limit: c.restrictions?.limits.time ?? null,
        store,
        now: env.now,
        monotonic: () => clock.monotonic(),
        serverNow: env.serverNow,
        trusted: () => clock.trusted(),
        learned: () => clock.learned?.() !== false,
        owner: { userId: c.userId, sid: c.sid },
      };
    };
  },
}))();
