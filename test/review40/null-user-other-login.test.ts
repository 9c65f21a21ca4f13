// isPlayers with a login that names no player (owner.userId null): any other login without ids,
// any player (its `user` naming someone else), is "the player's". ec5ba272's isOurs (ownsDatum:
// the same sid too) took none. Player B's flow (userId null, sid 2) is told player A's outcome
// re-read (userId null, sid 1, user id 77, SPA-excluded): taken, B barred until midnight, and B's
// flow holds A's user.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { internal } from '../../machines/session/events';
import { type ProfileServices, profileFlow, profileOf } from '../../machines/session/profile';
import { BOUND, flush, simTimers } from '../review33/model';
import { M } from '../review38/h';
import { freeUserInfo } from '../support/free-user-info';

describe("review40: a login without ids takes another login's datum", () => {
  it("another player's tightening datum does not bar this player", async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
    let reads = 0;
    const services = {
      auth: {
        getUserProfile: () => {
          reads++;
          return Promise.resolve({ user: { id: 5, cancelled_account: false }, userInfo: freeUserInfo() });
        },
      },
      serverNow: () => clock.now(),
      random: () => 0.5,
      clock: { trusted: () => true, learned: () => true, subscribe: () => () => {}, boundMs: BOUND },
      timers: simTimers(clock),
    } as unknown as ProfileServices;
    const flow = createActor(profileFlow, {
      clock,
      input: { services, owner: { userId: null, sid: 2 } },
    }).start();
    await flush();
    clock.increment(5000);
    await flush();
    expect(profileOf(flow.getSnapshot()).restrictions.canBet).toBe(true);
    const r0 = reads;
    flow.send(
      internal({
        type: 'PROFILE',
        owner: { userId: null, sid: 1 },
        user: { id: 77, cancelled_account: false },
        userInfo: freeUserInfo({ spa_exclusion: 1 }),
        at: clock.now(),
        source: 'outcome',
      }) as never,
    );
    await flush();
    let barred = 0;
    const midnight = nextBrazilMidnight(clock.now());
    while (clock.now() < midnight - M) {
      clock.increment(M);
      await flush();
      if (!profileOf(flow.getSnapshot()).restrictions.canBet) barred++;
    }
    const r = {
      barredMin: barred,
      reads: reads - r0,
      user: (flow.getSnapshot().context.user as { id?: number } | null)?.id,
    };
    flow.stop();
    expect(r.barredMin, JSON.stringify(r)).toBeLessThan(5);
    expect(r.user, JSON.stringify(r)).not.toBe(77);
  });
});
