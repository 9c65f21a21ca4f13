// Liveness: the server clock's offset re-learned at each read swings ±j around a pause's end E
// (whole-second Date headers): the flow's time (its last trusted stamp, never a maximum) goes back
// before E after a lift read, the end re-arms, lifts again: how many reads, how long stale?
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { flush } from '../review33/model';
import { profileOn } from '../review36/flow';
import { D, M, pausedZ, S } from '../review38/h';
import { freeUserInfo } from '../support/free-user-info';

async function run(j: number, flipEvery: 'read' | 'stamp') {
  const clock = new SimulatedClock();
  clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
  const E = clock.now() + 30 * M;
  const p = pausedZ(E - 7 * D);
  let sign = 1;
  const tab = profileOn(clock, {
    info: () => {
      if (flipEvery === 'read') sign = -sign;
      return clock.now() >= E ? freeUserInfo() : p;
    },
    serverNow: () => {
      if (flipEvery === 'stamp') sign = -sign;
      return clock.now() + sign * j;
    },
  });
  await flush();
  const r0 = tab.reads();
  let stale = 0;
  let firstFree = -1;
  for (let i = 0; i < 60 * 60; i++) {
    await tab.run(1, S);
    const r = tab.restrictions();
    if (!r.canBet && clock.now() > E + 2 * S) stale++;
    if (r.canBet && firstFree < 0) firstFree = (clock.now() - E) / S;
  }
  const out = { reads: tab.reads() - r0, staleSecAfterEnd: stale, firstFreeSec: firstFree };
  tab.flow.stop();
  return out;
}

describe('review40: clock jitter across a pause end', () => {
  for (const f of ['read', 'stamp'] as const)
    for (const j of [900, 1900])
      it(`flip per ${f}, ±${j} ms: few reads, free soon`, async () => {
        const r = await run(j, f);
        expect(r.reads, JSON.stringify(r)).toBeLessThan(6);
        expect(r.firstFreeSec).toBeGreaterThanOrEqual(0);
        expect(r.firstFreeSec).toBeLessThan(30);
      });
});
