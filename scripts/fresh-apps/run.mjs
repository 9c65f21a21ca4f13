// `npm run fresh-apps [<app> …] [--keep]` (apps: vue, svelte, react, vue-app, svelte-app, react-app,
// sveltekit-app, nuxt-app, next-app; none named: all): a newcomer's first hour, automated. Packs
// the tarball (`npm pack` builds first: prepack; or takes PAM_TARBALL's, packed by .ci/run's
// pack-smoke step), makes fresh Vite apps in Vue 3, Svelte 5 and React 19 by hand (no prompts; nothing but the npm registry), installs the tarball with the
// README's install line, writes the tagged snippets verbatim (the README's quick start, and the
// complete app of docs/apps/<framework>.md), type-checks with skipLibCheck false (vue-tsc /
// svelte-check / tsc), runs `vite build`, then drives each built app in Chromium against the
// reference server started by the README's own dev-server snippet. Then the server-rendered apps
// (SSR_APPS). Bounded: each step has a time limit, the whole run reports its time.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drive } from './drive.mjs';
import { driveApp } from './drive-app.mjs';
import { driveSSR } from './drive-ssr.mjs';
import { checkBehindEdge, checkEdgeRefused, startEdge } from './edge.mjs';
import { DEV_DEPENDENCIES, scaffold } from './scaffold.mjs';
import { installLine, readSnippets, withFunnelProbe } from './snippets.mjs';
import { checkSSRApp } from './ssr-check.mjs';
import { SSR_DEPENDENCIES, scaffoldSSR } from './ssr-scaffold.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const readme = join(repo, 'README.md');
const keep = process.argv.includes('--keep');
/**
 * The apps: each framework's README quick start, and its complete app (docs/apps/<framework>.md),
 * which takes the README's vite.config.ts. `sources` name the snippets written, by path or prefix.
 */
const APPS = [
  { name: 'vue', framework: 'vue', sources: ['vue/'], drive: 'quick' },
  { name: 'svelte', framework: 'svelte', sources: ['svelte/'], drive: 'quick' },
  { name: 'react', framework: 'react', sources: ['react/'], drive: 'quick' },
  { name: 'vue-app', framework: 'vue', sources: ['vue/vite.config.ts', 'vue-app/'], drive: 'app' },
  {
    name: 'svelte-app',
    framework: 'svelte',
    sources: ['svelte/vite.config.ts', 'svelte-app/'],
    drive: 'app',
  },
  { name: 'react-app', framework: 'react', sources: ['react/vite.config.ts', 'react-app/'], drive: 'app' },
];
/**
 * The server-rendered apps (issue 29): each page's code of docs/apps/<framework>.md, built in
 * production mode and run (`node build`, `node .output/server/index.mjs`, `next start`) against the
 * reference server, then checked over HTTP (ssr-check.mjs) and in Chromium (drive-ssr.mjs); the
 * app's server must log no error meanwhile.
 */
const SSR_APPS = [
  {
    name: 'sveltekit-app',
    framework: 'sveltekit',
    check: ['npx', 'svelte-kit', 'sync', '&&', 'npx', 'svelte-check', '--tsconfig', './tsconfig.json'],
    build: ['npx', 'vite', 'build'],
    run: ['node', 'build'],
  },
  {
    name: 'nuxt-app',
    framework: 'nuxt',
    // No separate type check: `nuxi typecheck` (vue-tsc over .nuxt) costs about a minute of CI.
    check: null,
    build: ['npx', 'nuxi', 'build'],
    run: ['node', '.output/server/index.mjs'],
  },
  {
    name: 'next-app',
    framework: 'next',
    // `next build` type-checks the app (strict; see ssr-scaffold.mjs for skipLibCheck).
    check: null,
    build: ['npx', 'next', 'build'],
    run: ['npx', 'next', 'start', '-H', '127.0.0.1'],
    ready: /Ready in/,
  },
];
const only = process.argv
  .slice(2)
  .filter((a) => APPS.some((app) => app.name === a) || SSR_APPS.some((app) => app.name === a));
