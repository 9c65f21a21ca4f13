// Review 61 (against b13c3fee), sign-out.ts `logout`, the successor walk (each step's reads awaited
// one after another; "a mark the store does not take ends the walk" covers stalled writes only).
// Severity: LOW/MEDIUM.
// Scenario: review 60's stalled-writes-walk-many-deadlines with the stall on the other side: the
// browser kept C1 after its logout's answer was lost, and eight later "Sair"s with it (each its own
// id) ended X+ ... X++++++++ on this instance. The next logout with C1 meets a store whose reads of
// the lineage keys (`out:`, `win:`, `lin:`) stall while writes are taken (a replica hung, the
// primary fine). Every mark is taken, so the walk goes on; whether the next step was ended is
// read from this instance's own marks when the store's read fails (`endOf`: `here`), so every
// step is "passed": eight steps, each waiting one store deadline for its `members` read: about ten
// deadlines, past the stall property's STEPS = 6 and growing with the walk.
// Control: only X ended before: a few deadlines.
// Invariant broken: (6) a logout's answer time stays bounded by a few store deadlines.
// Fault: sign-out.ts, the walk's `await step(next)` per step, sequential; the stop rule looks at
// the write only. Fix: stop walking on a step whose reads failed too (a store that cannot be read
// is stalled: `members` then holds only local logins), or read every step the walk may reach
// together (one deadline), after issuing their marks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORE_MS } from '../../src/server/store';
import { STEPS, walkOverStall } from '../server/walk-stall';

afterEach(() => {
  vi.useRealTimers();
});

describe('a logout with a kept ended cookie over a store whose lineage reads stall', () => {
  it('control: only X ended before: within STEPS deadlines', async () => {
    expect(await walkOverStall('reads', 0)).toBeLessThanOrEqual(STEPS * STORE_MS);
  });
  it('X and its eight steps ended before: still within STEPS deadlines', async () => {
    expect(await walkOverStall('reads', 8)).toBeLessThanOrEqual(STEPS * STORE_MS);
  });
});
