// Review 60 (against f7fca53d), sign-out.ts `logout` (the successor walk: `end(next)` awaited per
// step, one after another). Severity: LOW/MEDIUM.
// Scenario: the browser kept C1 after its logout's answer was lost, and eight later "Sair"s with it
// (each its own id: 204, cookie kept) ended X+ ... X++++++++ one step further each (review 59's
// "passed" rule). The next logout with C1 meets a store whose writes stall (reads still answer: a
// Redis primary hung, replicas serving reads): every step was ended before, so it walks all eight,
// and each step's mark (`Lineages.end` -> `written(out:...)`, awaited) waits a whole store deadline
// before the next: 8 deadlines for the walk alone, past the stall property's bound (STEPS = 6) and
// growing with the walk, where review S-2 wants a logout over a stalled store to answer in "a few"
// deadlines. Control: only X ended before: the same stall costs one deadline.
// Invariant broken: (6) a logout's answer time stays bounded by a few store deadlines.
// Fault: sign-out.ts, the `for (let next = ...)` loop: `await parts.lineages.end(next, until)` then
// `await step(next)` per step, sequential. Fix: mark the steps without waiting one write per step
// (issue every step's mark the walk will read, then read them together: the login side only needs
// "marked before read" per step, so write all candidate steps first and await the writes together,
// one deadline), or stop walking once a write fails (a store that cannot be written is stalled).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORE_MS } from '../../src/server/store';
import { STEPS, walkOverStall } from '../server/walk-stall';

afterEach(() => {
  vi.useRealTimers();
});

describe('a logout with a kept ended cookie over a store whose writes stall', () => {
  it('control: only X ended before: a deadline or two', async () => {
    expect(await walkOverStall('writes', 0)).toBeLessThanOrEqual(STEPS * STORE_MS);
  });
  it('X and its eight steps ended before: still within STEPS deadlines', async () => {
    expect(await walkOverStall('writes', 8)).toBeLessThanOrEqual(STEPS * STORE_MS);
  });
});
