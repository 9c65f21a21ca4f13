// `node bench/ab.mjs --a <tree> [--b <tree>] [--pairs history,signin] [--batches 60]`: the client's
// CPU time per call of two trees IN ONE PROCESS (each tree's src/ bundled with its own zod and
// ofetch), answered from memory with the reference server's own answers, batches of 100 calls
// interleaved (order alternating). On a shared machine the load moves both trees alike, so the
// ratio B/A holds where wall-clock ratios do not. `--b` defaults to this checkout. With `--idle <ms>`
// every call runs COLD, after that long idle (as each call of section 1's 10 ms variant does, whose
// process sleeps while the server waits), and is timed alone: `--batches` is then the number of
// calls per tree, a bare in-memory fetch + JSON.parse is timed beside them, and wall µs are printed
// too. With `--flight <ms>` every request's answer comes that long after `fetch` was called (as
// section 1's 10 ms server): each call's wall time OUT of flight (before `fetch` is called, and from
// the answer to the value in hand) is timed, so work moved into the flight shows; calls run back to
// back, each cold after its flights. With `--http <ms>` the calls go over loopback (the global
// fetch, undici) to the reference server in its own process, answering after <ms> (as section 1's),
// bare fetch + JSON.parse beside them: wall is each call's time out of flight (undici's channels).
// Never part of `npm test`; asserts nothing.
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const roots = { A: resolve(arg('--a', repo)), B: resolve(arg('--b', repo)) };
const pairs = arg('--pairs', 'history,signin').split(',');
const flightMs = args.includes('--flight') ? Number(arg('--flight', 10)) : undefined;
const httpMs = args.includes('--http') ? Number(arg('--http', 10)) : undefined;
const idleMs = args.includes('--idle') ? Number(arg('--idle', 10)) : (flightMs ?? httpMs);
const batches = Number(arg('--batches', idleMs === undefined ? 60 : 600));
// PAM_BENCH_TAG=-x: a cache of its own (node_modules may be shared by several checkouts).
const outDir = resolve(repo, `node_modules/.cache/pam-client-bench${process.env.PAM_BENCH_TAG ?? ''}`);
const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' };
for (const [k, root] of Object.entries(roots))
  await build({
    ...common,
    nodePaths: [resolve(repo, 'node_modules')],
    entryPoints: [resolve(root, 'src/index.ts')],
    outfile: resolve(outDir, `ab-${k}.mjs`),
  });
await build({
  ...common,
  packages: 'external',
  entryPoints: [resolve(roots.A, 'src/testing/index.ts')],
  outfile: resolve(outDir, 'ab-testing.mjs'),
});

const { startReferenceServer } = await import(resolve(outDir, 'ab-testing.mjs'));
const PLAYER = { login: 'player@example.com', password: 'Secret123!' };
const server = await startReferenceServer();
const grab = async (path, init = {}) => {
  const r = await fetch(`${server.url}${path}`, init);
  return { status: r.status, headers: [...r.headers], body: await r.text() };
};
const login = await grab('/auth/login', {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify(PLAYER),
});
const token = JSON.parse(login.body).access_token;
const auth = { accept: 'application/json', authorization: `Bearer ${token}` };
const canned = new Map([
  ['/auth/login', login],
  ['/auth/user-profile', await grab('/auth/user-profile?check_spa_again=1', { headers: auth })],
  ['/bff/users/login-history', await grab('/bff/users/login-history?page=1', { headers: auth })],
]);
await server.close();
// Each login answers a new token (as the reference server does), which the profile answer then
// carries: with one canned token, a login that sends the last pair's token would find it echoed
// in its answer and pay a walk that no real sign-in pays.
// A new token as the reference server makes one (base64url of random bytes), of the canned one's
// length: tokens sharing a prefix (the canned one with a counter) would put an earlier token's
// anchor in every echo of the next, a walk no real sign-in pays once the adapter holds earlier tokens.
const freshToken = (length, n) => {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  for (const b of bytes) out += abc[b & 63];
  return `${out.slice(0, -8)}${String(n % 1e8).padStart(8, '0')}`.slice(-length);
};
let issued = 0;
let current = token;
// Wall time inside fetch (called -> answer in hand), summed over a call's requests (`--flight`).
let inFlight = 0;
// `--split`: stamps of each call's stages (module, adapter, fetch), in order.
const split = args.includes('--split');
let marks = [];
const mark = (name) => split && marks.push([name, performance.now()]);
globalThis.__mark = mark;
const memoryFetch = async (input) => {
  const t0 = performance.now();
  mark('fetch');
  if (flightMs) await new Promise((r) => setTimeout(r, flightMs));
  try {
    return await answer(input);
  } finally {
    inFlight += performance.now() - t0;
    mark('answer');
  }
};
const answer = async (input) => {
  const path = new URL(String(input)).pathname;
  const c = canned.get(path);
  if (path === '/auth/login') current = freshToken(token.length, ++issued);
  const body = path === '/bff/users/login-history' ? c.body : c.body.replaceAll(token, current);
  return new Response(body, { status: c.status, headers: c.headers });
};

