// The model-based session test of issue 26, as CI runs it: generated command sequences (logins,
// logouts, re-reads, the operator's truth, stepped and sleeping clocks, skewed and outlying `Date`
// headers, failing and hanging reads, held, reversed, replayed and forged channel messages,
// step-ups in several tabs) on the REAL client in 2–4 tabs, every invariant checked after every
// command against the true server time (./invariants.ts). A fixed seed, sized to finish well
// within 60 s on a loaded 2-core machine; the long run is bench/model-long.ts.

import fc from 'fast-check';
import { describe, it } from 'vitest';
import { runSequence, runs } from './arbitraries';

/** The seed CI runs (a failure prints its shrunk sequence; add it to ./regressions.test.ts). */
const SEED = 26;
const RUNS = 40;
const MAX_COMMANDS = 25;

describe('the session against its model (issue 26)', () => {
  it('keeps every invariant over generated sequences (fixed seed)', async () => {
    await fc.assert(
      fc.asyncProperty(runs(MAX_COMMANDS), ([commands, store]) => runSequence(commands, store)),
      { seed: SEED, numRuns: RUNS },
    );
  }, 60_000);
});
