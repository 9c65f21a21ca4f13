// Imports a TypeScript module of this repository in Node with Vite's module runner (as the tests
// do), the `pam-client*` entry names resolved to the sources as tsconfig.json's `paths` say, so no
// library build is needed. Used by `npm run diagrams` and `npm run review`.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, createServerModuleRunner } from 'vite';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** `pam-client`, `pam-client/machines`, … → their source files, from tsconfig.json `paths`. */
function aliases() {
  const paths = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')).compilerOptions.paths;
  return Object.entries(paths).map(([name, [target]]) => ({
    find: new RegExp(`^${name.replace(/[/-]/g, '\\$&')}$`),
    replacement: join(ROOT, target),
  }));
}

let runner;
let server;

/**
 * Imports `entry` (relative to the repository root) from the sources. One module runner serves
 * every import (modules that load others lazily keep working); `closeSources()` ends it.
 *
 * @example
 * const { generateDiagramFiles } = await importSources('tools/diagrams/generate.ts');
 */
export async function importSources(entry) {
  if (!runner) {
    server = await createServer({
      root: ROOT,
      configFile: false,
      logLevel: 'error',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, watch: null },
      resolve: { alias: aliases() },
    });
    runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
  }
  return runner.import(join(ROOT, entry));
}

/** Ends the module runner of `importSources`. */
export async function closeSources() {
  await runner?.close();
  await server?.close();
  runner = undefined;
  server = undefined;
}
