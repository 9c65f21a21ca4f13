// What the bench's runners share: the checkout to measure (`--root ../other`, else this one) and
// one esbuild bundle of a bench entry, written inside node_modules so its bare imports (zod,
// ofetch, xstate, h3, tinybench) resolve to this checkout's dependencies.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
export const repo = resolve(here, '..');
export const args = process.argv.slice(2);
const rootAt = args.indexOf('--root');
/** The checkout whose src/ is measured. */
export const root = rootAt === -1 ? repo : resolve(args[rootAt + 1]);
// PAM_BENCH_TAG=-x: a cache of its own (node_modules may be shared by several checkouts).
export const outDir = resolve(repo, `node_modules/.cache/pam-client-bench${process.env.PAM_BENCH_TAG ?? ''}`);

/** esbuild's options for a bench bundle: `root`'s sources under the package's names, dependencies external. */
export const buildOptions = {
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
    'pam-client/schemas': resolve(root, 'src/schemas/index.ts'),
    'pam-client': resolve(root, 'src/index.ts'),
  },
};

/** Bundles bench/<name>.ts against `root`'s sources; the path of the bundle. */
export async function bundle(name) {
  mkdirSync(outDir, { recursive: true });
  const outfile = resolve(outDir, `${name}.mjs`);
  await build({ ...buildOptions, entryPoints: [resolve(here, `${name}.ts`)], outfile });
  return outfile;
}