let baseURL = 'http://pam.test';
let netToken;
if (httpMs !== undefined) {
  // The reference server in its own process (its work shares neither this event loop nor this heap).
  const { spawn } = await import('node:child_process');
  const { createInterface } = await import('node:readline');
  const serve = `const { startReferenceServer } = await import(process.argv[1]);
    const s = await startReferenceServer();
    if (+process.argv[2]) s.faults.add({ path: /.*/, delayMs: +process.argv[2] });
    setInterval(() => { s.requests.length = 0; }, 500).unref();
    console.log(s.url);
    process.stdin.resume();
    process.stdin.on('end', () => process.exit(0));`;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', serve, resolve(outDir, 'ab-testing.mjs'), String(httpMs)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  process.on('exit', () => child.kill());
  baseURL = await new Promise((r) => createInterface({ input: child.stdout }).once('line', r));
  const answer = await fetch(`${baseURL}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(PLAYER),
  });
  netToken = (await answer.json()).access_token;
  // The wall time out of flight, from undici's own channels: before each request's headers are
  // written, and from its answer's headers on (the server's wait and the network left out).
  const { subscribe } = await import('node:diagnostics_channel');
  subscribe('undici:client:sendHeaders', () => {
    inFlight -= performance.now();
  });
  subscribe('undici:request:headers', () => {
    inFlight += performance.now();
  });
}
const run = {};
for (const k of Object.keys(roots)) {
  const pam = await import(resolve(outDir, `ab-${k}.mjs`));
  const adapter = (getAccessToken) => {
    const http = pam.createOfetchAdapter({
      baseURL,
      getAccessToken,
      fetch: httpMs === undefined ? memoryFetch : undefined,
    });
    if (!split) return http;
    const wrap =
      (f) =>
      async (...a) => {
        mark('adapter');
        try {
          return await f(...a);
        } finally {
          mark('adapted');
        }
      };
    return { get: wrap(http.get), post: wrap(http.post), patch: wrap(http.patch), delete: wrap(http.delete) };
  };
  const user = pam.createUserModule(adapter(() => netToken ?? token));
  let signedIn = null;
  const authModule = pam.createAuthModule(adapter(() => signedIn));
  run[k] = {
    history: () => user.getLoginHistory(1),
    signin: async () => {
      signedIn = (await authModule.login(PLAYER)).access_token ?? null;
      return authModule.getUserProfile();
    },
  };
}

const quantile = (xs, p) => [...xs].sort((x, y) => x - y)[Math.floor(p * (xs.length - 1))];
console.log(`A ${roots.A}\nB ${roots.B}\nload average (1 min) before: ${loadavg()[0].toFixed(2)}`);
if (idleMs !== undefined) await cold();
else
  for (const pair of pairs) {
    const cpu = { A: [], B: [] };
    for (const k of ['A', 'B']) for (let i = 0; i < 1000; i++) await run[k][pair]();
    for (let b = 0; b < batches; b++)
      for (const k of b % 2 ? ['A', 'B'] : ['B', 'A']) {
        const c0 = process.cpuUsage();
        for (let i = 0; i < 100; i++) await run[k][pair]();
        const c = process.cpuUsage(c0);
        cpu[k].push((c.user + c.system) / 100);
      }
    const at = (k) =>
      `median ${quantile(cpu[k], 0.5).toFixed(1)} µs (p25 ${quantile(cpu[k], 0.25).toFixed(1)})`;
    const ratio = (p) => (quantile(cpu.B, p) / quantile(cpu.A, p)).toFixed(3);
    console.log(`${pair}: A ${at('A')} | B ${at('B')} | B/A ${ratio(0.5)} (p25 ${ratio(0.25)})`);
  }

/** Each call alone after `idleMs` of idle, trees (and bare) interleaved, order rotating. */
async function cold() {
  const headers = { accept: 'application/json', authorization: `Bearer ${netToken}` };
  const bare =
    httpMs === undefined
      ? async () => JSON.parse(await (await memoryFetch(`${baseURL}/bff/users/login-history`)).text())
      : async () =>
          JSON.parse(await (await fetch(`${baseURL}/bff/users/login-history?page=1`, { headers })).text());
  const sleep = () =>
    flightMs || httpMs !== undefined ? undefined : new Promise((r) => setTimeout(r, idleMs));
  for (const pair of pairs) {
    const paths = [
      ['bare (history)', bare],
      ['A', run.A[pair]],
      ['B', run.B[pair]],
    ];
    const cpu = paths.map(() => []);
    const stagesOf = paths.map(() => []);
    const wall = paths.map(() => []);
    for (const [, f] of paths) for (let i = 0; i < 300; i++) await f();
    for (let i = 0; i < batches; i++)
      for (let j = 0; j < 3; j++) {
        const k = (i + j) % 3;
        await sleep();
        const c0 = process.cpuUsage();
        inFlight = 0;
        marks = [];
        const t0 = performance.now();
        mark('call');
        await paths[k][1]();
        mark('done');
        if (split && k) stagesOf[k].push(marks);
        wall[k].push((performance.now() - t0 - (flightMs || httpMs !== undefined ? inFlight : 0)) * 1000);
        const c = process.cpuUsage(c0);
        cpu[k].push(c.user + c.system);
      }
    const at = (k) =>
      `CPU median ${quantile(cpu[k], 0.5).toFixed(0)} µs (p25 ${quantile(cpu[k], 0.25).toFixed(0)}), wall ${quantile(wall[k], 0.5).toFixed(0)}`;
    console.log(
      httpMs !== undefined
        ? `${pair}, over loopback, the server answering after ${httpMs} ms (${batches} calls each; wall: out of flight, undici's headers written -> answer's headers):`
        : flightMs
          ? `${pair}, each answer after ${flightMs} ms (${batches} calls each; wall: out of flight only):`
          : `${pair}, cold (${idleMs} ms idle before each call, ${batches} calls each):`,
    );
    for (const [k, [name]] of paths.entries()) console.log(`  ${name}: ${at(k)}`);
    const r = (p, x) => (quantile(x[2], p) / quantile(x[1], p)).toFixed(3);
    console.log(
      `  B/A CPU ${r(0.5, cpu)} (p25 ${r(0.25, cpu)}), wall ${r(0.5, wall)} (p25 ${r(0.25, wall)})`,
    );
    // Each stage (from one stamp to the next) of A and B: medians in µs, flights left out.
    for (const k of split ? [1, 2] : []) {
      const rows = stagesOf[k];
      const names = rows[0].slice(1).map(([n], i) => `${rows[0][i][0]}->${n}`);
      const med = names.map((_, i) =>
        quantile(
          rows.map((m) => (m[i + 1][1] - m[i][1]) * 1000),
          0.5,
        ),
      );
      const shown = names.map((n, i) => (n === 'fetch->answer' ? '' : `${n} ${med[i].toFixed(0)}`));
      console.log(`  ${paths[k][0]} stages: ${shown.filter(Boolean).join(', ')}`);
    }
  }
}
console.log(`load average (1 min) after: ${loadavg()[0].toFixed(2)}`);
if (httpMs !== undefined) process.exit(0);
