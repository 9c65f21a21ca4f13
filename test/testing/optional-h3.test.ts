import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { H3_MISSING_MESSAGE } from 'pam-client/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isModuleMissing, loadOptional } from '../../src/testing/optional-h3';

// h3 is an optional peer (issue 11 item 2): without it, the testing entry still imports, and
// starting a server (or the first in-process request) fails with a message saying what to install.

const run = promisify(execFile);
const entry = fileURLToPath(new URL('../../src/testing/index.ts', import.meta.url));

// Makes 'h3' (and its subpaths) unresolvable, exactly as when it is not installed.
const WITHOUT_H3_HOOKS = `
export async function resolve(specifier, context, next) {
  if (specifier === 'h3' || specifier.startsWith('h3/')) {
    const error = new Error("Cannot find package '" + specifier.split('/')[0] + "' imported from " + context.parentURL);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}`;

const SCRIPT = `
import { register } from 'node:module';
register('./hooks.mjs', import.meta.url);
const kit = await import('./testing.mjs');
const report = { imported: typeof kit.startReferenceServer === 'function' };
try { await kit.startReferenceServer(); } catch (error) { report.server = error.message; }
try { await kit.createReferenceFetch()('http://pam.test/auth/login'); } catch (error) { report.fetch = error.message; }
console.log(JSON.stringify(report));
`;

describe('pam-client/testing without h3', () => {
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pam-no-h3-'));
    await build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'node',
      external: ['h3', 'h3/*'],
      outfile: join(dir, 'testing.mjs'),
      logLevel: 'silent',
    });
    writeFileSync(join(dir, 'hooks.mjs'), WITHOUT_H3_HOOKS);
    writeFileSync(join(dir, 'main.mjs'), SCRIPT);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports, and says to install h3 when a server starts or the in-process fetch is called', async () => {
    const { stdout } = await run(process.execPath, [join(dir, 'main.mjs')], { cwd: dir, timeout: 20000 });
    expect(JSON.parse(stdout)).toEqual({
      imported: true,
      server: H3_MISSING_MESSAGE,
      fetch: H3_MISSING_MESSAGE,
    });
    expect(H3_MISSING_MESSAGE).toContain('npm i -D h3');
  });

  it("recognises Node's own error for a missing package, and passes other failures through", async () => {
    const probe =
      "import('pam-no-such-package-x').catch((e) => console.log(JSON.stringify({ code: e.code, message: e.message })))";
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', probe], { timeout: 20000 });
    const real = Object.assign(new Error(), JSON.parse(stdout));
    expect(isModuleMissing(real, 'pam-no-such-package-x')).toBe(true);
    expect(isModuleMissing(real, 'h3')).toBe(false);

    const missing = loadOptional('pam-no-such-package-x', () => Promise.reject(real), 'install it');
    await expect(missing).rejects.toMatchObject({ message: 'install it', cause: real });
    const broken = new SyntaxError('Unexpected token in h3');
    await expect(loadOptional('h3', () => Promise.reject(broken), 'install it')).rejects.toBe(broken);
  });
});
