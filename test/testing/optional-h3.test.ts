import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { H3_MISSING_MESSAGE } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { isModuleMissing, loadOptional } from '../../src/testing/optional-h3';
import { useTestingEntryUnderHooks } from '../support/testing-entry-under-hooks';

// h3 is an optional peer (issue 11 item 2): without it, the testing entry still imports, and
// starting a server (or the first in-process request) fails with a message saying what to install.

const run = promisify(execFile);

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

describe('pam-client/testing without h3', () => {
  const entry = useTestingEntryUnderHooks({ 'hooks.mjs': WITHOUT_H3_HOOKS });

  it('imports, and says to install h3 when a server starts or the in-process fetch is called', async () => {
    expect(await entry.report()).toEqual({
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
