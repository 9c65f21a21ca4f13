// Liveness: a pause, a self-exclusion and four looser limit changes all ending/coming due within
// seconds of each other (zoned and naive dates), and the lift reads failing a while: reads stay
// about one per distinct end, the tab is free once the ends passed and a read succeeds.
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { flush } from '../review33/model';
import { profileOn, sp } from '../review36/flow';
import { D, H, M, S } from '../review38/h';
import { freeUserInfo } from '../support/free-user-info';

const iso = (ms: number) => new Date(ms - (ms % 1000)).toISOString().slice(0, 19) + 'Z';

async function run(naive: boolean, failFor: number) {
  const clock = new SimulatedClock();
  clock.set(Date.parse('2026-11-23T15:00:00.400Z'));
  const E = clock.now() + 20 * M;
  const t = (ms: number) => (naive ? sp(ms) : iso(ms));
  const lim = (k: string, i: number) => ({
    [`user_limit_${k}`]: 100,
    [`user_limit_${k}_active`]: 1,
    [`user_limit_${k}_period`]: 'daily',
    [`user_limit_${k}_change`]: JSON.stringify({ amount: 1000, effective_at: t(E + (i + 1) * S) }),
  });
  const held = freeUserInfo({
    user_pause: 7,
    user_pause_at: t(E - 7 * D),
    user_pause_in: t(E),
    user_exclusion: 1,
    user_exclusion_at: t(E + 5 * S - 30 * D),
    user_exclusion_in: t(E + 5 * S),
    ...lim('deposit', 0),
    ...lim('bet', 1),
    ...lim('loss', 2),
    ...lim('time', 3),
  });
  const after = freeUserInfo({
    ...Object.fromEntries(
      ['deposit', 'bet', 'loss', 'time'].flatMap((k) => [
        [`user_limit_${k}`, 1000],
        [`user_limit_${k}_active`, 1],
        [`user_limit_${k}_period`, 'daily'],
      ]),
    ),
  });
  let failing = false;
  const tab = profileOn(clock, {
    info: () => {
      if (failing) throw new Error('down');
      return clock.now() >= E + 5 * S ? after : held;
    },
  });
  await flush();
  const r0 = tab.reads();
  const lastEnd = E + 5 * S + (naive ? 10 * H : 0);
  let staleAfter = 0;
  const horizon = lastEnd + 1 * H; // (before the São Paulo midnight)
  while (clock.now() < horizon) {
    failing = clock.now() >= E - S && clock.now() < E + failFor;
    await tab.run(1, 10 * S);
    if (!tab.restrictions().canBet && clock.now() > lastEnd + failFor + 5 * M) staleAfter += 10;
  }
  const r = { reads: tab.reads() - r0, staleSecAfterLastEnd: staleAfter, status: tab.restrictions().status };
  tab.flow.stop();
  return r;
}

describe('review40: many ends near each other', () => {
  for (const naive of [false, true])
    for (const failFor of [0, 3 * M])
      it(`naive ${naive}, reads failing ${failFor / M} min`, async () => {
        const r = await run(naive, failFor);
        expect(r.staleSecAfterLastEnd, JSON.stringify(r)).toBe(0);
        expect(r.reads, JSON.stringify(r)).toBeLessThan(20);
      });
});
