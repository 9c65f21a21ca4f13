// Two tabs of one player on one store. A accepts a 7-day pause at t (its own: strict, `at` t).
// B hears it (keepHeard: heard at t) and its first reading comes 3 s later: B's `shown` is
// { heard, at t + 3 s }, remembered; it replaces A's own record (later), and A's 5-s peek then
// awaits it as heard (one read more), A's `shown` becoming heard (any pause shows it).
// Measured: the records and reads of each tab over 10 minutes.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { flush } from '../review33/model';
import { pausedFrom, profileOn } from '../review36/flow';
import { freeUserInfo } from '../support/free-user-info';
import { M, S } from './h';

describe('review38: a heard record replaces the accepting tab own one', () => {
  it('reads and shown of each tab', async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
    let info = freeUserInfo();
    const accepted = acceptedStoreOf({}, { learned: () => true });
    const holdB = false;
    const heldB: (() => void)[] = [];
    const a = profileOn(clock, { info: () => info, accepted });
    const b = profileOn(clock, { info: () => info, accepted });
    await flush();
    const t = clock.now();
    info = pausedFrom(t);
    a.flow.send({ type: 'CHECK', restricts: 'pause', at: t } as never);
    accepted.remember(1, { kind: 'pause', at: t, heard: true }); // B's tabs flow (keepHeard)
    await clock.increment(3 * S);
    b.flow.send({ type: 'CHECK', restricts: 'pause', remote: true } as never);
    void holdB;
    void heldB;
    await flush();
    const [ra, rb] = [a.reads(), b.reads()];
    for (let i = 0; i < 10; i++) {
      clock.increment(M);
      await flush();
    }
    const r = {
      store: accepted.recall(1, clock.now(), true),
      aShown: a.flow.getSnapshot().context.shown,
      bShown: b.flow.getSnapshot().context.shown,
      aReads: a.reads() - ra,
      bReads: b.reads() - rb,
      t,
    };
    a.flow.stop();
    b.flow.stop();
    expect(r.aReads + r.bReads).toBeLessThan(6);
  });
});
