// The floor of each size row over its budget, proven by builds (issue 33: a budget may be called
// out of reach only with the builds that show it). Run `npm run build` first, then
//
//   node scripts/size-floor.mjs              every app row of scripts/size.mjs over its budget
//   node scripts/size-floor.mjs --all        every app row
//   node scripts/size-floor.mjs --dist <dir> another build (as size.mjs)
//
// Every bundle is built with scripts/size.mjs's own options (`buildOptions`: esbuild, bundle, minify,
// browser ESM, es2022, from dist/) and measured gzip -9. Per row:
//
// (a) the dependencies. `in row`: the row minus the row rebuilt with that dependency external (its
//     import statements cut from the output), i.e. what the dependency costs in this bundle. `floor`:
//     a bundle of only the dependency's names this row's code really calls (read from the row built
//     with every dependency external: an imported name counts when the code refers to it), i.e. the
//     least any code calling those APIs pays. ofetch counts with its own dependencies (ufo, destr).
// (b) our code: the row built with every dependency external, imports cut (`alone`), and its
//     minified bytes by source module (traced through dist's source maps, as `size.mjs --why`).
// (c) the part the issues require: our modules grouped by the feature they carry (FEATURES below),
//     each group's gzip share estimated in proportion to its minified bytes (gzip is not additive:
//     an estimate, marked ≈); what no feature claims is the statecharts' and the glue's own code.
//
// Then the verdict: the budget minus the dependency floor is the room for our code; the row reaches
// its budget only if our code shrinks to that room. When the gap is larger than everything no
// required feature claims, the budget is out of reach without dropping a required feature.

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

// size.mjs exits when dist/ is not built: read only when run (test/scripts imports the scanners).
let buildOptions, bytesByModule, rows;

const args = process.argv.slice(2);

/** Each dependency, with the packages its bundle pulls in (ofetch: ufo, destr). */
const DEPENDENCIES = [
  { name: 'xstate', packages: ['xstate', 'xstate/*'] },
  { name: 'zod', packages: ['zod', 'zod/*'] },
  { name: 'ofetch', packages: ['ofetch', 'ofetch/*', 'ufo', 'destr'] },
];
const ALL_PACKAGES = DEPENDENCIES.flatMap((d) => d.packages);

/**
 * What the issues require, by module (a path prefix or a file). The bytes of these modules are
 * needed by a required feature; they are not proven minimal (a feature may be written smaller),
 * but a cut that drops one drops the feature.
 */
const FEATURES = [
  {
    name: 'no secret in any error, snapshot or event (Secret boxing, scrubbing, redaction)',
    modules: ['src/secrets/', 'src/errors/scrub.ts'],
  },
  {
    name: 'typed errors, failing closed (PamError brand, classify, validation issues)',
    modules: ['src/errors/', 'machines/errors.ts', 'machines/settle-within.ts'],
  },
  {
    name: 'the inert server-render client (issue 26-29: no timer, no request on the server)',
    modules: ['machines/client/server-render.ts'],
  },
  { name: 'strict schemas: answers and requests checked (src/schemas)', modules: ['src/schemas/'] },
  {
    name: 'HTTP exchange (timeouts, Retry-After, aborts, the adapter, operations)',
    modules: ['src/http/', 'src/operation/', 'src/auth/', 'src/user/', 'src/wallet/'],
  },
  // The statecharts themselves (machines/*Machine.ts, machines/session/*) are no feature module: what a
  // chart needs is its states and events, which a smaller encoding may carry.
  { name: 'time on events: the one clock (readClock, roll, steady base)', modules: ['machines/clock.ts'] },
  {
    name: 'token lifetime, expiry in server time, refresh cycle',
    modules: ['src/session/'],
  },
  {
    name: 'restrictions read and enforced fail-closed (responsible gaming, profile rules)',
    modules: ['src/responsible-gaming/', 'machines/session/profile-rules.ts'],
  },
  {
    // Required where the tabs flow is used (its channel, machines/cross-tab.ts, in the row); in a
    // row without it, the session's tabs handlers are a listed cut (LISTED_CUTS).
    name: 'tabs: one leader, ordered messages (cross-tab)',
    when: (present) => (present.get('machines/cross-tab.ts') ?? 0) > 1_000, // its channel, not a constant
    modules: [
      'machines/cross-tab.ts',
      'machines/session/tabs.ts',
      'machines/session/order.ts',
      'machines/session/parts/tabs.ts',
    ],
  },
  { name: 'error words (describeError, one language)', modules: ['src/describe/'] },
];

