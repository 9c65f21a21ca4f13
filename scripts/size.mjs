// Bundle sizes of the published entries, measured the way API.md fixes them: esbuild, minify,
// browser ESM, gzip -9. Reads `dist/` (run `npm run build` first), so it measures what ships.
// Prints the table on every run. Exit code 1 when a core-only bundle contains xstate, and:
// - with --enforce-budgets, when a bundle is over its budget (API.md's 16 kB / 32 kB, 1 kB per
//   binding);
// - with --enforce-ceilings, when a bundle is over its ceiling: today's size plus a little, a
//   ratchet that catches regressions while a budget is still out of reach. Lower a ceiling
//   whenever a bundle shrinks; never raise one without saying why in the commit.
// `--markdown` also prints the table as Markdown (what the README shows).
//
// Two kinds of row:
// - an app's view: `code` bundled with everything it imports (core, core + machines);
// - a binding's own weight: the entry bundled with its imports (pam-client, xstate, vue, ...)
//   external, i.e. what it adds beyond what it imports (budget 1 kB each).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (f) => `${root}dist/${f}`;
if (!existsSync(dist('index.js'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(2);
}

const CORE = 16_000; // API.md; the stretch goal is 14 kB
const CORE_MACHINES = 32_000; // API.md; stretch goal 30 kB
const BINDING = 1_000; // the issue: each binding entry adds at most 1 kB beyond what it imports

const cases = [
  {
    name: 'core: every runtime export of pam-client',
    code: `export * from 'pam-client';`,
    budget: CORE,
    ceiling: 20_000,
    noXstate: true,
  },
  {
    name: 'core: createUserModule + createOfetchAdapter',
    code: `export { createUserModule, createOfetchAdapter } from 'pam-client';`,
    ceiling: 16_000,
    noXstate: true,
  },
  {
    // Tree-shaking check: the wallet transform needs no zod and no ofetch.
    name: 'core: transformWalletResponse alone',
    code: `export { transformWalletResponse } from 'pam-client';`,
    ceiling: 1_500,
    noXstate: true,
  },
  {
    name: 'core + pam-client/machines',
    code: `export * from 'pam-client'; export * from 'pam-client/machines';`,
    budget: CORE_MACHINES,
    ceiling: 41_500,
  },
  ...['vue', 'svelte', 'vanilla'].map((entry) => ({
    name: `pam-client/${entry} (imports external)`,
    entry: dist(`${entry}.js`),
    budget: BINDING,
    ceiling: BINDING,
    noXstate: true, // type-only xstate imports: the entry itself must hold no xstate code
  })),
];

// What bindings import and must not count: the package's other entries, the peers.
const EXTERNAL = ['pam-client', 'pam-client/*', 'xstate', 'xstate/*', 'vue', 'svelte', 'svelte/*'];

async function measure(c) {
  const result = await build({
    ...(c.entry
      ? { entryPoints: [c.entry], external: EXTERNAL }
      : {
          stdin: { contents: c.code, resolveDir: root, loader: 'js' },
          alias: { 'pam-client/machines': dist('machines.js'), 'pam-client': dist('index.js') },
        }),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0].contents;
  const inputs = Object.keys(result.metafile.inputs);
  return { min: bytes.length, gz: gzipSync(bytes, { level: 9 }).length, inputs };
}

const enforceBudgets = process.argv.includes('--enforce-budgets');
const enforceCeilings = process.argv.includes('--enforce-ceilings');
let failed = false;
const rows = [];
for (const c of cases) {
  if (c.entry && !existsSync(c.entry)) {
    rows.push({
      bundle: c.name,
      'min (B)': '-',
      'min+gz (B)': '-',
      budget: c.budget,
      ceiling: c.ceiling,
      xstate: '-',
      verdict: 'not built',
    });
    continue;
  }
  const { min, gz, inputs } = await measure(c);
  const hasXstate = inputs.some((i) => i.includes('node_modules/xstate/'));
  const over = c.budget !== undefined && gz > c.budget;
  const aboveCeiling = c.ceiling !== undefined && gz > c.ceiling;
  const leak = c.noXstate && hasXstate;
  if (leak || (over && enforceBudgets) || (aboveCeiling && enforceCeilings)) failed = true;
  const verdicts = [];
  if (leak) verdicts.push('CONTAINS XSTATE');
  if (aboveCeiling) verdicts.push(enforceCeilings ? 'ABOVE CEILING' : 'above ceiling');
  if (over) verdicts.push(enforceBudgets ? 'OVER BUDGET' : 'over budget (not enforced)');
  rows.push({
    bundle: c.name,
    'min (B)': min,
    'min+gz (B)': gz,
    budget: c.budget ?? '-',
    ceiling: c.ceiling ?? '-',
    xstate: hasXstate ? 'yes' : 'no',
    verdict: verdicts.length ? verdicts.join(', ') : 'ok',
  });
}
console.table(rows);

if (process.argv.includes('--markdown')) {
  const kb = (b) => (typeof b === 'number' ? `${(b / 1000).toFixed(1)} kB` : b);
  console.log('\n| bundle (esbuild, minify, browser ESM, gzip -9) | min+gz | budget |');
  console.log('|---|---|---|');
  for (const r of rows) console.log(`| ${r.bundle} | ${kb(r['min+gz (B)'])} | ${kb(r.budget)} |`);
}

if (failed) {
  console.error('size check failed');
  process.exit(1);
}