const STEP_MS = 5 * 60_000;
process.env.NEXT_TELEMETRY_DISABLED = '1';
process.env.NUXT_TELEMETRY_DISABLED = '1';
/** What a server-rendered app's output must not show while it is checked (a render that failed). */
const SERVER_ERROR = /\bError\b|⨯|\[request error\]/;
const t0 = performance.now();
const timings = [];

const sh = (cwd, cmd, args, label) => {
  const t = performance.now();
  execFileSync(cmd, args, {
    cwd,
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: STEP_MS,
    env: process.env,
  });
  timings.push([label, performance.now() - t]);
};

/**
 * `sh` for an install that runs while the app before it is checked (installs wait on the network
 * and the disk, the checks on the CPU): resolves when it exits 0; its timing says it overlapped.
 */
const shAsync = (cwd, cmd, args, label) =>
  new Promise((res, rej) => {
    const t = performance.now();
    const child = spawn(cmd, args, {
      cwd,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: process.env,
      detached: true,
    });
    installing.add(child);
    const timer = setTimeout(() => stop(child), STEP_MS);
    child.once('error', rej);
    child.once('exit', (code, signal) => {
      installing.delete(child);
      clearTimeout(timer);
      timings.push([`${label} (beside the app before)`, performance.now() - t]);
      if (code === 0) res();
      else rej(new Error(`${label}: ${cmd} ${args.join(' ')} exited ${code ?? signal}`));
    });
  });
/** Installs under way (stopped with the rest when an app before them fails). */
const installing = new Set();
/** npm's cache first (the registry only for what it lacks): the installs' time is mostly metadata. */
const NPM_FLAGS = ['--no-audit', '--no-fund', '--prefer-offline'];

const work = mkdtempSync(join(tmpdir(), 'pam-fresh-'));
const children = [];
const cleanup = () => {
  for (const c of children) stop(c);
  if (!keep) rmSync(work, { recursive: true, force: true });
};
process.on('exit', cleanup);

// PAM_TARBALL (.ci/run: the tarball scripts/pack-smoke.sh packed from a clean clone) is installed
// as it is; run alone, this packs the working tree itself.
const given = process.env.PAM_TARBALL;
if (given && !existsSync(given)) throw new Error(`PAM_TARBALL=${given}: no such file`);
const tarball = given
  ? resolve(given)
  : join(
      work,
      execFileSync('npm', ['pack', '--silent', '--pack-destination', work], {
        cwd: repo,
        encoding: 'utf8',
      })
        .trim()
        .split('\n')
        .pop(),
    );
const snippets = readSnippets(readme);
for (const framework of ['vue', 'svelte', 'react', 'sveltekit', 'nuxt', 'next'])
  for (const [path, text] of existsSync(join(repo, 'docs/apps', `${framework}.md`))
    ? readSnippets(join(repo, 'docs/apps', `${framework}.md`))
    : []) {
    if (snippets.has(path)) throw new Error(`docs/apps/${framework}.md: ${path} is tagged in the README too`);
    snippets.set(path, text);
  }
// Issue 34: the complete Vue app records its funnel events for drive-app.mjs to check (snippets.mjs).
withFunnelProbe(snippets, 'vue-app/');
const install = installLine(readme).map((a) => (a === 'pam-client' ? tarball : a));

const freePort = () =>
  new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });

/** Stops a child we started and everything it started (its own process group); resolves at its exit. */
function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((res) => child.once('exit', res));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
  return exited;
}

const ESC = String.fromCharCode(27);
const stripAnsi = (text) =>
  text
    .split(ESC)
    .map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, '')))
    .join('');

/** Starts a long-running child; resolves with the first stdout match of `ready` (`output()`: all of it). */
function start(cwd, cmd, args, env, ready, label) {
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  return new Promise((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error(`${label}: not ready after 60 s:\n${out}`)), 60_000);
    const onData = (d) => {
      out += d;
      const m = ready.exec(stripAnsi(out));
      if (m) {
        clearTimeout(timer);
        m.output = () => stripAnsi(out);
        m.child = child;
        res(m);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => rej(new Error(`${label} exited (${code}):\n${out}`)));
  });
}

