import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { trusted } from '../../machines/clock';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { type ProfileServices, profileFlow, profileOf } from '../../machines/session/profile';
import { BOUND, flush, S, simTimers } from '../review33/model';
import { freeUserInfo } from '../support/free-user-info';

// HRW36's other order (test/server-session/http-restriction-writes.property): a self-exclusion whose
// answer was lost (maybe applied: awaited for its day, fail closed), then a pause accepted, both from
// tab A, stamped within the clock's bound in the wrong order (its offset re-learned between them).
// Tab A replaced the exclusion awaited by the pause (a later CHECK) and showed it `current`; tab B
// kept the later-stamped one, the exclusion (the accepted store's "later of two", its peek), and
// was `stale` for a day. A self-exclusion bars all a pause bars: a pause never replaces one, as
// the one awaited nor as the one kept for the player, whatever their stamps.

const sp = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

function flowOn(userInfo: () => Record<string, unknown>) {
  const clock = new SimulatedClock();
  clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
  const services = {
    auth: {
      getUserProfile: async () => ({ user: { id: 1, cancelled_account: false }, userInfo: userInfo() }),
    },
    serverNow: () => clock.now(),
    random: () => 0.5,
    clock: { trusted: () => true, subscribe: () => () => {}, boundMs: BOUND },
    timers: simTimers(clock),
  } as unknown as ProfileServices;
  const flow = createActor(profileFlow, { clock, input: { services, owner: { userId: 1, sid: 1 } } }).start();
  return { clock, flow };
}

const paused = (now: number) =>
  freeUserInfo({
    user_pause: 7,
    user_pause_at: sp(now - (now % 1000)),
    user_pause_in: sp(now + 7 * 86_400_000),
  });

describe('review36: a self-exclusion kept outranks a pause', () => {
  it('a pause accepted after it does not replace the exclusion awaited (tab A)', async () => {
    let info = freeUserInfo();
    const { clock, flow } = flowOn(() => info);
    await flush();
    const t = clock.now();
    // The exclusion's answer lost; the server refused it. The pause, sent after, accepted, stamped
    // 500 ms before it.
    flow.send({ type: 'CHECK', restricts: 'selfExclusion', at: t } as never);
    await flush();
    info = paused(clock.now());
    flow.send({ type: 'CHECK', restricts: 'pause', at: t - 500 } as never);
    for (let i = 0; i < 10; i++) {
      clock.increment(S);
      await flush();
    }
    // Barred by the pause, the exclusion still awaited (as in tab B): stale, not current.
    expect(profileOf(flow.getSnapshot()).restrictions).toMatchObject({ canBet: false, status: 'stale' });
    flow.stop();
  });

  it('nor a pause kept, heard later (tab B): the exclusion awaited stays', async () => {
    let info = freeUserInfo();
    const { clock, flow } = flowOn(() => info);
    await flush();
    const t = clock.now();
    flow.send({ type: 'CHECK', restricts: 'selfExclusion', at: t } as never);
    await flush();
    info = paused(clock.now());
    // (Kept elsewhere, stamped after it: the clock watch's peek of the accepted store.)
    flow.send(trusted({ type: 'ACCEPTED', accepted: { kind: 'pause', at: t + 500 } }) as never);
    for (let i = 0; i < 10; i++) {
      clock.increment(S);
      await flush();
    }
    expect(profileOf(flow.getSnapshot()).restrictions).toMatchObject({ canBet: false, status: 'stale' });
    expect(flow.getSnapshot().context.expect).toMatchObject({ kind: 'selfExclusion' });
    flow.stop();
  });

  it('the accepted store keeps the exclusion over a pause stamped after it, for its day', () => {
    const store = acceptedStoreOf({}, { learned: () => true });
    const t = Date.parse('2026-11-23T15:00:00Z');
    store.remember(1, { kind: 'selfExclusion', at: t });
    store.remember(1, { kind: 'pause', at: t + 500 });
    expect(store.recall(1, t + S)).toMatchObject({ kind: 'selfExclusion', at: t });
    // A day on, the exclusion out of its day: a pause is kept again.
    store.remember(1, { kind: 'pause', at: t + 86_400_000 + S });
    expect(store.recall(1, t + 86_400_000 + 2 * S)).toMatchObject({ kind: 'pause' });
    // And an exclusion replaces a pause kept, whatever their stamps.
    store.remember(1, { kind: 'selfExclusion', at: t + 86_400_000 });
    expect(store.recall(1, t + 86_400_000 + 2 * S)).toMatchObject({ kind: 'selfExclusion' });
  });
});
