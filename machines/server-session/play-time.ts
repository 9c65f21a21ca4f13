// The play-time flow in server-session mode (REVIEW-P P11): `playTime()` gives
// `createServerSessionClient` the same child as `createPamClient`'s session (playTimeMachine, its
// alerts told to the session, its counts taken into the view), counting the player's signed-in time
// on the same clock store (`localStorage`, shared with the origin's tabs and a `createPamClient` of
// the same origin). Reached only through `playTime()`: a client without the flow bundles none of it.

import type { PamEnvironment } from '../environment';
import type { PlayClockStore, PlayTimeInput } from '../playTimeMachine';
import { alertPlayTime, PLAY_TIME_SESSION, WITH_PLAY_CLOCK } from '../session/flows';
import type { ServerSessionContext } from './context';

/** The play clocks of each page (its key, from the client), by player. */
const clocksOf = /* @__PURE__ */ new WeakMap<object, Map<number | null, PlayClockStore>>();

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
   * learned the server's time), the player's play clock one per player for the page's life.
   */
  input(env: PamEnvironment, page: object): (c: ServerSessionContext) => PlayTimeInput {
    // The player's play clocks kept per page (`page`: its key, one per prefix), not per client: one
    // made again in the same page (a remount) counts on (review 136: a memory clock started at 0).
    const kept = clocksOf.get(page) ?? new Map<number | null, PlayClockStore>();
    clocksOf.set(page, kept);
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
