// The testing entry (src/testing/index.ts) bundled with h3 left to Node, run in a child Node under
// module hooks a test writes (an h3 missing, or of the wrong major): what a project importing
// `pam-client/testing` with that h3 gets.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll } from 'vitest';

const entry = fileURLToPath(new URL('../../src/testing/index.ts', import.meta.url));

// Imports the bundle under ./hooks.mjs, starts a server and calls the in-process fetch, and prints
// whether it imported and each one's error message.
const SCRIPT = `
import { register } from 'node:module';
register('./hooks.mjs', import.meta.url);
const kit = await import('./testing.mjs');
const report = { imported: typeof kit.startReferenceServer === 'function' };
try { await kit.startReferenceServer(); } catch (error) { report.server = error.message; }
try { await kit.createReferenceFetch()('http://pam.test/auth/login'); } catch (error) { report.fetch = error.message; }
console.log(JSON.stringify(report));
`;

/**
 * Bundles the testing entry once for the file into a temporary folder with `files` (`hooks.mjs`,
 * the module hooks, and what they resolve to), removed after; `report()` runs it in a child Node:
 * `{ imported, server, fetch }`, the last two the errors' messages.
 */
export function useTestingEntryUnderHooks(files: Record<string, string>): { report(): Promise<unknown> } {
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pam-testing-hooks-'));
    await build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'node',
      external: ['h3', 'h3/*'],
      outfile: join(dir, 'testing.mjs'),
      logLevel: 'silent',
    });
    for (const [name, text] of Object.entries({ ...files, 'main.mjs': SCRIPT }))
      writeFileSync(join(dir, name), text);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    async report() {
      const run = promisify(execFile);
      const { stdout } = await run(process.execPath, [join(dir, 'main.mjs')], { cwd: dir, timeout: 20000 });
      return JSON.parse(stdout);
    },
  };
}
