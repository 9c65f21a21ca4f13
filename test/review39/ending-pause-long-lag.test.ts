// REVIEW37-2 with a replica lagging past the old pause's end: the player (old 7-day pause ending at
// t + E) pauses again in tab A at t (7 days); tab B hears it; every read of B until t + L reaches a
// replica lagging (the old pause only). L > E: the re-check's read at the old pause's end reaches
// the lagging replica too. Minutes free while the new pause is in force, until the next midnight.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { flush } from '../review33/model';
import { profileOn } from '../review36/flow';
import { D, M, pausedZ } from '../review38/h';

async function run(E: number, L: number, store: boolean) {
  const clock = new SimulatedClock();
  clock.set(Date.parse('2026-11-23T15:00:00.400Z')); // 12:00 São Paulo
  const t0 = clock.now() - 7 * D + E; // old pause ends at t + E
  const old = pausedZ(t0);
  const t = clock.now();
  const neu = pausedZ(t);
  let started = false;
  const accepted = store ? acceptedStoreOf({}, { learned: () => true }) : undefined;
  const tab = profileOn(clock, {
    info: () => (started && clock.now() >= t + L ? neu : old),
    ...(accepted && { accepted }),
  });
  await flush();
  started = true;
  accepted?.remember(1, { kind: 'pause', at: t, heard: true });
  tab.flow.send({ type: 'CHECK', restricts: 'pause', remote: true } as never);
  await flush();
  let free = 0;
  let firstFree = -1;
  const midnight = nextBrazilMidnight(t);
  while (clock.now() < midnight + M) {
    await tab.run(1, M);
    if (tab.restrictions().canBet) {
      free++;
      if (firstFree < 0) firstFree = (clock.now() - t) / M;
    }
  }
  const r = { free, firstFree, reads: tab.reads(), shown: tab.flow.getSnapshot().context.shown };
  tab.flow.stop();
  return r;
}

describe('review39: heard pause shown by an old pause, replica lagging past its end', () => {
  for (const store of [false, true])
    for (const [E, L] of [
      [2 * M, 5 * M],
      [60 * M, 65 * M],
    ] as const)
      it(`store ${store}, old ends +${E / M} min, lag ${L / M} min: never free`, async () => {
        const r = await run(E, L, store);
        expect(r.free, JSON.stringify(r)).toBe(0);
      });
});
