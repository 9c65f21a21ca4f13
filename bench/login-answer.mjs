// `node bench/login-answer.mjs --a <tree> [--b <tree>] [--rounds 20]`: the CPU time of reading ONE
// login answer (the LOGIN row's reader: `granting`'s scrub of the new token, then the reader),
// two trees in one process, the reference server's own answer (captured once) with a new token
// each time, rounds of 2,000 reads interleaved (order alternating), medians. Far steadier on a
// loaded machine than `bench/ab.mjs`'s whole sign-in (SPEED26: a 1.8 µs cut read 0.89 one way and
// 1.07 the other there, 0.88 here in every run). `--b` defaults to this checkout. Asserts nothing.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const roots = { A: resolve(arg('--a', repo)), B: resolve(arg('--b', repo)) };
const rounds = Number(arg('--rounds', 20));
const outDir = resolve(repo, `node_modules/.cache/pam-client-bench${process.env.PAM_BENCH_TAG ?? ''}`);
const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' };
const rows = {};
for (const [k, root] of Object.entries(roots)) {
  await build({
    ...common,
    nodePaths: [resolve(repo, 'node_modules')],
    stdin: { contents: `export { LOGIN } from './src/auth/operations';`, resolveDir: root, loader: 'ts' },
    outfile: resolve(outDir, `login-answer-${k}.mjs`),
  });
  rows[k] = (await import(resolve(outDir, `login-answer-${k}.mjs`))).LOGIN.response;
}
await build({
  ...common,
  packages: 'external',
  entryPoints: [resolve(roots.A, 'src/testing/index.ts')],
  outfile: resolve(outDir, 'login-answer-testing.mjs'),
});
const { startReferenceServer } = await import(resolve(outDir, 'login-answer-testing.mjs'));
const server = await startReferenceServer();
const text = await (
  await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'player@example.com', password: 'Secret123!' }),
  })
).text();
await server.close();

// New tokens of the canned one's length (base64url), as each login gives: 64 of them in turn.
const token = JSON.parse(text).access_token;
const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const fresh = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(token.length)), (b) => abc[b & 63]).join('');
const answers = Array.from({ length: 64 }, () => text.replaceAll(token, fresh()));
let n = 0;
const time = (k, calls) => {
  const c0 = process.cpuUsage();
  for (let i = 0; i < calls; i++)
    if (!rows[k].safeParse(JSON.parse(answers[n++ & 63])).success) throw new Error('refused');
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / calls;
};
const parseOnly = (calls) => {
  const c0 = process.cpuUsage();
  for (let i = 0; i < calls; i++) JSON.parse(answers[n++ & 63]);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / calls;
};
for (const k of ['A', 'B']) time(k, 5000);
const cpu = { A: [], B: [], parse: [] };
for (let r = 0; r < rounds; r++) {
  for (const k of r % 2 ? ['A', 'B'] : ['B', 'A']) cpu[k].push(time(k, 2000));
  cpu.parse.push(parseOnly(2000));
}
const med = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
console.log(`A ${roots.A}\nB ${roots.B}`);
console.log(
  `login answer, JSON.parse + the LOGIN row's reading, µs CPU (median of ${rounds}): A ${med(cpu.A).toFixed(2)} | B ${med(cpu.B).toFixed(2)} | B/A ${(med(cpu.B) / med(cpu.A)).toFixed(3)} (JSON.parse alone ${med(cpu.parse).toFixed(2)})`,
);
