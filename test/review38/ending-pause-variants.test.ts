// REVIEW37-2 variants: a heard 7-day pause "shown" by an old pause about to end (a lagging replica),
// the old pause ending while the flow is idle, retrying (reads failing), on an untrusted clock,
// a later page on the same store, OWNER (same player's new login); a read held across the end:
// ./ending-pause-read-held.test.ts. Minutes free while the new pause is in force.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { flush, S } from '../review33/model';
import { pausedFrom, profileOn } from '../review36/flow';
import { pausedSinceNaive } from './h';

const H = 3_600_000;
const D = 24 * H;

async function run(mode: 'idle' | 'retrying' | 'untrusted' | 'page' | 'owner') {
  const clock = new SimulatedClock();
  clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
  const t0 = clock.now() - 7 * D + H - 400; // old pause: ends 13:00 (+10 h naive: 23:00)
  const old = pausedSinceNaive(t0);
  let info = old;
  let fail = false;
  const accepted = acceptedStoreOf({}, { learned: () => true });
  const o = {
    info: () => {
      if (fail) throw new Error('503');
      return info;
    },
    accepted,
  };
  let tab = profileOn(clock, o);
  await flush();
  const t = clock.now();
  accepted.remember(1, { kind: 'pause', at: t, heard: true });
  tab.flow.send({ type: 'CHECK', restricts: 'pause', remote: true } as never);
  await tab.run(10, S);
  info = pausedFrom(t);
  const endOld = t0 - (t0 % 1000) + 7 * D + 10 * H; // client end of the old pause
  // Up to 30 min before the old pause ends.
  while (clock.now() < endOld - 30 * 60 * S) await tab.run(1, 60 * S);
  if (mode === 'retrying') fail = true;
  if (mode === 'untrusted') tab.setTrusted(false);
  if (mode === 'page') {
    tab.flow.stop();
    info = old; // the new page's first read lags too
    tab = profileOn(clock, o);
    await flush();
    await tab.run(5, S);
    info = pausedFrom(t);
  }
  if (mode === 'owner') {
    info = old;
    tab.flow.send({ type: 'OWNER', owner: { userId: 1, sid: 2 } } as never);
    await flush();
    await tab.run(5, S);
    info = pausedFrom(t);
  }
  let free = 0;
  const midnight = nextBrazilMidnight(t);
  let restoredAt = 0;
  while (clock.now() < midnight + 60 * S) {
    if (mode === 'untrusted' && !restoredAt && clock.now() > endOld + 20 * 60 * S) {
      restoredAt = clock.now();
      tab.setTrusted(true);
    }
    if (mode === 'retrying' && clock.now() > endOld + 20 * 60 * S) fail = false;
    await tab.run(1, 60 * S);
    if (tab.restrictions().canBet) free++;
  }
  const r = { free, reads: tab.reads() };
  tab.flow.stop();
  return r;
}

describe('review38: heard pause shown by an ending pause, variants', () => {
  for (const mode of ['idle', 'retrying', 'untrusted', 'page', 'owner'] as const)
    it(`${mode}: never free while the new pause is in force`, async () => {
      const r = await run(mode);
      expect(r.free, JSON.stringify(r)).toBe(0);
    });
});
