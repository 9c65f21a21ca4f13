// Loads the INSTALLED tarball (an app folder with it installed: PAM_TARBALL_APP, made by
// scripts/tarball-tests.sh), never the source tree. Review 119's black-box checks of the package
// as users get it: run with `npm run test:tarball` (CI's package steps), not part of `npm test`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const app = process.env.PAM_TARBALL_APP;
if (!app)
  throw new Error(
    'PAM_TARBALL_APP is not set: run these through `npm run test:tarball` (scripts/tarball-tests.sh).',
  );
export const APP: string = app;
export const PKG = join(APP, 'node_modules', 'pam-client');
export const appRequire = createRequire(join(APP, 'package.json'));

type Exports = Record<string, { import: { default: string }; require: { default: string } }>;
const manifest = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8')) as { exports: Exports };

/** The ESM file of `pam-client<sub>`, imported natively (as an app's `import` gets it). */
export async function esm<T = Record<string, unknown>>(sub = '.'): Promise<T> {
  const file = join(PKG, manifest.exports[sub]!.import.default);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as T;
}

/** The CJS form of `pam-client<sub>`, through `require` of the app (as a CJS app gets it). */
export function cjs<T = Record<string, unknown>>(sub = ''): T {
  return appRequire(`pam-client${sub}`) as T;
}

/** xstate as the app installed it (one copy with the tarball's). */
export async function xstate(): Promise<typeof import('xstate')> {
  const file = join(APP, 'rev119-xstate.mjs');
  writeFileSync(file, "export * from 'xstate';\n");
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as typeof import('xstate');
}