const featureOf = (module, present) =>
  FEATURES.find((f) => (f.when?.(present) ?? true) && f.modules.some((m) => module.startsWith(m)));

/**
 * Cuts issue 33 lists, estimated in each row from the modules they would take out (the ≈ gzip share,
 * as in (c)); `setup()` is measured: the xstate floor with and without it.
 */
const LISTED_CUTS = [
  // The tabs handlers' cut is done (d4b3d88, 9bda861): what a lean row still holds of the tabs
  // modules is order.ts, which the core needs (login ids, counters, the clock's raise, ended logins).
];

/** One build of a row with `external` added; the output text and its gzip -9 size. */
async function bundle(row, external = [], sourcemap = false, names = false) {
  const options = buildOptions(row, { external, sourcemap });
  // To read which names the code calls, identifiers keep their names (a minified local `s` is no
  // zod `s.`): an analysis build only, never a measurement.
  if (names) Object.assign(options, { minify: false, minifyWhitespace: true, minifySyntax: true });
  const result = await build(options);
  const out = result.outputFiles.find((f) => !f.path.endsWith('.map'));
  const map = result.outputFiles.find((f) => f.path.endsWith('.map'));
  return { text: out.text, map: map && JSON.parse(map.text), gz: gz(out.text) };
}

const gz = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

const IMPORT = /import\s*(\{[^}]*\}|\*\s*as\s*[\w$]+|[\w$]+)\s*from\s*"([^"]+)";?/g;
const isOf = (spec, packages) =>
  packages.some((p) => (p.endsWith('/*') ? spec.startsWith(p.slice(0, -1)) : spec === p));

// A `/` after one of these (or after a keyword below) starts a regex literal, elsewhere it divides.
const BEFORE_REGEX = '(,=:[!&|?{};+-*%<>~^';
const KEYWORDS_BEFORE_REGEX =
  /(^|[^\w$.])(return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await)$/;

/**
 * The code with every string's text, every regex literal and every comment emptied (a scan: quotes,
 * template literals and their `${}`, regex literals with their character classes). A regex literal
 * read as code once took its quote (`/[\\"']/`) for a string's start, and the rest of the bundle
 * for that string's text: no call after it counted.
 */
export function withoutStrings(text) {
  let out = '';
  const stack = []; // open template literals, each with its `${` depth
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (quote === '`' && c === '$' && text[i + 1] === '{') {
        stack.push(0);
        quote = null;
        out += '${';
        i++;
      } else if (c === quote) {
        quote = null;
        out += c;
      }
      continue;
    }
    if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      const end = text[i + 1] === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2) + 1;
      i = end <= 0 ? text.length : end;
      out += ' ';
      continue;
    }
    if (c === '/') {
      const before = out.slice(-12).trimEnd(); // the longest keyword and its boundary
      if (!before || BEFORE_REGEX.includes(before.at(-1)) || KEYWORDS_BEFORE_REGEX.test(before)) {
        let inClass = false;
        for (i++; i < text.length && (inClass || text[i] !== '/'); i++) {
          if (text[i] === '\\') i++;
          else if (text[i] === '[') inClass = true;
          else if (text[i] === ']') inClass = false;
        }
        while (/[a-z]/.test(text[i + 1] ?? '')) i++; // its flags
        out += '/ /';
        continue;
      }
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (stack.length && c === '{') stack[stack.length - 1]++;
    else if (stack.length && c === '}') {
      if (stack[stack.length - 1]-- === 0) {
        stack.pop();
        quote = '`';
      }
    }
    out += c;
  }
  return out;
}

