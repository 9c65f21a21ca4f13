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

  it('the machines entry does not expose machine internals', async () => {
    const machines = await import('pam-client/machines');
    for (const name of [
      'asPamError',
      'backoffDelay',
      'clampDelay',
      'isTransient',
      'requestLogin',
      'CLAIM_TTL_MS',
      'LOST_RACE_GRACE_MS',
    ])
      expect(machines).not.toHaveProperty(name);
  });

  it('the core entry does not expose schema building blocks', async () => {
    const core = await import('pam-client');
    for (const name of [
      'optionalString',
      'nullableString',
      'parseRequest',
      'parseResponse',
      'parseStoredSession',
      'PositiveInt',
    ])
      expect(core).not.toHaveProperty(name);
  });
});
