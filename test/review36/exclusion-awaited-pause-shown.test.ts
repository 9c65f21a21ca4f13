import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { trusted } from '../../machines/clock';
import { type ProfileServices, profileFlow, profileOf } from '../../machines/session/profile';
import { BOUND, flush, S, simTimers } from '../review33/model';
import { freeUserInfo } from '../support/free-user-info';

// HRW36's other order (test/server-session/http-restriction-writes.property): tab A's exclusion,
// its answer lost (maybe applied: awaited, fail closed; the server refused it), then A's pause,
// accepted; stamped within the clock's bound in the wrong order (the offset re-learned between the
// sends). Tab A awaited the pause (its later word), shown: current. Tab B kept the later-stamped one,
// the exclusion (the accepted store's peek), and was stale for a day. A pause in force that started
// after the exclusion was sent shows it too (and a self-exclusion a pause): both tabs current.

const sp = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('review36: an exclusion awaited, a pause read in force', () => {
  it('shows it: current and barred (tab B, the exclusion kept stamped later)', async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
    let userInfo = freeUserInfo();
    const services = {
      auth: {
        getUserProfile: async () => ({ user: { id: 1, cancelled_account: false }, userInfo }),
      },
      serverNow: () => clock.now(),
      random: () => 0.5,
      clock: { trusted: () => true, subscribe: () => () => {}, boundMs: BOUND },
      timers: simTimers(clock),
    } as unknown as ProfileServices;
    const flow = createActor(profileFlow, {
      clock,
      input: { services, owner: { userId: 1, sid: 1 } },
    }).start();
    await flush();
    expect(profileOf(flow.getSnapshot()).restrictions).toMatchObject({ status: 'current', canBet: true });
    const t = clock.now();
    userInfo = freeUserInfo({
      user_pause: 7,
      user_pause_at: sp(t - (t % 1000)),
      user_pause_in: sp(t + 7 * 86_400_000),
    });
    // The exclusion kept for the player, stamped 500 ms after the pause (the clock watch's peek).
    flow.send(trusted({ type: 'ACCEPTED', accepted: { kind: 'selfExclusion', at: t + 500 } }) as never);
    for (let i = 0; i < 30; i++) {
      clock.increment(S);
      await flush();
    }
    expect(profileOf(flow.getSnapshot()).restrictions).toMatchObject({
      status: 'current',
      canBet: false,
      inForce: [expect.objectContaining({ kind: 'pause' })],
    });
    flow.stop();
  });

  it('a pause that started before the exclusion was sent does not show it: stale, barred', async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
    const t0 = clock.now() - 60 * S;
    const userInfo = freeUserInfo({
      user_pause: 7,
      user_pause_at: sp(t0 - (t0 % 1000)),
      user_pause_in: sp(t0 + 7 * 86_400_000),
    });
    const services = {
      auth: { getUserProfile: async () => ({ user: { id: 1, cancelled_account: false }, userInfo }) },
      serverNow: () => clock.now(),
      random: () => 0.5,
      clock: { trusted: () => true, subscribe: () => () => {}, boundMs: BOUND },
      timers: simTimers(clock),
    } as unknown as ProfileServices;
    const flow = createActor(profileFlow, {
      clock,
      input: { services, owner: { userId: 1, sid: 1 } },
    }).start();
    await flush();
    flow.send({ type: 'CHECK', restricts: 'selfExclusion', at: clock.now() } as never);
    for (let i = 0; i < 30; i++) {
      clock.increment(S);
      await flush();
    }
    expect(profileOf(flow.getSnapshot()).restrictions).toMatchObject({ status: 'stale', canBet: false });
    flow.stop();
  });
});
