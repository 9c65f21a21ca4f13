// Review 159: play time rolls over to the new São Paulo day at `serverNow()`'s midnight, though
// `serverNow()` may run ahead of the server by up to its bound (docs/time.md rule 4: the estimate
// `Date + 500` is up to 500 ms ahead, plus drift; `boundMs` 2 000). Honest answers, a trusted clock,
// no jump: a player past the daily limit is shown time left (and free to bet) in the last half
// second of the true day. The SPA re-check already waits midnight + boundMs for this very reason
// (REVIEW-Q Q-5); the daily limit does not.
import { createClock } from 'pam-client/devtools';
import { playPeriodOf } from 'pam-client/internal';
import { playTimeMachine, selectPlayTime } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createMemoryPlayClock } from '../../machines/play-time/stores';

const S = 1000;
const MIDNIGHT = Date.parse('2026-11-24T03:00:00Z'); // 00:00 in São Paulo

describe('review 159: the daily limit at São Paulo midnight, within the clock bound', () => {
  // OPEN (sixty-third pass; LOW): expected to fail until fixed. Tried: a beat within 2 s after a
  // period's end counted in the ending period too (playTimeMachine `beat`, `alt` at serverNow less
  // the bound): it met this test, but test/machines/play-clock-heard-once.property (its examples at
  // midnight) then counted a heard tab's interval twice in the ending day (30 ms for 15): `beat`'s
  // `also` count and a heard record's merge add up there. Reverted; fix the merge first.
  it.fails('a limit reached on the true day is not lifted before the true midnight', () => {
    const timers = new SimulatedClock();
    timers.set(0);
    let tru = MIDNIGHT - 5 * 60 * S; // 23:55:00.000, the server's true time
    let mono = 0;
    const clock = createClock({ wall: () => tru, monotonic: () => mono });
    // Three honest answers, each `Date` the server's true time (a whole second): trusted, offset +500.
    for (let i = 0; i < 3; i++) clock.learn(tru);
    expect(clock.trusted()).toBe(true);
    const actor = createActor(playTimeMachine, {
      clock: timers,
      input: {
        limit: { amount: 1, period: 'daily', active: true },
        store: createMemoryPlayClock(),
        now: clock.now,
        monotonic: clock.monotonic,
        serverNow: clock.serverNow,
        trusted: clock.trusted,
        learned: () => clock.learned?.() !== false,
      },
    }).start();
    const play = (ms: number) => {
      for (let t = 0; t < ms; t += 100) {
        tru += 100;
        mono += 100;
        timers.increment(100);
      }
    };
    try {
      play(5 * 60 * S - 400); // to 23:59:59.600, true time: the minute was used long ago
      expect(playPeriodOf('daily', tru).key).toBe('daily:2026-11-23');
      expect(clock.trusted()).toBe(true);
      actor.send({ type: 'BEAT' }); // the tab shown again (the session's wake-up)
      const p = selectPlayTime(actor.getSnapshot())!;
      // (Counted in the new day's period, whose count is 0: reached false, leftMs 60 000.)
      expect({ reached: p.reached, leftMs: p.leftMs }).toEqual({ reached: true, leftMs: 0 });
    } finally {
      actor.stop();
    }
  });
});
