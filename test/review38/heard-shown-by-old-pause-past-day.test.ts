// (b/a) One heard stays heard for its day: any pause in force shows it, an old one ending after
// that day too. 23:00 (São Paulo): the player, paused until 23:30 tomorrow (an old pause: naive end
// 13:30 + 10 h), pauses again for 7 days in tab A (the server replaces the old pause). Tab B hears
// it and reads it (the new pause). B's midnight read (and A's) reaches a replica lagging an hour:
// the old pause only, which "shows" the heard one: taken. The old pause ends at 23:30, past the
// day of `shown` (23:00): no check, free 30 min until the next midnight, the new pause in force.
// ec5ba272: B's `shown` was dated by the new pause's start and not heard: the lagging read did not
// show it (barred, read again at once: the new pause).
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { nextBrazilMidnight } from '../../machines/clock';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { flush } from '../review33/model';
import { pausedFrom, profileOn } from '../review36/flow';
import { M, pausedUntilNaive } from './h';

async function run(withStore: boolean) {
  const clock = new SimulatedClock();
  clock.set(Date.parse('2026-11-24T02:00:00.400Z')); // 23:00 São Paulo, Nov 23
  const writtenEnd = Date.parse('2026-11-24T16:30:00Z'); // 13:30 Nov 24 (client end 23:30)
  const old = pausedUntilNaive(writtenEnd);
  let info = old;
  const accepted = withStore ? acceptedStoreOf({}, { learned: () => true }) : undefined;
  const o = { info: () => info, ...(accepted && { accepted }) };
  const a = profileOn(clock, o);
  const b = profileOn(clock, o);
  await flush();
  const t = clock.now();
  info = pausedFrom(t);
  a.flow.send({ type: 'CHECK', restricts: 'pause', at: t } as never);
  await flush();
  clock.increment(200);
  accepted?.remember(1, { kind: 'pause', at: clock.now(), heard: true }); // B's keepHeard
  b.flow.send({ type: 'CHECK', restricts: 'pause', remote: true } as never);
  await flush();
  const m0 = nextBrazilMidnight(t);
  while (clock.now() < m0 - M) {
    clock.increment(M);
    await flush();
  }
  info = old; // the midnight reads reach a replica lagging an hour
  for (let i = 0; i < 2; i++) {
    clock.increment(M);
    await flush();
  }
  info = pausedFrom(t);
  const m1 = nextBrazilMidnight(m0 + 1);
  const free = { a: 0, b: 0 };
  while (clock.now() < m1 + M) {
    clock.increment(M);
    await flush();
    if (a.restrictions().canBet) free.a++;
    if (b.restrictions().canBet) free.b++;
  }
  const r = { free, aShown: a.flow.getSnapshot().context.shown, bShown: b.flow.getSnapshot().context.shown };
  a.flow.stop();
  b.flow.stop();
  return r;
}

describe('review38: a heard pause shown by an old pause that ends past its day', () => {
  for (const store of [true, false])
    it(`store ${store}: never free while the new pause is in force`, async () => {
      const r = await run(store);
      expect(r.free, JSON.stringify(r)).toEqual({ a: 0, b: 0 });
    });
});
