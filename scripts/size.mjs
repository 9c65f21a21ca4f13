// Bundle sizes of the published entries, measured the way API.md fixes them: esbuild, minify,
// browser ESM, gzip -9. Reads `dist/` (run `npm run build` first), so it measures what ships.
// Exit code 1 when a core-only bundle contains xstate, and, with --enforce-budgets, when a
// bundle is over its API.md budget.
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

const cases = [
  {
    name: 'core: every runtime export of pam-client',
    code: `export * from 'pam-client';`,
    budget: 16_000,
    noXstate: true,
  },
  {
    name: 'core: createUserModule + createOfetchAdapter',
    code: `export { createUserModule, createOfetchAdapter } from 'pam-client';`,
    noXstate: true,
  },
  {
    name: 'core + pam-client/machines',
    code: `export * from 'pam-client'; export * from 'pam-client/machines';`,
    budget: 32_000,
  },
];

async function measure(code) {
  const result = await build({
    stdin: { contents: code, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    alias: { 'pam-client/machines': dist('machines.js'), 'pam-client': dist('index.js') },
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0].contents;
  const inputs = Object.keys(result.metafile.inputs);
  return { min: bytes.length, gz: gzipSync(bytes, { level: 9 }).length, inputs };
}

const enforceBudgets = process.argv.includes('--enforce-budgets');
let failed = false;
const rows = [];
for (const c of cases) {
  const { min, gz, inputs } = await measure(c.code);
  const hasXstate = inputs.some((i) => i.includes('node_modules/xstate/'));
  const over = c.budget !== undefined && gz > c.budget;
  const leak = c.noXstate && hasXstate;
  if (leak || (over && enforceBudgets)) failed = true;
  rows.push({
    bundle: c.name,
    'min (B)': min,
    'min+gz (B)': gz,
    budget: c.budget ?? '-',
    xstate: hasXstate ? 'yes' : 'no',
    verdict: leak
      ? 'CONTAINS XSTATE'
      : over
        ? enforceBudgets
          ? 'OVER BUDGET'
          : 'over budget (not enforced)'
        : 'ok',
  });
}
console.table(rows);
if (failed) {
  console.error('size check failed');
  process.exit(1);
}
