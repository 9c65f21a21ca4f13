// Review 123's class over generated sequences: a player with a time limit, one or two tabs on the
// device's clock, and any mix of waits, wall-clock steps (forward, back) and sleeps: the client
// never prints XState's "Custom actions should not call `assign()`" warnings (its development build:
// what Vite, webpack dev and Vitest load). The sequences found first: ./custom-action-warnings.defect.test.ts.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { H, logIn, MIN, S, useWorld } from '../support/world';

const world = useWorld();
const NOT_IMPERATIVE = /Custom actions should not call `\w+\(\)` directly/;
afterEach(() => vi.restoreAllMocks());

const move = fc.oneof(
  fc.constantFrom(S, 10 * S, 70 * S, 5 * MIN).map((ms) => ({ wait: ms })),
  fc.constantFrom(-3 * H, -30 * MIN, -2 * S, 2 * S, 30 * MIN, 3 * H).map((ms) => ({ step: ms })),
);

describe('review 123: no "not imperative" warnings over generated clocks', () => {
  it('property: waits and wall-clock steps with a time limit print none', { timeout: 240_000 }, async () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const printed = () => spy.mock.calls.map((c) => String(c[0])).filter((m) => NOT_IMPERATIVE.test(m));
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(move, { minLength: 1, maxLength: 6 }), async (two, moves) => {
        const tabs = [world.open({ deviceClock: true, tabId: `a${++n}` })];
        if (two) tabs.push(world.open({ deviceClock: true, tabId: `b${n}` }));
        try {
          await logIn(world, tabs[0]!, 'timeLimit');
          spy.mockClear();
          for (const m of moves) {
            if ('step' in m) world.jump(m.step);
            else await world.advance(m.wait, 250);
          }
          await world.advance(20 * S, 250);
          expect(printed()).toEqual([]);
        } finally {
          for (const t of tabs) t.client.stop();
        }
      }),
      { numRuns: 30 },
    );
  });
});
