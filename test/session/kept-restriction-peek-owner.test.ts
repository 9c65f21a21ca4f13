import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { type AcceptedRestriction, profileFlow, profileOf } from '../../machines/session/profile';
import { turns } from '../support/event-loop';
import { freeUserInfo } from '../support/free-user-info';

// AE-3's peek, one flow: the clock watch's 5-s look peeks the kept record of the player the flow
// holds NOW (an adoption of another player's login re-enters the flow: `OWNER`), nothing written,
// and tells one record once (a read per record, not one per look).

const T0 = Date.UTC(2030, 0, 1, 15);

describe('the clock watch peeks the kept record of the flow\u2019s player', () => {
  it('after an OWNER: the new player\u2019s only; one read per record told, nothing written', async () => {
    const clock = new SimulatedClock();
    clock.set(T0);
    const kept = new Map<number, AcceptedRestriction>();
    const calls: Array<{ userId: number; peek: boolean }> = [];
    let writes = 0;
    const accepted = {
      recall(userId: number | null | undefined, _now: number, peek?: boolean) {
        calls.push({ userId: userId as number, peek: !!peek });
        return kept.get(userId as number) ?? null;
      },
      remember: () => void writes++,
    };
    let reads = 0;
    let player = 1;
    const auth = {
      getUserProfile: async () => {
        reads++;
        return {
          user: { id: player, cancelled_account: false },
          userInfo: freeUserInfo(),
        } as never;
      },
    };
    const flow = createActor(profileFlow, {
      clock,
      input: {
        services: {
          auth,
          serverNow: () => clock.now(),
          random: () => 0.5,
          accepted,
          clock: { trusted: () => true, learned: () => true, subscribe: () => () => {} },
          timers: {
            setTimeout: (f: () => void, ms: number) => clock.setTimeout(f, ms),
            clearTimeout: (id: unknown) => clock.clearTimeout(id as never),
          },
        } as never,
        owner: { userId: 1, sid: 1 },
      },
    }).start();
    const tick = async (ms: number) => {
      for (let t = 0; t < ms; t += 500) {
        clock.increment(500);
        await turns(1);
      }
    };
    await tick(1000);
    expect(profileOf(flow.getSnapshot()).restrictions).toMatchObject({ canBet: true, inForce: [] });
    // Player 1's record appears (another tab's, its message lost): barred within one look.
    kept.set(1, { kind: 'pause', at: clock.now() });
    const before = reads;
    await tick(5000);
    expect(profileOf(flow.getSnapshot()).restrictions.canBet).toBe(false);
    // Read once for it (a lagging replica: read again backing off, not per look).
    await tick(60_000);
    expect(reads - before).toBeLessThanOrEqual(8);
    // Another login, of player 2, taken: player 1's record is not player 2's.
    player = 2;
    flow.send({ type: 'OWNER', owner: { userId: 2, sid: 7 } });
    calls.length = 0;
    await tick(30_000);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.userId === 2)).toBe(true);
    expect(calls.filter((c) => !c.peek).length).toBeLessThanOrEqual(1);
    expect(profileOf(flow.getSnapshot()).restrictions).toMatchObject({ canBet: true, inForce: [] });
    expect(writes).toBe(0);
    flow.stop();
  });
});
