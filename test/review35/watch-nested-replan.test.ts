import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { type ProfileServices, profileFlow } from '../../machines/session/profile';
import { flush, simTimers, T0 } from '../review33/model';
import { freeUserInfo } from '../support/free-user-info';

// Review 35 (the read-only review of 238e36c2, finding 4), fixed: each look clears the timer before it
// arms one. `createClock` tells its listeners synchronously while it is read (a jump seen by `now()`). The
// clock watch's look reads the clock (`stampOf`); since 03e1d9d5 a notification re-plans the look
// from inside it (`clearTimeout(id); day = 0; look()`), and the outer look then overwrites `id`:
// two timer chains from then on, one never cleared, not even when the flow stops. Each jump seen by
// a look adds one: the watch keeps reading the clock and the store (and telling a stopped actor)
// every 5 s, forever.

describe('review35: a trust change told while the watch reads the clock', () => {
  it('leaves no look running after the flow stops', async () => {
    const clock = new SimulatedClock();
    clock.set(T0);
    let trusted = true;
    let jumpAt: number | null = null;
    const listeners = new Set<(t: boolean) => void>();
    let reads = 0;
    const serverNow = () => {
      reads++;
      // The clock sees a jump while read (as createClock's `now()` does) and tells its listeners.
      if (jumpAt !== null && clock.now() >= jumpAt) {
        jumpAt = null;
        trusted = !trusted;
        for (const l of [...listeners]) l(trusted);
      }
      return clock.now();
    };
    const services = {
      auth: {
        getUserProfile: async () => ({
          user: { id: 1, cancelled_account: false },
          userInfo: freeUserInfo({}),
        }),
      },
      serverNow,
      random: () => 0.5,
      clock: {
        trusted: () => trusted,
        subscribe: (l: (t: boolean) => void) => {
          listeners.add(l);
          return () => listeners.delete(l);
        },
        boundMs: 2000,
      },
      timers: simTimers(clock),
    } as unknown as ProfileServices;
    const flow = createActor(profileFlow, {
      clock,
      input: { services, owner: { userId: 1, sid: 1 } },
    }).start();
    await flush();
    // Ten jumps (lost, regained), each seen by a look of the watch.
    for (let i = 0; i < 10; i++) {
      jumpAt = clock.now() + 1;
      for (let t = 0; t < 12; t++) {
        clock.increment(500);
        await flush();
      }
    }
    flow.stop();
    await flush();
    const before = reads;
    for (let t = 0; t < 60; t++) {
      clock.increment(1000);
      await flush();
    }
    expect({
      clockReadsAfterStop: reads - before,
      timers: (clock as unknown as { timeouts: Map<unknown, unknown> }).timeouts.size,
    }).toEqual({
      clockReadsAfterStop: 0,
      timers: 0,
    });
  });
});
