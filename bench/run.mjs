// `npm run bench`: bundles bench/suite.ts with esbuild (so a clean clone needs no build), then runs
// it in a child `node --expose-gc` (the memory figures need a real GC). Never part of `npm test`.
//
//   node bench/run.mjs                 # this checkout
//   node bench/run.mjs --root ../old   # another checkout's src/ and machines/ (before/after figures)
//   node bench/run.mjs --quick         # shorter runs, rougher figures
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = resolve(here, '..');
const args = process.argv.slice(2);
const rootAt = args.indexOf('--root');
const root = rootAt === -1 ? repo : resolve(args[rootAt + 1]);

// Inside node_modules, so the bundle's bare imports (zod, ofetch, xstate, h3, tinybench) resolve
// to this checkout's dependencies.
const outDir = resolve(repo, 'node_modules/.cache/pam-client-bench');
mkdirSync(outDir, { recursive: true });

const shared = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  alias: {
    'pam-client/machines': resolve(root, 'machines/index.ts'),
    'pam-client/devtools': resolve(root, 'machines/devtools.ts'),
    'pam-client/testing': resolve(root, 'src/testing/index.ts'),
    'pam-client/internal': resolve(root, 'src/internal.ts'),
    'pam-client': resolve(root, 'src/index.ts'),
  },
};
// The suite, and the core entry alone (the suite imports it afresh to time module evaluation).
await build({ ...shared, entryPoints: [resolve(here, 'suite.ts')], outfile: resolve(outDir, 'suite.mjs') });
await build({
  ...shared,
  stdin: { contents: `export * from 'pam-client';`, resolveDir: repo, loader: 'js' },
  outfile: resolve(outDir, 'core.mjs'),
});

const started = Date.now();
const child = spawnSync(process.execPath, ['--expose-gc', resolve(outDir, 'suite.mjs'), ...args], {
  stdio: 'inherit',
  env: { ...process.env, PAM_BENCH_CORE: resolve(outDir, 'core.mjs'), PAM_BENCH_ROOT: root },
});
console.log(`\nbench finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(child.status ?? 1);
