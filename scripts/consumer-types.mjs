// `node scripts/consumer-types.mjs [--dist <dir>] [--pinned-only]`: type-checks, as a strict user
// would, a consumer that imports every public entry of the built package, with
// `skipLibCheck: false` (so the published .d.ts files are checked, not skipped) and `strict`, under
// `moduleResolution` `bundler` and `nodenext`, on two compilers: the TypeScript this repository
// pins (its own node_modules, 5.9) and the newest published one (`npm install typescript@latest`
// into a temporary folder at check time, never into the repository's node_modules). A type error
// in a .d.ts we ship (e.g. TS2411 in dist/machines.d.ts) fails the check on either compiler.
// Needs a build (`npm run build`, or `--dist` for a build elsewhere, e.g. `npx tsup --out-dir`).
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
};
const dist = resolve(arg('--dist') ?? join(repo, 'dist'));
const pinnedOnly = process.argv.includes('--pinned-only');
const keep = process.argv.includes('--keep');
if (!existsSync(join(dist, 'index.d.ts'))) {
  console.error(`consumer-types: no build in ${dist} (run \`npm run build\` or pass --dist)`);
  process.exit(2);
}

const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
// Every entry a user can import (not package.json itself).
const entries = Object.keys(pkg.exports)
  .filter((k) => k !== './package.json')
  .map((k) => (k === '.' ? pkg.name : `${pkg.name}/${k.slice(2)}`));

const work = mkdtempSync(join(tmpdir(), 'pam-consumer-types-'));
const cleanup = () => keep || rmSync(work, { recursive: true, force: true });
process.on('exit', cleanup);

// The package as installed: its package.json and a copy of the build (a copy, not a link: the
// compiler resolves a .d.ts's imports from where the file really is), under node_modules/pam-client. Its
// own dependencies (xstate, zod, ofetch, the framework peers) resolve from the repository's
// node_modules, as an app's install would provide them.
const installed = join(work, 'node_modules', pkg.name);
mkdirSync(installed, { recursive: true });
cpSync(join(repo, 'package.json'), join(installed, 'package.json'));
cpSync(dist, join(installed, 'dist'), { recursive: true });
for (const name of [
  'xstate',
  'zod',
  'ofetch',
  'vue',
  'react',
  '@types/react',
  'svelte',
  'h3',
  'msw',
  '@opentelemetry/api',
  '@types/node',
]) {
  const from = join(repo, 'node_modules', name);
  if (!existsSync(from)) continue;
  mkdirSync(dirname(join(work, 'node_modules', name)), { recursive: true });
  symlinkSync(from, join(work, 'node_modules', name), 'dir');
}
writeFileSync(
  join(work, 'package.json'),
  `${JSON.stringify({ name: 'consumer', private: true, type: 'module' })}\n`,
);
// Every entry, all of its exports used, so each declaration file is loaded and checked.
writeFileSync(
  join(work, 'consumer.ts'),
  `${entries.map((e, i) => `import * as entry${i} from '${e}';`).join('\n')}\n` +
    `export const entries = [${entries.map((_, i) => `entry${i}`).join(', ')}] as const;\n` +
    `export type Everything = { [K in keyof typeof entries]: keyof (typeof entries)[K] };\n`,
);
const tsconfig = (moduleResolution) => ({
  compilerOptions: {
    target: 'ES2022',
    module: moduleResolution === 'bundler' ? 'ESNext' : 'NodeNext',
    moduleResolution,
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: ['node'],
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    exactOptionalPropertyTypes: false,
  },
  files: ['consumer.ts'],
});
for (const mr of ['bundler', 'nodenext'])
  writeFileSync(join(work, `tsconfig.${mr}.json`), `${JSON.stringify(tsconfig(mr), null, 2)}\n`);

const compilers = [['pinned', join(repo, 'node_modules', 'typescript', 'bin', 'tsc')]];
if (!pinnedOnly) {
  const latest = join(work, 'latest-typescript');
  mkdirSync(latest);
  writeFileSync(join(latest, 'package.json'), '{"name":"latest-typescript","private":true}\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', 'typescript@latest'], {
    cwd: latest,
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 180_000,
  });
  compilers.push(['latest', join(latest, 'node_modules', 'typescript', 'bin', 'tsc')]);
}

let failed = false;
for (const [label, tsc] of compilers) {
  const version = execFileSync(process.execPath, [tsc, '--version'], { encoding: 'utf8' }).trim();
  for (const mr of ['bundler', 'nodenext']) {
    try {
      execFileSync(process.execPath, [tsc, '-p', `tsconfig.${mr}.json`], {
        cwd: work,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 300_000,
      });
      console.log(
        `consumer-types: ok   ${version} (${label}), moduleResolution ${mr}, ${entries.length} entries`,
      );
    } catch (e) {
      failed = true;
      const out = `${e.stdout ?? ''}${e.stderr ?? ''}`.replaceAll(work, '<consumer>');
      console.error(`consumer-types: FAIL ${version} (${label}), moduleResolution ${mr}:\n${out}`);
    }
  }
}
if (failed) {
  console.error('consumer-types: the published types do not pass a strict consumer with skipLibCheck: false');
  process.exitCode = 1;
}
