// `node bench/profile.mjs [history|signin|both] [--top N] [--root ../other]`: bundles bench/profile.ts (as
// bench/run.mjs bundles the suite), runs it under `node --cpu-prof`, and prints the functions with
// the most self time, grouped by where they come from (ours, zod, ofetch, node). The .cpuprofile
// stays in node_modules/.cache/pam-client-bench/ for Chrome DevTools. Never part of `npm test`.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { args, bundle, outDir } from './bundle.mjs';

const pair = args.find((a) => ['history', 'signin', 'both', 'bare'].includes(a)) ?? 'both';
const topAt = args.indexOf('--top');
const top = topAt === -1 ? 25 : Number(args[topAt + 1]);
const profDir = resolve(outDir, 'profiles');
rmSync(profDir, { recursive: true, force: true });
const bundled = await bundle('profile');

console.log(`load average (1 min) before: ${loadavg()[0].toFixed(2)}`);
const run = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', profDir, bundled], {
  stdio: 'inherit',
  env: { ...process.env, PAM_PROFILE_PAIR: pair },
});
if (run.status !== 0) process.exit(run.status ?? 1);
console.log(`load average (1 min) after: ${loadavg()[0].toFixed(2)}`);

const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(resolve(profDir, file), 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const where = (url) =>
  /zod/.test(url)
    ? 'zod'
    : /ofetch|destr|ufo/.test(url)
      ? 'ofetch'
      : /pam-client-bench/.test(url)
        ? 'ours'
        : url === ''
          ? 'native'
          : 'node';
const rows = new Map();
const groups = new Map();
let busy = 0;
let idle = 0;
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  if (['(idle)', '(program)', '(garbage collector)'].includes(functionName) && functionName === '(idle)') {
    idle += us;
    continue;
  }
  busy += us;
  const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
  rows.set(key, (rows.get(key) ?? 0) + us);
  const g = functionName.startsWith('(') ? functionName : where(url);
  groups.set(g, (groups.get(g) ?? 0) + us);
}
const pct = (us) => `${((100 * us) / busy).toFixed(1)} %`;
console.log(
  `\nself time, ${(busy / 1000).toFixed(0)} ms busy (${(idle / 1000).toFixed(0)} ms idle not counted)\n`,
);
console.table([...groups].sort((a, b) => b[1] - a[1]).map(([group, us]) => ({ group, self: pct(us) })));
console.table(
  [...rows]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, us]) => ({ function: fn, self: pct(us), ms: (us / 1000).toFixed(1) })),
);

// Inclusive time of our own functions (a function's subtree counted once, recursion included once).
const total = new Map();
const inclusive = (node) => {
  let t = self.get(node.id) ?? 0;
  for (const c of node.children ?? []) t += inclusive(byId.get(c));
  total.set(node.id, t);
  return t;
};
inclusive(profile.nodes[0]);
const incl = new Map();
const walk = (node, open) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const key = /pam-client-bench|ofetch/.test(url)
    ? `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`
    : undefined;
  const counted = key !== undefined && !open.has(key);
  if (counted) incl.set(key, (incl.get(key) ?? 0) + total.get(node.id));
  const next = counted ? new Set([...open, key]) : open;
  for (const c of node.children ?? []) walk(byId.get(c), next);
};
walk(profile.nodes[0], new Set());
console.table(
  [...incl]
    .filter(([k]) => !/^(\(anonymous\)|main|run|history|signIn|bare|capture) profile/.test(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, us]) => ({ 'function (ours, inclusive)': fn, total: pct(us), ms: (us / 1000).toFixed(1) })),
);
console.log(`profile: ${resolve(profDir, file)}`);
