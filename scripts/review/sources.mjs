// Imports a TypeScript module of this repository in Node with Vite's module runner (as the tests
// do), the `pam-client*` entry names resolved to the sources as tsconfig.json's `paths` say, so no
// library build is needed. Used by `npm run diagrams` and `npm run review`.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** `pam-client`, `pam-client/machines`, … → their source files, from tsconfig.json `paths`. */
function aliases() {
  const paths = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')).compilerOptions.paths;
  return Object.entries(paths).map(([name, [target]]) => ({
    find: new RegExp(`^${name.replace(/[/-]/g, '\\$&')}$`),
    replacement: join(ROOT, target),
  }));
}

/**
 * Imports `entry` (relative to the repository root) from the sources.
 *
 * @example
 * const { generateDiagramFiles } = await importSources('tools/diagrams/generate.ts');
 */
export async function importSources(entry) {
  const { module } = await runnerImport(join(ROOT, entry), {
    root: ROOT,
    configFile: false,
    logLevel: 'error',
    resolve: { alias: aliases() },
  });
  return module;
}
