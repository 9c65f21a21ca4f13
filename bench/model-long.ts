// The long run of the model-based session test (issue 26): by default 10,000 generated sequences
// on a random seed (printed, with any shrunk counterexample: add it to
// test/model/regressions.test.ts). Not part of `npm test` (CI runs test/model/session.model.test.ts
// on a fixed seed). The file is its own launcher: run as a script, it starts Vitest on itself
// (the world needs Vitest's fake timers), with the same aliases as vitest.config.ts.
//
//   npx jiti bench/model-long.ts                 # 10,000 sequences, random seed
//   npx jiti bench/model-long.ts 2000 12345      # 2,000 sequences, seed 12345

import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

async function inVitest(): Promise<void> {
  const { it } = await import('vitest');
  const fc = (await import('fast-check')).default;
  const { runSequence, runs } = await import('../test/model/arbitraries');
  const numRuns = Number(process.env.MODEL_RUNS ?? 10_000);
  const seed = Number(process.env.MODEL_SEED ?? Math.floor(Math.random() * 2 ** 31));
  it(`keeps every invariant over ${numRuns} sequences (seed ${seed})`, async () => {
    const started = performance.now();
    try {
      await fc.assert(
        fc.asyncProperty(runs(Number(process.env.MODEL_MAX_COMMANDS ?? 40)), ([commands, store]) =>
          runSequence(commands, store),
        ),
        { seed, numRuns },
      );
    } finally {
      console.log(
        `seed ${seed}: ${numRuns} runs asked, ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  }, 86_400_000);
}

async function launch(): Promise<void> {
  const [runs, seed] = process.argv.slice(2);
  if (runs) process.env.MODEL_RUNS = runs;
  if (seed) process.env.MODEL_SEED = seed;
  const { startVitest } = await import('vitest/node');
  const entry = (name: string, path: string) => ({
    find: new RegExp(`^pam-client${name}$`),
    replacement: here(path),
  });
  const vitest = await startVitest(
    'test',
    [],
    { config: false, run: true, watch: false, include: ['bench/model-long.ts'], root: here('..') } as never,
    {
      resolve: {
        alias: [
          entry('', '../src/index.ts'),
          entry('/machines', '../machines/index.ts'),
          entry('/testing', '../src/testing/index.ts'),
          entry('/internal', '../src/internal.ts'),
        ],
      },
    },
  );
  const failed = vitest?.state.getCountOfFailedTests() ?? 1;
  await vitest?.close();
  process.exitCode = failed > 0 ? 1 : 0;
}

await (process.env.VITEST ? inVitest() : launch());
