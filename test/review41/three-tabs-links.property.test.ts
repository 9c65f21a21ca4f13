// Review 41: the relogin property (test/session/relogin-shared-store.property.test.ts) over three
// tabs, each link of the channel cut and healed on its own (one sender's words to one tab in
// order), one shared store or one each, and optionally stores that answer later (`laterStore`).
// What is checked: `runLinks` (./links-support.ts).
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { useWorld } from '../support/world';
import { crossed, runLinks, type Step, stepOf } from './links-support';

const world = useWorld();
const step = stepOf(false);

describe('review41: three tabs, sanity', () => {
  it('the crossing of seed 731682711, two tabs (fails before fa2b9f8c)', async () => {
    await runLinks(world, false, false, crossed, 2);
  }, 60_000);
  it('the crossing of seed 731682711, three tabs', async () => {
    await runLinks(world, false, false, crossed, 3);
  }, 60_000);
  // CI seed -1707618789 (failed on 0e467bac): a `login()` on a tab that still shows the login
  // another tab's unheard logout ended is not honoured, so no login stands (the check's fault).
  it('a login() on a tab that has not heard of the logout yet is no new login', async () => {
    const steps: Step[] = [
      { op: 'relogin', tab: 1, delay: 0 },
      { op: 'hold' },
      { op: 'logout', tab: 0 },
      { op: 'login', tab: 1, delay: 0 },
      { op: 'hold' },
    ];
    await runLinks(world, false, false, steps, 2);
  }, 60_000);
});

const crossedAmid: fc.Arbitrary<Step[]> = fc
  .tuple(fc.array(step, { maxLength: 4 }), fc.array(step, { maxLength: 4 }))
  .map(([x, y]) => [...x, ...crossed.map((s) => ('tab' in s ? { ...s } : s)), ...y]);

const RUNS = Number(process.env.REVIEW41_RUNS ?? 100);
describe('review41: three tabs, links cut one by one', () => {
  for (const later of [false, true])
    it(`over generated steps (${later ? 'stores answering later' : 'sync stores'})`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          fc.constantFrom(2, 3),
          (process.env.REVIEW41_NOCROSS
            ? (a: fc.Arbitrary<Step[]>) => a
            : (a: fc.Arbitrary<Step[]>) => fc.oneof(a, crossedAmid))(
            fc.array(step, { minLength: 1, maxLength: 14 }),
          ),
          (shared, n, steps) => runLinks(world, shared, later, steps, n),
        ),
        { numRuns: RUNS },
      );
    }, 3_600_000);
});
