// A burst of forged cross-tab profile messages (a pause, tighter) while the flow is idle and free:
// one every `every` ms for `span`; each read answered 1 s after it is sent. Reads sent, and how long
// the tab stays barred after the burst stops (a read at most: its answer frees it).
// `sid`: 2 (another login of the player: eb70273c's isPlayers), or 1 (this login) dated an hour
// ahead (not fresh: ec5ba272's last handler), or 1 dated now (fresh: taken, no read).
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { internal } from '../../machines/session/events';
import { flush } from '../review33/model';
import { profileOn } from '../review36/flow';
import { H, M, pausedZ, S } from '../review38/h';
import { freeUserInfo } from '../support/free-user-info';

async function run(sid: number, ahead: number, every: number, span: number) {
  const clock = new SimulatedClock();
  clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
  const tab = profileOn(clock, { info: () => freeUserInfo(), hold: true });
  await flush();
  await tab.deliver();
  await tab.run(5, S);
  expect(tab.restrictions().canBet).toBe(true);
  const r0 = tab.reads();
  const start = clock.now();
  let lastDeliver = clock.now();
  let barred = 0;
  while (clock.now() < start + span) {
    tab.flow.send(
      internal({
        type: 'PROFILE',
        owner: { userId: 1, sid },
        user: null,
        userInfo: pausedZ(clock.now() - H),
        at: clock.now() + ahead,
        source: 'remote',
      }) as never,
    );
    await flush();
    clock.increment(every);
    await flush();
    if (clock.now() - lastDeliver >= S) {
      await tab.deliver();
      lastDeliver = clock.now();
    }
    if (!tab.restrictions().canBet) barred += every;
  }
  const during = tab.reads() - r0;
  let after = 0;
  for (let i = 0; i < 24 * 60 && !tab.restrictions().canBet; i++) {
    await tab.deliver();
    await tab.run(1, S);
    after += S;
  }
  const r = {
    readsDuringBurst: during,
    barredSecDuring: barred / S,
    barredSecAfter: after / S,
    canBet: tab.restrictions().canBet,
  };
  tab.flow.stop();
  return r;
}

describe('review39: forged burst', () => {
  for (const [sid, ahead] of [
    [2, 0],
    [1, H],
    [1, 0],
  ] as const)
    it(`sid ${sid}, dated +${ahead / M} min: measured`, async () => {
      const r = await run(sid, ahead, 250, 60 * S);
      // No amplification: a read per message at most (240 in the minute); a fresh one, of this
      // login or another of the player's, is taken: no read at all, barred by it.
      expect(r.readsDuringBurst).toBeLessThanOrEqual(ahead ? 240 : 0);
      if (!ahead) expect(r.barredSecDuring).toBe(60);
    });
});
