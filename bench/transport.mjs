// `node bench/transport.mjs [--quick] [--root ../other]`: bundles bench/transport.ts (as bench/run.mjs
// bundles the suite) and runs it: getLoginHistory's request over loopback as bare fetch, with each
// thing the client's transport adds (redirect: 'manual', a signal and its timer, ofetch), and
// through the client, ratios to bare in wall-clock and CPU time. Never part of `npm test`.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = resolve(here, '..');
const args = process.argv.slice(2);
const rootAt = args.indexOf('--root');
const root = rootAt === -1 ? repo : resolve(args[rootAt + 1]);
const outDir = resolve(repo, 'node_modules/.cache/pam-client-bench');
mkdirSync(outDir, { recursive: true });

await build({
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  alias: {
    'pam-client/testing': resolve(root, 'src/testing/index.ts'),
    'pam-client': resolve(root, 'src/index.ts'),
  },
  entryPoints: [resolve(here, 'transport.ts')],
  outfile: resolve(outDir, 'transport.mjs'),
});

console.log(`load average (1 min) before: ${loadavg()[0].toFixed(2)}`);
const run = spawnSync(
  process.execPath,
  [resolve(outDir, 'transport.mjs'), ...args.filter((a) => a === '--quick')],
  {
    stdio: 'inherit',
  },
);
console.log(`load average (1 min) after: ${loadavg()[0].toFixed(2)}`);
process.exit(run.status ?? 1);
