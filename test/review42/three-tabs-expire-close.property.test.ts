// Review 42: review 41's three-tab property (test/review41/three-tabs-links.property), plus the
// server expiring every token and tabs that close (never hearing what follows), then a new tab
// opened on the store (`runLinks`, test/review41/links-support.ts, says what is checked).
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { runLinks, stepOf } from '../review41/links-support';
import { useWorld } from '../support/world';

const world = useWorld();
const step = stepOf(true);

const RUNS = Number(process.env.REVIEW42_RUNS ?? 40);
describe('review42: three tabs, expiries and closed tabs, a new tab at the end', () => {
  for (const later of [false, true])
    it(`over generated steps (${later ? 'stores answering later' : 'sync stores'})`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          fc.constantFrom(2, 3),
          fc.array(step, { minLength: 1, maxLength: 14 }),
          (shared, n, steps) => runLinks(world, shared, later, steps, n),
        ),
        { numRuns: RUNS },
      );
    }, 3_600_000);
});
