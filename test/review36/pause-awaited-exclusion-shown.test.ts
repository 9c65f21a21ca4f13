import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { type ProfileServices, profileFlow, profileOf } from '../../machines/session/profile';
import { BOUND, flush, S, simTimers } from '../review33/model';
import { freeUserInfo } from '../support/free-user-info';

// HRW36 (test/server-session/http-restriction-writes.property, seed -2030645661): a pause whose
// answer was lost (maybe applied: awaited, fail closed) and then a self-exclusion accepted. The
// server refused the pause; its reads show the self-exclusion in force. The tab that had heard the
// pause last (its stamp, within the clock's bound, later than the exclusion's) awaited it for a day:
// `stale`, reading again backing off, while the other tab showed the exclusion `current`. A
// self-exclusion in force bars all a pause bars: a read that shows one shows a pause awaited too.

/** São Paulo wall time as the API writes it. */
const sp = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

describe('review36: a pause awaited, a self-exclusion read in force', () => {
  it('is current and barred, not stale for a day', async () => {
    const clock = new SimulatedClock();
    clock.set(Date.parse('2026-11-23T15:00:00Z'));
    let userInfo = freeUserInfo();
    let reads = 0;
    const services = {
      auth: {
        getUserProfile: async () => {
          reads++;
          return { user: { id: 1, cancelled_account: false }, userInfo };
        },
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
    // The pause's answer lost (told as maybe applied); the server applies the exclusion after it.
    const at = clock.now();
    clock.increment(200);
    userInfo = freeUserInfo({
      user_exclusion: 3,
      user_exclusion_at: sp(clock.now() - (clock.now() % 1000)),
      user_exclusion_in: sp(clock.now() + 90 * 86_400_000),
    });
    flow.send({ type: 'CHECK', restricts: 'pause', at } as never);
    await flush();
    const after = reads;
    for (let i = 0; i < 30; i++) {
      clock.increment(S);
      await flush();
    }
    expect(profileOf(flow.getSnapshot()).restrictions).toMatchObject({
      status: 'current',
      canBet: false,
      inForce: [expect.objectContaining({ kind: 'selfExclusion' })],
    });
    expect(reads - after, 'reads after the one that showed the exclusion').toBeLessThanOrEqual(1);
    flow.stop();
  });
});
