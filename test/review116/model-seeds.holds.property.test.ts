// Review 116: the issue-26 session model (test/model) on seeds other than CI's 26, longer sequences
// (every invariant after every command: canBet only on a newest read that bars nothing, etc.).
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { runSequence, runs } from '../model/arbitraries';

const SEEDS = (process.env.REV116_SEEDS ?? '116,1161').split(',').map(Number);
const RUNS = Number(process.env.REV116_RUNS ?? 15);

describe('review 116: the session model on other seeds', () => {
  for (const seed of SEEDS)
    it(`keeps every invariant (seed ${seed})`, async () => {
      await fc.assert(
        fc.asyncProperty(runs(30), ([commands, store]) => runSequence(commands, store)),
        { seed, numRuns: RUNS },
      );
    }, 600_000);
});
