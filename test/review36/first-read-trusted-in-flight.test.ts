import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { type ProfileServices, profileFlow, profileOf } from '../../machines/session/profile';
import { BOUND, flush, S, simTimers } from '../review33/model';
import { freeUserInfo } from '../support/free-user-info';

// The case REVIEW35 left open (first-read-unconfirmed's twin): the page opens 1 ms before midnight
// on a clock 1.5 bounds ahead that is not trusted (a jump before the flow had any trusted time, so
// `since` is 0), its first read sent then; the clock is trusted again (the offset re-learned) while
// that read is in flight, and its answer comes 5 s into the new day on the trusted clock. The read
// was made the day before; counted from its send stamp (new day, unproven) it was current and free
// to bet all the new day, whose register bars the player. A send the flow cannot date (untrusted,
// no trusted time before it) now counts from a day before its answer: stale, and read again at once.

describe('review36: the first read in flight while the clock is trusted again, across midnight', () => {
  it('is never free to bet in the barred new day', async () => {
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
    expect(reads).toBe(1);
    clock.increment(1); // the midnight: the read was made the day before
    skew = 0;
    trusted = true;
    for (const l of [...listeners]) l(true);
    await flush();
    clock.increment(5 * S);
    await flush();
    answers.shift()!();
    await flush();
    let free = 0;
    while (clock.now() < day + 3_600_000) {
      if (clock.now() >= day + BOUND && profileOf(flow.getSnapshot()).restrictions.canBet) free += 1000;
      clock.increment(1000);
      await flush();
      while (answers.length) {
        answers.shift()!();
        await flush();
      }
    }
    expect({ free, reads }, 'ms free to bet in the barred new day').toMatchObject({ free: 0 });
    expect(profileOf(flow.getSnapshot()).restrictions.canBet).toBe(false);
    flow.stop();
  });
});
