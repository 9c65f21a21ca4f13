// pam-client/internal is not public: it holds only what another entry (the machines, the bindings,
// the test kit) imports from the core across the package boundary. A name nothing imports is
// plumbing made public for no one: it goes back behind the line (or, if an app needs it, into
// pam-client with a CHANGELOG line).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The names a module lists in `export { ... }` / `export type { ... }` (aliases by their public name). */
function exportedNames(text: string): string[] {
  return [...text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((part) => part.trim().replace(/^type\s+/, ''))
      .filter(Boolean)
      .map((part) =>
        part
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      ),
  );
}

/** The names imported or re-exported from `pam-client/internal` by the files under `dir`. */
function importedFromInternal(dir: string): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(join(root, dir))) {
    const path = join(dir, entry);
    if (statSync(join(root, path)).isDirectory()) names.push(...importedFromInternal(path));
    else if (/\.(ts|tsx)$/.test(entry) && path !== join('src', 'internal.ts')) {
      const text = readFileSync(join(root, path), 'utf8');
      for (const m of text.matchAll(
        /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'pam-client\/internal'/g,
      ))
        names.push(
          ...m[1]!
            .split(',')
            .map((part) => part.trim().replace(/^type\s+/, ''))
            .filter(Boolean)
            .map((part) => part.split(/\s+as\s+/)[0]!.trim()),
        );
    }
  }
  return names;
}

describe('pam-client/internal', () => {
  it('exports only names another entry imports', () => {
    const exported = exportedNames(readFileSync(join(root, 'src/internal.ts'), 'utf8'));
    const imported = new Set([...importedFromInternal('machines'), ...importedFromInternal('src')]);
    expect(exported.length).toBeGreaterThan(10);
    expect(exported.filter((name) => !imported.has(name))).toEqual([]);
  });

  it('is imported only by names it exports (no import of a name it lacks)', () => {
    const exported = new Set(exportedNames(readFileSync(join(root, 'src/internal.ts'), 'utf8')));
    const imported = [...importedFromInternal('machines'), ...importedFromInternal('src')];
    expect(imported.length).toBeGreaterThan(10);
    expect(imported.filter((name) => !exported.has(name))).toEqual([]);
  });

  it('holds at most 12 runtime names, and pam-client/machines at most 24 (issue 33, the public line)', async () => {
    const internal = await import('../../src/internal');
    const machines = await import('../../machines/index');
    expect(Object.keys(internal).length).toBeGreaterThan(0);
    expect(Object.keys(internal).length).toBeLessThanOrEqual(12);
    expect(Object.keys(machines).length).toBeLessThanOrEqual(24);
  });
});
