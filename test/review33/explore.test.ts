import fc from 'fast-check';
import { describe, it } from 'vitest';
import { commandsOf, runCmds } from './model';

// Exploration runs (review 33): REVIEW33_CFG picks the command set, REVIEW33_RUNS / REVIEW33_SEED
// the runs. Skipped unless REVIEW33_CFG is set (the committed properties: ./reading-order-extended).
const cfgs = {
  full: {
    skewMax: 2000,
    remoteMax: 4000,
    clock: true,
    owner: true,
    limits: true,
    midnight: true,
    remotePause: true,
  },
  noOutcome: {
    skewMax: 2000,
    remoteMax: 4000,
    clock: true,
    owner: true,
    limits: true,
    midnight: true,
    remotePause: true,
    outcome: false,
  },
  narrow: { skewMax: 900, remoteMax: 900, owner: true, limits: true, midnight: true, remotePause: true },
  narrowClock: {
    skewMax: 900,
    remoteMax: 900,
    clock: true,
    owner: true,
    limits: true,
    midnight: true,
    remotePause: true,
    outcome: false,
  },
} as const;
const cfg = process.env.REVIEW33_CFG as keyof typeof cfgs | undefined;

describe.skipIf(!cfg)('review33 exploration', () => {
  it(`cfg ${cfg}`, async () => {
    const seed = process.env.REVIEW33_SEED ? Number(process.env.REVIEW33_SEED) : undefined;
    await fc.assert(
      fc.asyncProperty(fc.commands(commandsOf(cfgs[cfg!]), { size: '+1' }), async (cmds) => {
        await runCmds(cmds, { checkLimits: process.env.REVIEW33_LIMITS === '1' });
      }),
      { numRuns: Number(process.env.REVIEW33_RUNS ?? 200), seed, verbose: 1 },
    );
  }, 3_600_000);
});
