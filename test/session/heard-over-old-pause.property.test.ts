// A new pause accepted in tab A and heard in tab B while an old pause of the player is in force (or
// none), read from a server whose replicas lag now and then (their answers: the state before the new
// pause, the old pause, ended or not). Generated: the time of day, the old pause's end (up to 36 h
// on), the new pause's length, how late B hears it, up to three lagging windows, the shared store or
// none. Checked each minute: while the new pause is in force neither tab is free to bet, except past
// the day the client keeps an accepted restriction (`ACCEPTED_MS`) when its latest answer was a
// lagging one showing no pause at all when it came (the design's limit, docs/responsible-gaming.md).
// So a restriction that showed the new one and then ended (the old pause: REVIEW37-2, review 38's
// F1/F2) is read again, never trusted to have been it. Reads stay bounded (no loop).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { flush } from '../review33/model';
import { profileOn } from '../review36/flow';
import { D, M, pausedZ } from '../review38/h';
import { freeUserInfo } from '../support/free-user-info';

const iso = (ms: number) => `${new Date(ms - (ms % 1000)).toISOString().slice(0, 19)}Z`;

const scenario = fc.record({
  dayMin: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  oldEndMin: fc.option(fc.integer({ min: 1, max: 36 * 60 }), { nil: null }),
  newDays: fc.constantFrom(1, 7),
  heardMs: fc.integer({ min: 0, max: 10_000 }),
  // Each from the accept, the next São Paulo midnight (its re-check) or any minute.
  lags: fc.array(
    fc.record({
      at: fc.constantFrom('accept' as const, 'midnight' as const, 'any' as const),
      fromMin: fc.integer({ min: 0, max: 36 * 60 }),
      lenMin: fc.integer({ min: 1, max: 90 }),
    }),
    { maxLength: 3 },
  ),
  store: fc.boolean(),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

async function run(s: Scenario) {
  const clock = new SimulatedClock();
  clock.set(Date.parse('2026-11-23T03:00:00.250Z') + s.dayMin * M); // São Paulo midnight + dayMin
  const t = clock.now();
  const oldEnd = s.oldEndMin === null ? null : t + s.oldEndMin * M;
  const before =
    oldEnd === null
      ? freeUserInfo()
      : freeUserInfo({ user_pause: 7, user_pause_at: iso(oldEnd - 7 * D), user_pause_in: iso(oldEnd) });
  const after = pausedZ(t, s.newDays);
  let accepted = false;
  const windows = s.lags.map((l) => {
    const from = l.at === 'accept' ? t : l.at === 'midnight' ? nextBrazilMidnight(t) - M : t + l.fromMin * M;
    return [from, from + l.lenMin * M] as const;
  });
  const lagging = () => windows.some(([from, to]) => clock.now() >= from && clock.now() < to);
  const store = s.store ? acceptedStoreOf({}, { learned: () => true }) : undefined;
  const tab = () => {
    const last = { lagging: false, freeWhenRead: false };
    const info = () => {
      const old = !accepted || lagging();
      last.lagging = accepted && old;
      last.freeWhenRead = old && (oldEnd === null || clock.now() >= oldEnd);
      return old ? before : after;
    };
    return { last, ...profileOn(clock, { info, ...(store && { accepted: store }) }) };
  };
  const a = tab();
  const b = tab();
  await flush();
  accepted = true;
  a.flow.send({ type: 'CHECK', restricts: 'pause', at: t } as never);
  await flush();
  clock.increment(s.heardMs);
  const heardAt = clock.now();
  store?.remember(1, { kind: 'pause', at: heardAt, heard: true }); // B's tabs flow (`keepHeard`)
  b.flow.send({ type: 'CHECK', restricts: 'pause', remote: true } as never);
  await flush();
  const bad: string[] = [];
  const readsFrom = a.reads() + b.reads();
  const end = t + 37 * 60 * M;
  while (clock.now() < end) {
    clock.increment(M);
    await flush();
    const inForce = clock.now() < t + s.newDays * D;
    for (const [name, x, since] of [
      ['A', a, t],
      ['B', b, heardAt],
    ] as const) {
      if (!inForce || !x.restrictions().canBet) continue;
      if (clock.now() >= since + D && x.last.lagging && x.last.freeWhenRead) continue;
      bad.push(`${name} free at +${Math.round((clock.now() - t) / M)} min`);
    }
  }
  const reads = a.reads() + b.reads() - readsFrom;
  a.flow.stop();
  b.flow.stop();
  return { bad: bad.slice(0, 3), reads };
}

describe('a new pause over an old one, heard in another tab, replicas lagging (REVIEW37-2, review 38)', () => {
  it('never free while it is in force (but past its day on a lagging answer showing none); reads bounded', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const r = await run(s);
        expect(r.bad).toEqual([]);
        // Per tab: the midnight re-checks, a read at each end, and each lagging window's backoff
        // (1 s doubling to 5 min: about 20 reads in 90 minutes).
        expect(r.reads).toBeLessThanOrEqual(2 * (8 + 25 * s.lags.length));
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
