// Review 119 (LOW): the README and docs/*.md shipped in the tarball linked to pages the tarball did
// not hold (docs/machines/*.md, docs/apps/*.md): dead on npmjs.com and in node_modules. They ship
// now (package.json `files`). Left out on purpose, the repository's development material: the
// review book's screenshots (3.3 MB of PNG), the API reports (api/), the bench's figures and the
// sources the machines' pages cite.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { expect, test } from 'vitest';
import { PKG } from './tarball';

function deadLinks(file: string): string[] {
  const text = readFileSync(join(PKG, file), 'utf8');
  const dead: string[] = [];
  for (const m of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
    const target = m[1]!;
    if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue;
    // (The repository's development material: screenshots, API reports, bench figures, sources.)
    if (/^(\.\.\/)*(docs\/)?(screenshots\/|api\/|bench\/)/.test(normalize(join(dirname(file), target))))
      continue;
    if (/\.(ts|mjs)$/.test(target)) continue;
    const path = normalize(join(dirname(join(PKG, file)), target));
    if (!existsSync(path)) dead.push(`${file} -> ${target}`);
  }
  return dead;
}

test('every relative link of the shipped README and docs to a page or a diagram reaches a shipped file', () => {
  const files = [
    'README.md',
    ...['docs', 'docs/apps', 'docs/machines'].flatMap((dir) =>
      readdirSync(join(PKG, dir))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `${dir}/${f}`),
    ),
  ];
  const dead = files.flatMap(deadLinks);
  expect(dead).toEqual([]);
});
