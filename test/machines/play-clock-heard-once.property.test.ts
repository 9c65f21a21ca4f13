import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createMemoryPlayClock } from '../../machines/play-time/stores';
import { playTimeMachine, selectPlayTime } from '../../machines/playTimeMachine';

// REVIEW-AB AB-1: two tabs with no shared `localStorage` (each its own store) tell each other their
// play clocks after each beat (the session's `play` message: a `BEAT` with `record`). The heard
// count holds the time up to the OTHER tab's last beat; the tab that took it kept its own earlier
// mark, so its next beat added the time since that mark again: two open tabs counted up to twice
// the wall time (a player barred at half the limit). On one clock, with every message heard or
// lost, each tab's count stays within the wall time since the first tab opened, and never under
// what its own beats counted (fail closed).

const START = Date.UTC(2030, 0, 1, 15);
const BEAT_MS = 15_000;
const step = fc.record({
  tab: fc.constantFrom(0, 1),
  dt: fc.integer({ min: 0, max: BEAT_MS }),
  heard: fc.boolean(),
});

describe('a play clock heard from another tab counts each minute once', () => {
  it("two tabs on one clock: within the wall time, never under a tab's own counted beats (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: BEAT_MS }),
        fc.array(step, { minLength: 1, maxLength: 60 }),
        (lag, steps) => {
          let now = START;
          const open = (): ReturnType<typeof createActor<typeof playTimeMachine>> =>
            createActor(playTimeMachine, {
              input: {
                limit: { amount: 1_000, period: 'daily', active: true },
                store: createMemoryPlayClock(),
                now: () => now,
                beatMs: BEAT_MS,
              },
            }).start();
          const first = open();
          now += lag;
          const tabs = [first, open()];
          // Each tab's own beats: the time between two of them within a gap (2 x beatMs) is counted.
          const own = [0, 0];
          const prev = [START, START + lag];
          try {
            for (const { tab, dt, heard } of steps) {
              now += dt;
              const me = tabs[tab]!;
              me.send({ type: 'BEAT' });
              if (now - prev[tab]! <= 2 * BEAT_MS) own[tab]! += now - prev[tab]!;
              prev[tab] = now;
              if (heard) tabs[1 - tab]!.send({ type: 'BEAT', record: me.getSnapshot().context.store.read() });
              for (const [i, t] of tabs.entries()) {
                const used = selectPlayTime(t.getSnapshot())!.usedMs;
                expect(used).toBeLessThanOrEqual(now - START);
                expect(used).toBeGreaterThanOrEqual(own[i]!);
              }
            }
          } finally {
            for (const t of tabs) t.stop();
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
