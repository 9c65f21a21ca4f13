// `npm run diagrams`: writes docs/machines/<machine>.md (Mermaid) and .json from the machine
// definitions. Works on a clean clone: esbuild bundles tools/diagrams/generate.ts with the
// machines and pam-client's sources (no build needed), and this script writes what it returns.
//
//   node scripts/diagrams.mjs           write the files (and delete stale ones in docs/machines)
//   node scripts/diagrams.mjs --check   write nothing; exit 1 if a file differs

import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

/** `pam-client` and `pam-client/machines` resolve to the sources, like the vitest aliases. */
const pamClientSources = {
  name: 'pam-client-sources',
  setup(b) {
    b.onResolve({ filter: /^pam-client(\/machines)?$/ }, (args) => ({
      path: join(root, args.path === 'pam-client' ? 'src/index.ts' : 'machines/index.ts'),
    }));
  },
};

async function loadGenerator() {
  const dir = await mkdtemp(join(tmpdir(), 'pam-diagrams-'));
  const outfile = join(dir, 'generate.mjs');
  try {
    await build({
      entryPoints: [join(root, 'tools/diagrams/generate.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      logLevel: 'warning',
      plugins: [pamClientSources],
    });
    return await import(pathToFileURL(outfile).href);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function readOrNull(path) {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

const { generateDiagramFiles, DIAGRAMS_DIR } = await loadGenerator();
const files = generateDiagramFiles();
const wanted = new Set(files.map((f) => f.path));
const existing = (await readdir(join(root, DIAGRAMS_DIR)).catch(() => []))
  .filter((name) => name.endsWith('.md') || name.endsWith('.json'))
  .map((name) => `${DIAGRAMS_DIR}/${name}`);
const stale = existing.filter((path) => !wanted.has(path));

let differing = 0;
for (const file of files) {
  const target = join(root, file.path);
  if ((await readOrNull(target)) === file.content) continue;
  differing++;
  if (check) console.error(`differs: ${file.path}`);
  else {
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.content);
    console.log(`wrote ${relative(root, target)}`);
  }
}
for (const path of stale) {
  differing++;
  if (check) console.error(`stale: ${path}`);
  else {
    await rm(join(root, path));
    console.log(`deleted ${path}`);
  }
}

if (check && differing > 0) {
  console.error(`${differing} diagram file(s) out of date: run \`npm run diagrams\``);
  process.exit(1);
}
if (differing === 0) console.log(`${files.length} diagram files up to date in ${DIAGRAMS_DIR}/`);
