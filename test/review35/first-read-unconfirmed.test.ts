import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { type ProfileServices, profileFlow, profileOf } from '../../machines/session/profile';
import { BOUND, flush, S, simTimers } from '../review33/model';
import { freeUserInfo } from '../support/free-user-info';

// Review 35 (the read-only review of 238e36c2, finding 1's third case; also on 5707c286): the page
// opens 1 ms before midnight on a clock 3 s ahead that is not trusted yet (its first read: no
// trusted time, its send stamp kept as it is), trusted at the midnight once that read answered:
// current and free to bet all the new day, whose register bars the player. Trusted again with a
// reading taken on the untrusted clock, the flow now reads again at once.

describe('review35: the first read on a clock not trusted yet, across midnight', () => {
  it('free to bet in the barred new day', async () => {
    const clock = new SimulatedClock();
    const day = nextBrazilMidnight(Date.parse('2026-11-23T12:00:00Z'));
    clock.set(day - 1);
    let skew = 3 * S;
    let trusted = false;
    const listeners = new Set<(t: boolean) => void>();
    const answers: (() => void)[] = [];
    let reads = 0;
    const services = {
      auth: {
        getUserProfile: () => {
          reads++;
          // The register bars the player from `day` on (the server reads it as the request comes).
          const spa = clock.now() >= day ? 1 : 0;
          return new Promise((resolve) =>
            answers.push(() =>
              resolve({
                user: { id: 1, cancelled_account: false },
                userInfo: freeUserInfo({ spa_exclusion: spa }),
              }),
            ),
          );
        },
      },
      serverNow: () => clock.now() + skew,
      random: () => 0.5,
      clock: {
        trusted: () => trusted,
        subscribe: (l: (t: boolean) => void) => {
          listeners.add(l);
          return () => listeners.delete(l);
        },
        boundMs: BOUND,
      },
      timers: simTimers(clock),
    } as unknown as ProfileServices;
    const flow = createActor(profileFlow, {
      clock,
      input: { services, owner: { userId: 1, sid: 1 } },
    }).start();
    await flush();
    clock.increment(1); // the midnight: the read was made the day before
    answers.shift()!();
    await flush();
    skew = 0;
    trusted = true;
    for (const l of [...listeners]) l(true);
    await flush();
    let free = 0;
    while (clock.now() < day + 3_600_000) {
      clock.increment(1000);
      await flush();
      while (answers.length) {
        answers.shift()!();
        await flush();
      }
      if (clock.now() >= day + BOUND && profileOf(flow.getSnapshot()).restrictions.canBet) free += 1000;
    }
    expect({ free, reads }, 'ms free to bet in the barred new day').toMatchObject({ free: 0 });
    flow.stop();
  });
});
