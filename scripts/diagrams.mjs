// `npm run diagrams`: writes docs/machines/<machine>.md (Mermaid), .json and .svg (laid out by
// ELK) from the machine definitions. Works on a clean clone: esbuild bundles
// tools/diagrams/generate.ts with the machines and pam-client's sources (no build needed), and
// this script writes what it returns. docs/machines/descriptions.json is written by hand.
//
//   node scripts/diagrams.mjs           write the files (and delete stale ones in docs/machines)
//   node scripts/diagrams.mjs --check   write nothing; exit 1 if a file differs

import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { closeSources, importSources, ROOT as root } from './review/sources.mjs';

const check = process.argv.includes('--check');

async function readOrNull(path) {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

const { generateDiagramFiles, DIAGRAMS_DIR } = await importSources('tools/diagrams/generate.ts');
const files = await generateDiagramFiles();
await closeSources();
const wanted = new Set(files.map((f) => f.path));
const existing = (await readdir(join(root, DIAGRAMS_DIR)).catch(() => []))
  .filter((name) => /\.(md|json|svg)$/.test(name) && name !== 'descriptions.json')
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
