#!/usr/bin/env node
// Counts the files a walk crosses: for each named test under test/walks/, the files of machines/
// and src/ whose functions ran inside the test's window (test/walks/walk.ts: V8's precise coverage
// through node:inspector, counters reset when the walk begins, so the set-up before it is left out).
//
// How a file is counted: at least one of its functions was called in the window. Not counted: a
// module's own evaluation (a module first imported in the window; listed apart) and the test
// runner's export getters (`() => { try { return x } catch {} }`: reading an imported binding is
// not running the module's code). The reference server (src/testing/) is the other end of the wire:
// listed apart, not counted. Files are found from what ran, never from a list, so files that move
// or split are counted where they are.
//
//   npm run walks                    # both walks: each file list and its count
//   npm run walks -- --walk 401      # the walks whose name contains "401"
//   npm run walks -- --json          # the counts and lists as JSON
//   npm run walks -- --functions     # with the names of the functions that ran in each file

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const WALKS = [
  {
    name: 'a 401 during a profile read',
    file: 'test/walks/profile-401.test.ts',
    test: 'the session reads the profile, is refused, refreshes and reads again',
  },
  {
    name: "another tab's login",
    file: 'test/walks/other-tab-login.test.ts',
    test: 'a signed-out tab hears the login over the channel and adopts the session',
  },
];

const args = process.argv.slice(2);
const json = args.includes('--json');
const verbose = args.includes('--functions');
const only = args.includes('--walk') ? args[args.indexOf('--walk') + 1] : null;

/** The test runner's getter for an export (vite's SSR transform), not the module's own code. */
const EXPORT_GETTER =
  /^\(\)\s*=>\s*\{\s*try\s*\{\s*return\s+[\w$.]+;?\s*\}\s*catch\s*(\(\w*\)\s*)?\{\s*\}\s*\}$/;

const literal = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function run(walk) {
  const dir = mkdtempSync(join(tmpdir(), 'pam-walk-'));
  const out = join(dir, 'ran.json');
  try {
    const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
    const done = spawnSync(
      process.execPath,
      [vitest, 'run', '--project', 'node', walk.file, '-t', `${literal(walk.test)}$`],
      { cwd: root, env: { ...process.env, PAM_WALK_OUT: out }, encoding: 'utf8' },
    );
    let ran;
    try {
      ran = JSON.parse(readFileSync(out, 'utf8'));
    } catch {
      ran = null;
    }
    if (done.status !== 0 || !ran) {
      process.stderr.write(`${done.stdout}\n${done.stderr}\n`);
      throw new Error(
        `walk "${walk.name}": ${done.status !== 0 ? `the test failed (exit ${done.status})` : 'its window never closed'} (${walk.file})`,
      );
    }
    return ran;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function count(walk) {
  const files = new Map(); // path -> { called, evaluated }
  for (const fn of run(walk)) {
    const path = relative(root, fileURLToPath(fn.url)).split('\\').join('/');
    if (!/^(machines|src)\//.test(path)) continue;
    const entry = files.get(path) ?? { called: 0, evaluated: false, names: [] };
    if (fn.module) entry.evaluated = true;
    else if (!EXPORT_GETTER.test(fn.text.trim())) {
      entry.called += 1;
      entry.names.push(fn.name || `(anonymous: ${fn.text.slice(0, 40).replace(/\s+/g, ' ')})`);
    }
    files.set(path, entry);
  }
  const sorted = [...files.entries()].sort(([a], [b]) => a.localeCompare(b));
  const server = (p) => p.startsWith('src/testing/');
  const crossed = sorted.filter(([p, e]) => e.called > 0 && !server(p));
  return {
    name: walk.name,
    test: `${walk.file} > ${walk.test}`,
    count: crossed.length,
    machines: crossed.filter(([p]) => p.startsWith('machines/')).length,
    src: crossed.filter(([p]) => p.startsWith('src/')).length,
    files: crossed.map(([p, e]) => ({ path: p, functions: e.called, names: e.names })),
    server: sorted.filter(([p, e]) => e.called > 0 && server(p)).map(([p]) => p),
    evaluatedOnly: sorted.filter(([, e]) => e.called === 0 && e.evaluated).map(([p]) => p),
  };
}

const walks = WALKS.filter((w) => !only || w.name.includes(only));
if (walks.length === 0) throw new Error(`no walk named like "${only}"`);
const results = walks.map(count);

if (json) {
  console.log(JSON.stringify(results, null, 2));
} else {
  for (const r of results) {
    console.log(`\n${r.name}: ${r.count} files (machines/ ${r.machines}, src/ ${r.src}) in ${r.test}`);
    for (const f of r.files) {
      console.log(`  ${f.path}  (${f.functions} function${f.functions === 1 ? '' : 's'})`);
      if (verbose) console.log(`      ${f.names.join(', ')}`);
    }
    if (r.evaluatedOnly.length > 0)
      console.log(`  evaluated only, not counted: ${r.evaluatedOnly.join(', ')}`);
    if (r.server.length > 0) console.log(`  the reference server, not counted: ${r.server.join(', ')}`);
  }
  console.log(`\n${results.map((r) => `${r.name}: ${r.count}`).join('; ')}`);
}