/** A Vite app's folder with the README's install line, then its dev dependencies, installed. */
async function installApp(app) {
  const root = join(work, app.name);
  scaffold(root, app.framework);
  await shAsync(
    root,
    'npm',
    [...install, ...NPM_FLAGS],
    `${app.name}: ${['npm', ...installLine(readme)].join(' ')} (tarball)`,
  );
  await shAsync(
    root,
    'npm',
    ['i', '-D', ...NPM_FLAGS, ...DEV_DEPENDENCIES[app.framework]],
    `${app.name}: dev dependencies`,
  );
}

async function freshApp(app, installed) {
  const kind = app.framework;
  const root = join(work, app.name);
  await installed;
  console.log(`\n=== fresh ${app.name} app in ${root}`);
  let written = 0;
  for (const [path, text] of snippets) {
    const source = app.sources.some((s) => (s.endsWith('/') ? path.startsWith(s) : path === s));
    const target = source ? path.slice(path.indexOf('/') + 1) : path.includes('/') ? null : path;
    if (target === null) continue;
    mkdirSync(dirname(join(root, target)), { recursive: true });
    writeFileSync(join(root, target), text);
    written++;
  }
  console.log(`${app.name}: ${written} snippets of the README and docs/apps written verbatim`);
  if (kind === 'vue') sh(root, 'npx', ['vue-tsc', '--noEmit', '-p', 'tsconfig.json'], `${app.name}: vue-tsc`);
  else if (kind === 'svelte')
    sh(
      root,
      'npx',
      ['svelte-check', '--tsconfig', './tsconfig.json', '--fail-on-warnings'],
      `${app.name}: svelte-check`,
    );
  else sh(root, 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], `${app.name}: tsc`);
  sh(root, 'npx', ['vite', 'build'], `${app.name}: vite build`);

  const t = performance.now();
  const [, apiURL] = await start(
    root,
    'node',
    ['dev-server.mjs'],
    { PAM_API_PORT: '0' },
    /reference server on (http:\/\/\S+)/,
    'dev-server.mjs',
  );
  const port = await freePort();
  await start(
    root,
    'npx',
    ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { PAM_API_URL: apiURL },
    /Local:\s+(http:\/\/\S+)/,
    'vite preview',
  );
  const url = `http://127.0.0.1:${port}/`;
  const result = app.drive === 'app' ? await driveApp(url, app.name) : await drive(url, apiURL, app.name);
  timings.push([`${app.name}: Chromium (${result})`, performance.now() - t]);
  for (const c of children.splice(0)) stop(c);
}

/** The reference server, from this repository's build (h3 2 is ours; Nuxt apps pin h3 1). */
function referenceServer() {
  const entry = join(repo, 'dist/testing.js');
  const code = `const { startReferenceServer } = await import(${JSON.stringify(entry)});
const server = await startReferenceServer({ port: 0 });
console.log('reference server on ' + server.url);`;
  return start(
    repo,
    'node',
    ['--input-type=module', '-e', code],
    {},
    /reference server on (http:\/\/\S+)/,
    'reference server',
  );
}

/** A server-rendered app's folder with pam-client and its framework installed. */
async function installSSRApp(app) {
  const root = join(work, app.name);
  scaffoldSSR(root, app.framework);
  await shAsync(
    root,
    'npm',
    [...install, ...SSR_DEPENDENCIES[app.framework], ...NPM_FLAGS],
    `${app.name}: npm i pam-client (tarball) xstate ${SSR_DEPENDENCIES[app.framework].join(' ')}`,
  );
}

