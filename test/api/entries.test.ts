// Every entry lists its exports by name: no `export *` (or `export type *`), so the public surface
// changes only by an edit to the entry (and then api/*.api.md, `npm run api:check`).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { exports: Record<string, unknown> };

/** The source of each package entry, from tsconfig.json's paths (what tests and examples use). */
const ENTRY_SOURCES: Record<string, string> = {
  '.': 'src/index.ts',
  './schemas': 'src/schemas/index.ts',
  './machines': 'machines/index.ts',
  './vue': 'src/bindings/vue.ts',
  './svelte': 'src/bindings/svelte.ts',
  './vanilla': 'src/bindings/vanilla.ts',
  './react': 'src/bindings/react.ts',
  './testing': 'src/testing/index.ts',
  './testing/msw': 'src/testing/msw.ts',
  './internal': 'src/internal.ts',
  './server': 'src/server/index.ts',
  './otel': 'machines/otel/index.ts',
  './devtools': 'machines/devtools.ts',
};

describe('package entries', () => {
  it('every export of package.json has a known source', () => {
    const keys = Object.keys(pkg.exports).filter((k) => k !== './package.json');
    expect(keys.sort()).toEqual(Object.keys(ENTRY_SOURCES).sort());
  });

  it.each(Object.entries(ENTRY_SOURCES))('%s (%s) has no export *', (_entry, file) => {
    const text = readFileSync(`${root}${file}`, 'utf8');
    expect(text.match(/^\s*export\s+(type\s+)?\*.*$/gm) ?? []).toEqual([]);
  });

  // The surface of each entry is its API report (API Extractor, api/<entry>.api.md, checked by
  // `npm run api:check` on the build): every value an entry exports at run time is declared there,
  // and nothing more, so an export added or removed without updating the report fails here too.
  it.each(Object.entries(ENTRY_SOURCES))(
    '%s (%s) exports at run time exactly the values of its API report',
    async (entry, source) => {
      const file = entry === '.' ? 'index' : entry.slice(2).replaceAll('/', '-');
      const report = readFileSync(`${root}api/${file}.api.md`, 'utf8');
      // A class the entry exports with `export type { ... }` is a type there (the report still says
      // `class`): `IncomeReportFailedError` in pam-client/machines.
      const typeOnly = new Set(
        [...readFileSync(`${root}${source}`, 'utf8').matchAll(/export\s+type\s+\{([^}]*)\}/g)].flatMap((m) =>
          m[1]!.split(',').map((name) => name.trim()),
        ),
      );
      const declared = [
        ...report.matchAll(/^export (?:declare )?(?:abstract )?(?:const|let|function|class|enum) (\w+)/gm),
      ]
        .map((m) => m[1])
        .filter((name) => !typeOnly.has(name!));
      const runtime = Object.keys(await import(/* @vite-ignore */ `${root}${source}`));
      expect(declared.length).toBeGreaterThan(0);
      expect(runtime.sort()).toEqual([...new Set(declared)].sort());
    },
  );
});
