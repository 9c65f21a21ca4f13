import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { type ProfileServices, profileFlow, profileOf } from '../../machines/session/profile';
import { BOUND, flush, S, simTimers } from '../review33/model';
import { freeUserInfo } from '../support/free-user-info';

// Review of a25758bc, finding 3: first-read-trusted-in-flight with the read made again answering
// after 20 s (a mobile round trip; the core's request timeout is 15 s before retries). Taken as
// stamped (the new day) and read again, the flow was current and free meanwhile in the São Paulo
// day whose register bars the player. A send the flow cannot date counts from a day before.

describe('review36 (review): the first read answered on the trusted clock, its re-read slow', () => {
  it('is not free to bet in the barred new day while the re-read is in flight', async () => {
    const clock = new SimulatedClock();
    const day = nextBrazilMidnight(Date.parse('2026-11-23T12:00:00Z'));
    clock.set(day - 1);
    let skew = 1.5 * BOUND;
    let trusted = false;
    const listeners = new Set<(t: boolean) => void>();
    const answers: (() => void)[] = [];
    let reads = 0;
    const services = {
      auth: {
        getUserProfile: () => {
          reads++;
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
    clock.increment(1);
    skew = 0;
    trusted = true;
    for (const l of [...listeners]) l(true);
    await flush();
    clock.increment(5 * S);
    await flush();
    answers.shift()!();
    await flush();
    let free = 0;
    for (let i = 0; i < 20; i++) {
      if (profileOf(flow.getSnapshot()).restrictions.canBet) free += 1000;
      clock.increment(1000);
      await flush();
    }
    while (answers.length) {
      answers.shift()!();
      await flush();
    }
    flow.stop();
    expect({ free, reads }, 'ms free to bet in the barred new day (from day + 5 s)').toMatchObject({
      free: 0,
    });
  });
});