async function freshSSRApp(app, installed) {
  const root = join(work, app.name);
  await installed;
  console.log(`\n=== fresh ${app.name} in ${root}`);
  let written = 0;
  for (const [path, text] of snippets) {
    if (!path.startsWith(`${app.name}/`)) continue;
    const target = join(root, path.slice(path.indexOf('/') + 1));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    written++;
  }
  console.log(`${app.name}: ${written} snippets of docs/apps/${app.framework}.md written verbatim`);
  sh(root, 'sh', ['-c', app.build.join(' ')], `${app.name}: ${app.build.slice(1).join(' ')}`);
  if (app.check) sh(root, 'sh', ['-c', app.check.join(' ')], `${app.name}: type check`);

  const t = performance.now();
  const [, apiURL] = await referenceServer();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const env = {
    PAM_API_URL: apiURL,
    PAM_COOKIE_SECRET: 'fresh-apps: a secret of at least 32 characters',
    PAM_INSECURE_COOKIE: '1',
    NUXT_PAM_API_URL: apiURL,
    NUXT_PAM_COOKIE_SECRET: 'fresh-apps: a secret of at least 32 characters',
    NUXT_PAM_INSECURE_COOKIE: 'true',
    PAM_APP_ORIGIN: `http://127.0.0.1:${port}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    ORIGIN: `http://127.0.0.1:${port}`,
  };
  const run = (env) =>
    start(
      root,
      app.run[0],
      app.run.slice(1),
      env,
      app.ready ?? /(Listening on|Listening|localhost|127\.0\.0\.1)/,
      app.name,
    );
  const server = await run(env);
  timings.push([`${app.name}: ${await checkSSRApp(url, app.name)}`, performance.now() - t]);
  const d = performance.now();
  timings.push([`${app.name}: ${await driveSSR(url, app.name)}`, performance.now() - d]);

  // docs/deploy.md: behind an nginx-like edge (Host rewritten to the app's, the player's address
  // in X-Forwarded-For / X-Real-IP). Without the public origin: refused; then restarted with it.
  const e = performance.now();
  const edge = await startEdge(url);
  try {
    const refused = await checkEdgeRefused(edge.url, app.name);
    await stop(server.child);
    const edgeOrigin = new URL(edge.url).origin;
    const behind = await run({
      ...env,
      ORIGIN: edgeOrigin, // adapter-node
      ADDRESS_HEADER: 'X-Forwarded-For', // adapter-node
      XFF_DEPTH: '1', // adapter-node: one proxy of ours
      NUXT_PAM_APP_ORIGIN: edgeOrigin,
      NUXT_PAM_TRUST_FORWARDED_FOR: 'true',
      PAM_APP_ORIGIN: edgeOrigin,
      PAM_CLIENT_ADDRESS_HEADER: 'x-real-ip',
    });
    timings.push([
      `${app.name}: behind an nginx-like edge: ${refused}; ${await checkBehindEdge(edge.url, app.name)}`,
      performance.now() - e,
    ]);
    // A page whose server render threw may still work in the browser (rendered there instead).
    const errors = [server, behind]
      .flatMap((s) => s.output().split('\n'))
      .filter((line) => SERVER_ERROR.test(line));
    if (errors.length) throw new Error(`${app.name}: the server logged errors:\n${errors.join('\n')}`);
  } finally {
    await edge.close();
  }
  for (const c of children.splice(0)) stop(c);
}

// One app is installed while the one before it is checked (type check, build, Chromium): each
// app's steps are the same, in the same order, in its own folder; only the waits overlap.
const queue = [
  ...(only.length ? APPS.filter((a) => only.includes(a.name)) : APPS).map((app) => ({
    install: () => installApp(app),
    check: (installed) => freshApp(app, installed),
  })),
  ...(only.length ? SSR_APPS.filter((a) => only.includes(a.name)) : SSR_APPS).map((app) => ({
    install: () => installSSRApp(app),
    check: (installed) => freshSSRApp(app, installed),
  })),
];
// An install not awaited yet must not fail the process unhandled (its app's check rejects with it).
const started = (job) => {
  const installed = job.install();
  installed.catch(() => {});
  return installed;
};
try {
  let installed = queue.length ? started(queue[0]) : null;
  for (const [i, job] of queue.entries()) {
    const current = installed;
    await current;
    installed = i + 1 < queue.length ? started(queue[i + 1]) : null;
    await job.check(current);
  }
  await installed;
} catch (e) {
  console.error(`\nfresh-apps FAILED: ${e instanceof Error ? e.message : e}`);
  if (keep) console.error(`(kept in ${work})`);
  process.exitCode = 1;
} finally {
  // A failed step leaves its server running; its pipes would keep this process, and CI, alive
  // (the 'exit' cleanup never comes). Stop them all here.
  await Promise.all([...children.splice(0), ...installing].map(stop));
}
console.log('\n=== fresh-apps timings');
for (const [label, ms] of timings) console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${label}`);
console.log(`${((performance.now() - t0) / 1000).toFixed(1).padStart(7)} s  total`);
