// The API reports: API Extractor run once per package entry (it takes one entry point per
// configuration; the shared settings are in api-extractor.json). Each entry's surface is written to
// api/<entry>.api.md (checked in) with its release tags.
//
//   npm run api                   # (after `npm run build`) rewrite api/*.api.md
//   npm run api:check             # fail when the built surface differs from the checked-in report
//   node scripts/api-extractor.mjs --check --dist /tmp/x-dist   # a build elsewhere than dist/
//
// The surface changes only on purpose: a difference fails CI until the report is updated in the
// same commit (and, for a removal or rename, CHANGELOG.md says so).
//
// One check of our own beside API Extractor's, which reads only the types: the values a report
// declares (`export const|function|class`) are the entry's run-time exports, no more, no fewer. The
// bundled .d.ts once re-exported a name that is both a schema and a type whole, so the types
// claimed values the code did not have.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const distArg = args.indexOf('--dist');
const dist = distArg >= 0 ? resolve(args[distArg + 1]) : join(root, 'dist');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// api-extractor.json has comments: ExtractorConfig reads it as JSONC.
const base = ExtractorConfig.loadFile(join(root, 'api-extractor.json'));

/** Entry name ('.' -> 'index', './testing/msw' -> 'testing-msw') and its ESM types in `dist`. */
const entries = Object.entries(pkg.exports)
  .filter(([key, value]) => typeof value === 'object' && key !== './package.json')
  .map(([key, value]) => ({
    key: key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`,
    file: key === '.' ? 'index' : key.slice(2).replaceAll('/', '-'),
    types: join(dist, value.import.types.replace(/^\.\/dist\//, '')),
    code: join(dist, value.import.default.replace(/^\.\/dist\//, '')),
  }));

/** The value names a report declares, against the entry's run-time exports. */
async function valuesDiffer(entry) {
  let runtime;
  try {
    runtime = Object.keys(await import(pathToFileURL(entry.code).href));
  } catch (error) {
    // A build outside the package (--dist /tmp/...) cannot resolve its dependencies: say so.
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    console.warn(`api: ${entry.key}: run-time exports not checked (${error.message.split('\n')[0]})`);
    return false;
  }
  const report = readFileSync(join(root, 'api', `${entry.file}.api.md`), 'utf8');
  const declared = [
    ...report.matchAll(/^export (?:declare )?(?:abstract )?(?:const|let|function|class|enum) (\w+)/gm),
  ];
  const values = new Set(declared.map((m) => m[1]));
  const typesOnly = [...values].filter((n) => !runtime.includes(n));
  const undeclared = runtime.filter((n) => !values.has(n));
  for (const n of typesOnly)
    console.error(`api: ${entry.key}: the types declare a value \`${n}\` the code does not export`);
  for (const n of undeclared)
    console.error(`api: ${entry.key}: the code exports \`${n}\`, the types do not declare it`);
  return typesOnly.length + undeclared.length > 0;
}

// `pam-client/*` imports between entries resolve to the same build (an external package for the report).
const paths = Object.fromEntries(entries.map((e) => [e.key, [e.types]]));
const temp = join(tmpdir(), `pam-client-api-${process.pid}`);
mkdirSync(temp, { recursive: true });

let failed = 0;
for (const entry of entries) {
  if (!existsSync(entry.types)) {
    console.error(`api: ${entry.types} is missing; run \`npm run build\` first.`);
    process.exit(2);
  }
  const config = ExtractorConfig.prepare({
    configObject: {
      ...base,
      projectFolder: root,
      mainEntryPointFilePath: entry.types,
      apiReport: { ...base.apiReport, reportFileName: entry.file, reportTempFolder: temp },
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            lib: ['ES2022', 'DOM', 'DOM.Iterable'],
            strict: true,
            skipLibCheck: true,
            types: ['node'],
            paths,
          },
          files: [entry.types],
        },
      },
    },
    configObjectFullPath: join(root, 'api-extractor.json'),
    packageJsonFullPath: join(root, 'package.json'),
  });
  const result = Extractor.invoke(config, {
    localBuild: !check,
    messageCallback(message) {
      // The compiler's and API Extractor's own progress lines: only problems are printed.
      if (message.logLevel === 'info' || message.logLevel === 'verbose') message.handled = true;
    },
  });
  if (check && result.apiReportChanged) {
    failed++;
    console.error(`api:check: ${entry.key} differs from api/${entry.file}.api.md`);
  } else if (!result.succeeded) {
    failed++;
    console.error(`api: ${entry.key}: ${result.errorCount} errors, ${result.warningCount} warnings`);
  } else if (await valuesDiffer(entry)) failed++;
  else console.log(`api${check ? ':check' : ''}: ${entry.key} ok -> api/${entry.file}.api.md`);
}
// One copy of the core in the build: what pam-client/internal (the machines' way in) makes is
// pam-client's own class, so `instanceof PamError` holds across entries.
const byKey = Object.fromEntries(entries.map((e) => [e.key, e]));
try {
  const core = await import(pathToFileURL(byKey['pam-client'].code).href);
  const internal = await import(pathToFileURL(byKey['pam-client/internal'].code).href);
  if (!(internal.asPamError(new Error('probe')) instanceof core.PamError)) {
    failed++;
    console.error('api: pam-client/internal holds a second copy of PamError (check the build chunks)');
  }
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  console.warn('api: one-core check skipped (dependencies not resolvable from this build)');
}

if (failed) {
  if (check)
    console.error(
      '\nIf intended, run `npm run build && npm run api` and commit api/ (and a CHANGELOG.md line for a removal or rename).',
    );
  process.exit(1);
}
