import fc from 'fast-check';
import { describe, it } from 'vitest';
import { type Cmd, commandsOf, make, runCmds } from './model';

// Review 33: the reading-order model (test/session/reading-order.model.test.ts) with the clock's
// trust, skews up to the stated bound (±2000 ms here, another tab's stamps ±4000), São Paulo
// midnights, adoptions (`OWNER`), pauses accepted here and heard, limit changes accepted, wake-ups.
// Invariants after each step (./model.ts `invariant`): never free to bet while the latest-sent
// reading of the login shows a restriction, nor while a pause accepted is held by the server, nor
// (limits on) with a deposit limit looser than the latest-sent reading's. At the end: the server's
// truth shown, and no read loop in a quiet hour; a pause told, once over and a day after its last
// word, bars no longer, its answers delivered as they come or all held until it is over (`hold`).
// REVIEW33_RUNS / REVIEW33_SEED scale the runs (the CI default is small: the branch stays fast).

const runs = Number(process.env.REVIEW33_RUNS ?? 150);
const seed = process.env.REVIEW33_SEED ? Number(process.env.REVIEW33_SEED) : undefined;

const property = (cmds: fc.Arbitrary<unknown>[], examples: Cmd[][] = []) =>
  fc.assert(
    fc.asyncProperty(
      fc.commands(cmds as fc.Arbitrary<Cmd>[], { size: '+1' }),
      fc.boolean(),
      async (c, hold) => {
        await runCmds(c, { checkLimits: true, hold });
      },
    ),
    { numRuns: runs, seed, examples: examples.map((e) => [e, false] as [Cmd[], boolean]) },
  );

const { deliver, advance, skew, changeFails, spa, check, remote } = make;

describe('review33: profile readings ordered by when they were sent (extended model)', () => {
  // Holds (4000 runs each, seeds 31 and 32, after the last model fix): no outcome re-read (finding 1
  // aside), skews to the bound, the clock's trust lost and regained, adoptions, limits, midnights.
  it('without outcome re-reads: skews to the bound, clock trust, OWNER, limits, midnights', async () => {
    await property(
      commandsOf({
        skewMax: 2000,
        remoteMax: 4000,
        clock: true,
        owner: true,
        limits: true,
        midnight: true,
        remotePause: true,
        outcome: false,
      }),
    );
  }, 600_000);

  it('with outcome re-reads, skews within ±900 (the original model): adoptions, limits, midnights', async () => {
    await property(
      commandsOf({
        skewMax: 900,
        remoteMax: 900,
        owner: true,
        limits: true,
        midnight: true,
        remotePause: true,
      }),
    );
  }, 600_000);

  // Finding 1: with this tab's outcome re-reads and skews to the bound, an outcome re-read sent
  // before a barring reading lifts it (fast-check finds it within a few hundred runs, seed 1:
  // see ./outcome-lift.test.ts for the shrunk cases). Kept failing with its example.
  it('with outcome re-reads and skews to the bound (finding 1, fixed: outcome re-reads only tighten)', async () => {
    await property(
      commandsOf({
        skewMax: 2000,
        remoteMax: 4000,
        clock: true,
        owner: true,
        limits: true,
        midnight: true,
        remotePause: true,
      }),
      [
        [
          deliver(0),
          advance(3000),
          skew(1500),
          changeFails(),
          spa(true),
          skew(-1000),
          check(),
          deliver(1),
          skew(0),
          deliver(0),
        ],
        [
          deliver(0),
          advance(5000),
          skew(2000),
          changeFails(),
          spa(true),
          remote(-2000),
          deliver(1),
          deliver(0),
        ],
      ],
    );
  }, 600_000);
});
