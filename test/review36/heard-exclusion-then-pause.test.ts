import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { type ProfileServices, profileFlow, profileOf } from '../../machines/session/profile';
import { BOUND, flush, S, simTimers } from '../review33/model';
import { freeUserInfo } from '../support/free-user-info';

// Review of a25758bc, finding 4: HRW36's order from tab B: A's exclusion (lost, refused), A's
// pause (accepted) 400 ms later, heard while B's read is in flight. a25758bc ranked B's undated
// exclusion word below the pause: A awaited the exclusion (stale), B the pause (current). The two
// tabs of a login agree: each is shown the pause in force as its restriction awaited.

const sp = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

function tab(info: () => Record<string, unknown>, clock: SimulatedClock) {
  const services = {
    auth: { getUserProfile: async () => ({ user: { id: 1, cancelled_account: false }, userInfo: info() }) },
    serverNow: () => clock.now(),
    random: () => 0.5,
    clock: { trusted: () => true, learned: () => true, subscribe: () => () => {}, boundMs: BOUND },
    timers: simTimers(clock),
  } as unknown as ProfileServices;
  return createActor(profileFlow, { clock, input: { services, owner: { userId: 1, sid: 1 } } }).start();
}

describe("review36 (review): another tab's exclusion word, then its pause word", () => {
  it('both tabs agree, barred', async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
    let info = freeUserInfo();
    const a = tab(() => info, clock);
    const b = tab(() => info, clock);
    await flush();
    const x = clock.now();
    a.send({ type: 'CHECK', restricts: 'selfExclusion', at: x } as never);
    b.send({ type: 'CHECK', restricts: 'selfExclusion', remote: true } as never);
    clock.increment(400);
    const p = clock.now();
    info = freeUserInfo({
      user_pause: 7,
      user_pause_at: sp(p - (p % 1000)),
      user_pause_in: sp(p + 7 * 86_400_000),
    });
    a.send({ type: 'CHECK', restricts: 'pause', at: p } as never);
    b.send({ type: 'CHECK', restricts: 'pause', remote: true } as never);
    for (let i = 0; i < 30; i++) {
      clock.increment(S);
      await flush();
    }
    const view = (f: typeof a) => {
      const r = profileOf(f.getSnapshot()).restrictions;
      return { status: r.status, canBet: r.canBet };
    };
    const both = { a: view(a), b: view(b) };
    a.stop();
    b.stop();
    expect(both.a).toEqual(both.b);
    expect(both.a.canBet).toBe(false);
  });
});
