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
const MIDNIGHT = Date.UTC(2030, 0, 2, 3); // São Paulo midnight (UTC−3)

/** A tab's play clock: its own store (no shared `localStorage`), on the given clock. */
const openTab = (now: () => number) =>
  createActor(playTimeMachine, {
    input: {
      limit: { amount: 1_000, period: 'daily', active: true },
      store: createMemoryPlayClock(),
      now,
      beatMs: BEAT_MS,
    },
  }).start();
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
        // Mid-afternoon, or up to 10 min before São Paulo midnight (the day's count starts again).
        fc.oneof(fc.constant(START), fc.integer({ min: MIDNIGHT - 600_000, max: MIDNIGHT })),
        (lag, steps, start) => {
          let now = start;
          const open = () => openTab(() => now);
          const first = open();
          now += lag;
          const tabs = [first, open()];
          // Each tab's own beats: the time between two of them within a gap (2 x beatMs) is counted,
          // in the day it falls in.
          const own: [number, number][][] = [[], []];
          const prev = [start, start + lag];
          const dayStart = (t: number) => (t >= MIDNIGHT ? MIDNIGHT : MIDNIGHT - 86_400_000);
          // What a tab shows is as of its last beat (its own, or one run by a heard record).
          const beatAt = [start, start + lag];
          const inDay = (i: number) =>
            own[i]!.reduce((ms, [a, b]) => ms + Math.max(0, b - Math.max(a, dayStart(beatAt[i]!))), 0);
          try {
            for (const { tab, dt, heard } of steps) {
              now += dt;
              const me = tabs[tab]!;
              me.send({ type: 'BEAT' });
              if (now - prev[tab]! <= 2 * BEAT_MS) own[tab]!.push([prev[tab]!, now]);
              prev[tab] = now;
              beatAt[tab] = now;
              if (heard) {
                tabs[1 - tab]!.send({ type: 'BEAT', record: me.getSnapshot().context.store.read() });
                beatAt[1 - tab] = now;
              }
              for (const [i, t] of tabs.entries()) {
                const used = selectPlayTime(t.getSnapshot())!.usedMs;
                expect(used).toBeLessThanOrEqual(beatAt[i]! - Math.max(start, dayStart(beatAt[i]!)));
                expect(used).toBeGreaterThanOrEqual(inDay(i));
              }
            }
          } finally {
            for (const t of tabs) t.stop();
          }
        },
      ),
      {
        numRuns: 100,
        // Beats at midnight itself (a CI dry run's seed -1612392825, and two more found then).
        examples: [
          [3043, [{ tab: 0, dt: 14957, heard: false }], MIDNIGHT - 18_000],
          [
            0,
            [
              { tab: 0, dt: 15, heard: true },
              { tab: 0, dt: 0, heard: false },
            ],
            MIDNIGHT - 15,
          ],
          [
            10090,
            [
              { tab: 0, dt: 14329, heard: false },
              { tab: 0, dt: 3155, heard: false },
              { tab: 0, dt: 0, heard: true },
            ],
            MIDNIGHT - 27_574,
          ],
        ],
      },
    );
  }, 60_000);
});

describe('a play clock heard from a tab already in the next period', () => {
  it('this tab still counts its own time since the period began', () => {
    // Tab A's last beat just before São Paulo midnight; tab B, in the new day, tells A.
    const midnight = MIDNIGHT;
    let now = midnight - 20_000;
    const open = () => openTab(() => now);
    const [a, b] = [open(), open()];
    now = midnight - 10_000;
    a.send({ type: 'BEAT' });
    b.send({ type: 'BEAT' });
    now = midnight + 5_000;
    b.send({ type: 'BEAT' });
    a.send({ type: 'BEAT', record: b.getSnapshot().context.store.read() });
    now = midnight + 10_000;
    a.send({ type: 'BEAT' });
    // Today: at least A's own 10 s since midnight (B's 5 s is within them), at most the wall time.
    const used = selectPlayTime(a.getSnapshot())!.usedMs;
    expect(used).toBeGreaterThanOrEqual(10_000);
    expect(used).toBeLessThanOrEqual(10_000);
    a.stop();
    b.stop();
  });
});
