// `npm run bench`: bundles bench/suite.ts with esbuild (so a clean clone needs no build), then runs
// it in a child `node --expose-gc` (the memory figures need a real GC). Never part of `npm test`.
//
//   node bench/run.mjs                 # this checkout
//   node bench/run.mjs --root ../old   # another checkout's src/ and machines/ (before/after figures)
//   node bench/run.mjs --quick         # shorter runs, rougher figures
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { args, buildOptions, bundle, outDir, repo, root } from './bundle.mjs';

// The suite, and the core entry alone (the suite imports it afresh to time module evaluation).
const suite = await bundle('suite');
await build({
  ...buildOptions,
  stdin: { contents: `export * from 'pam-client';`, resolveDir: repo, loader: 'js' },
  outfile: resolve(outDir, 'core.mjs'),
});

const started = Date.now();
const child = spawnSync(process.execPath, ['--expose-gc', suite, ...args], {
  stdio: 'inherit',
  env: { ...process.env, PAM_BENCH_CORE: resolve(outDir, 'core.mjs'), PAM_BENCH_ROOT: root },
});
console.log(`\nbench finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(child.status ?? 1);