/** The output without its import statements of `packages`, and the names its code refers to. */
export function cutImports(text, packages) {
  const imports = [];
  const body = text.replace(IMPORT, (all, clause, spec) => {
    if (!isOf(spec, packages)) return all;
    imports.push([clause, spec]);
    return '';
  });
  // Names are looked for in the code, not in its strings ('the code was not accepted' calls no `not`).
  const code = withoutStrings(body);
  const refers = (alias) =>
    new RegExp(`(^|[^\\w$.])${alias.replace(/\$/g, '\\$')}(?![\\w$])(?!\\s*:)`).test(code); // a key (\`setup: …\`) is no call
  const used = new Map(); // spec -> names
  const add = (spec, name) => used.set(spec, new Set([...(used.get(spec) ?? []), name]));
  for (const [clause, spec] of imports) {
    if (clause.startsWith('{')) {
      for (const part of clause.slice(1, -1).split(',')) {
        const [name, alias = name] = part.trim().split(/\s+as\s+/);
        if (name && refers(alias)) add(spec, name);
      }
    } else if (clause.startsWith('*')) {
      const alias = clause.match(/as\s*([\w$]+)$/)[1];
      const members = new RegExp(`(?:^|[^\\w$.])${alias.replace(/\$/g, '\\$')}\\.([\\w$]+)`, 'g');
      for (const m of code.matchAll(members)) add(spec, m[1]);
    } else if (refers(clause)) add(spec, 'default');
  }
  return { body, used };
}

/** A bundle of only these names of the dependencies (the least their callers pay). */
async function floorOf(used, packages) {
  const lines = [...used]
    .filter(([spec]) => isOf(spec, packages))
    .map(([spec, names], i) => {
      const named = [...names].filter((n) => n !== 'default');
      const def = names.has('default') ? [`export { default as d${i} } from '${spec}';`] : [];
      return [...def, named.length ? `export { ${named.join(', ')} } from '${spec}';` : ''].join('\n');
    });
  if (!lines.join('').trim()) return { gz: 0, names: [] };
  const row = { code: lines.join('\n') };
  const { gz: size } = await bundle(row);
  return { gz: size, names: [...used].filter(([spec]) => isOf(spec, packages)) };
}

const n = (b) => b.toLocaleString('en-US');
const pad = (s, w) => String(s).padStart(w);

async function main() {
  ({ buildOptions, bytesByModule, rows } = await import('./size.mjs'));
  const app = rows.filter((r) => !r.entry && r.code);
  const report = [];
  for (const row of app) {
    const full = await bundle(row, [], true);
    if (!args.includes('--all') && full.gz <= row.budget) continue;
    // (a) every dependency external: our code alone, and the names it calls.
    const own = gz(cutImports((await bundle(row, ALL_PACKAGES)).text, ALL_PACKAGES).body);
    const { used } = cutImports((await bundle(row, ALL_PACKAGES, false, true)).text, ALL_PACKAGES);
    for (const [spec, names] of used) {
      const exported = await import(spec);
      for (const name of names) if (!(name in exported)) names.delete(name);
    }
    const deps = [];
    for (const d of DEPENDENCIES) {
      const without = await bundle(row, d.packages);
      const inRow = full.gz - gz(cutImports(without.text, d.packages).body);
      const floor = await floorOf(used, d.packages);
      deps.push({ ...d, inRow, floor });
    }
    const depsFloor = await floorOf(used, ALL_PACKAGES);
    // (b) our modules by minified bytes, (c) grouped by feature.
    const modules = bytesByModule(full.text, full.map).filter(
      ([m]) => !m.startsWith('(') && !ALL_PACKAGES.some((p) => m === p.replace('/*', '')),
    );
    const ownMin = modules.reduce((s, [, b]) => s + b, 0);
    const present = new Map(modules); // module -> minified bytes
    const groups = new Map();
    for (const [m, b] of modules) {
      const key =
        featureOf(m, present)?.name ??
        "the statecharts' and the glue's own code (no required feature claims it)";
      groups.set(key, (groups.get(key) ?? 0) + b);
    }
    const share = (b) => Math.round((own * b) / ownMin);
    const room = row.budget - depsFloor.gz;
    const inBundle = full.gz - depsFloor.gz; // what our code costs above the dependency floor
    const free = [...groups].find(([k]) => k.startsWith("the statecharts'"))?.[1] ?? 0;
    const cuts = [];
    for (const cut of LISTED_CUTS) {
      if (!(cut.when?.(present) ?? true)) continue;
      const min = modules.filter(([m]) => cut.modules.includes(m)).reduce((t, [, b]) => t + b, 0);
      if (min) cuts.push([`≈${n(share(min))}`, `${cut.name} (${n(min)} B min)`]);
    }
    // A machine still on xstate's `setup()` brings its action helpers: measured, the floor without it.
    const xstateUsed = used.get('xstate');
    if (xstateUsed?.has('setup')) {
      const without = new Map(used);
      without.set('xstate', new Set([...xstateUsed].filter((x) => x !== 'setup')));
      const less = depsFloor.gz - (await floorOf(without, ALL_PACKAGES)).gz;
      cuts.push([n(less), "xstate's setup() out of the machine that still uses it (machineSetup instead)"]);
    }
    report.push({
      row,
      full,
      own,
      deps,
      depsFloor,
      modules,
      ownMin,
      groups,
      share,
      room,
      inBundle,
      free,
      cuts,
    });
  }

  for (const r of report) {
    const { row, full, own, deps, depsFloor, modules, ownMin, groups, share, room, inBundle, free, cuts } = r;
    const gap = full.gz - row.budget;
    console.log(`\n## ${row.name}`);
    console.log(
      `today ${n(full.gz)} B min+gz, budget ${n(row.budget)} B: ${gap > 0 ? `${n(gap)} B over` : `${n(-gap)} B under`}`,
    );
    console.log('\n(a) dependencies (gzip -9):        in this row   floor (only the names called, alone)');
    for (const d of deps) {
      const names = d.floor.names.map(([spec, s]) => `${spec}: ${[...s].sort().join(', ')}`).join('; ');
      console.log(
        `  ${d.name.padEnd(30)} ${pad(n(d.inRow), 12)} ${pad(n(d.floor.gz), 10)}   ${names || '(none)'}`,
      );
    }
    console.log(
      `  ${'all three together'.padEnd(30)} ${pad(n(full.gz - own), 12)} ${pad(n(depsFloor.gz), 10)}`,
    );
    console.log(
      `\n(b) our code alone: ${n(own)} B min+gz (${n(ownMin)} B min); above the dependency floor the row pays ${n(inBundle)} B`,
    );
    for (const [m, b] of modules.slice(0, args.includes('--all-modules') ? modules.length : 30))
      console.log(`  ${pad(n(b), 8)} min  ≈${pad(n(share(b)), 6)} gz  ${m}`);
    if (modules.length > 30 && !args.includes('--all-modules'))
      console.log(`  … ${modules.length - 30} more (--all-modules)`);
    console.log('\n(c) by feature the issues require (≈ gzip share of our code, by minified bytes):');
    for (const [k, b] of [...groups].sort((a, b2) => b2[1] - a[1]))
      console.log(`  ${pad(n(b), 8)} min  ≈${pad(n(share(b)), 6)} gz  ${k}`);
    if (cuts.length) {
      console.log('\nlisted cuts (issue 33) in this row, B min+gz:');
      for (const [b, name] of cuts) console.log(`  ${pad(b, 8)}  ${name}`);
    }
    const needed = Math.max(0, full.gz - row.budget);
    const freeGz = share(free);
    console.log(
      `\nverdict: room for our code = budget − dependency floor = ${n(row.budget)} − ${n(depsFloor.gz)} = ${n(room)} B; ` +
        `it pays ${n(inBundle)} B today, so it must lose ${n(needed)} B (${Math.round((100 * needed) / Math.max(1, inBundle))} % of it).`,
    );
    const listed = cuts.reduce((t, [b]) => t + Number(b.replace(/[≈,]/g, '')), 0);
    if (needed > 0 && cuts.length)
      console.log(
        `  the listed cuts give ≈${n(listed)} B of the ${n(needed)} B: ${listed >= needed ? 'enough' : `${n(needed - listed)} B short`}.`,
      );
    if (needed === 0) console.log('  reached.');
    else if (room <= 0)
      console.log('  OUT OF REACH: the dependencies alone, at their floor, exceed the budget.');
    else if (needed > freeGz)
      console.log(
        `  OUT OF REACH without dropping a required feature: the code no feature claims is ≈${n(freeGz)} B, ` +
          `less than the ${n(needed)} B to cut even if all of it went (the features would have to shrink by ≈${n(needed - freeGz)} B more).`,
      );
    else
      console.log(
        `  REACHABLE only by shrinking code no required feature claims: ${n(needed)} B of its ≈${n(freeGz)} B ` +
          `(${Math.round((100 * needed) / Math.max(1, freeGz))} %), or by writing the features smaller.`,
      );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
