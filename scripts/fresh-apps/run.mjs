// `npm run fresh-apps [vue|svelte|react] [--keep]`: a newcomer's first hour, automated. Packs the
// tarball (`npm pack` builds first: prepack), makes fresh Vite apps in Vue 3, Svelte 5 and React 19
// by hand (no prompts; nothing but the npm registry), installs the tarball with the README's
// install line, writes the README's tagged snippets verbatim, type-checks with skipLibCheck false
// (vue-tsc / svelte-check / tsc), runs `vite build`, then drives each built app in Chromium against
// the reference server started by the README's own dev-server snippet. Bounded: each step has a
// time limit, the whole run reports its time.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drive } from './drive.mjs';
import { DEV_DEPENDENCIES, scaffold } from './scaffold.mjs';
import { installLine, readSnippets } from './snippets.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const readme = join(repo, 'README.md');
const keep = process.argv.includes('--keep');
const KINDS = ['vue', 'svelte', 'react'];
const only = process.argv.find((a) => KINDS.includes(a));
const STEP_MS = 5 * 60_000;
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

const work = mkdtempSync(join(tmpdir(), 'pam-fresh-'));
const children = [];
const cleanup = () => {
  for (const c of children) stop(c);
  if (!keep) rmSync(work, { recursive: true, force: true });
};
process.on('exit', cleanup);

const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], {
  cwd: repo,
  encoding: 'utf8',
})
  .trim()
  .split('\n')
  .pop();
const snippets = readSnippets(readme);
const install = installLine(readme).map((a) => (a === 'pam-client' ? join(work, tarball) : a));

const freePort = () =>
  new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });

/** Stops a child we started and everything it started (its own process group). */
function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

const ESC = String.fromCharCode(27);
const stripAnsi = (text) =>
  text
    .split(ESC)
    .map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, '')))
    .join('');

/** Starts a long-running child; resolves with the first stdout match of `ready`. */
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
        res(m);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => rej(new Error(`${label} exited (${code}):\n${out}`)));
  });
}

async function freshApp(kind) {
  const root = join(work, `${kind}-app`);
  console.log(`\n=== fresh ${kind} app in ${root}`);
  scaffold(root, kind);
  sh(
    root,
    'npm',
    [...install, '--no-audit', '--no-fund'],
    `${kind}: ${['npm', ...installLine(readme)].join(' ')} (tarball)`,
  );
  sh(
    root,
    'npm',
    ['i', '-D', '--no-audit', '--no-fund', ...DEV_DEPENDENCIES[kind]],
    `${kind}: dev dependencies`,
  );
  let written = 0;
  for (const [path, text] of snippets) {
    const target = path.startsWith(`${kind}/`)
      ? path.slice(kind.length + 1)
      : path.includes('/')
        ? null
        : path;
    if (target === null) continue;
    mkdirSync(dirname(join(root, target)), { recursive: true });
    writeFileSync(join(root, target), text);
    written++;
  }
  console.log(`${kind}: ${written} README snippets written verbatim`);
  if (kind === 'vue') sh(root, 'npx', ['vue-tsc', '--noEmit', '-p', 'tsconfig.json'], `${kind}: vue-tsc`);
  else if (kind === 'svelte')
    sh(
      root,
      'npx',
      ['svelte-check', '--tsconfig', './tsconfig.json', '--fail-on-warnings'],
      `${kind}: svelte-check`,
    );
  else sh(root, 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], `${kind}: tsc`);
  sh(root, 'npx', ['vite', 'build'], `${kind}: vite build`);

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
  const result = await drive(`http://127.0.0.1:${port}/`, apiURL, kind);
  timings.push([`${kind}: Chromium (${result})`, performance.now() - t]);
  for (const c of children.splice(0)) stop(c);
}

try {
  for (const kind of only ? [only] : KINDS) await freshApp(kind);
} catch (e) {
  console.error(`\nfresh-apps FAILED: ${e instanceof Error ? e.message : e}`);
  if (keep) console.error(`(kept in ${work})`);
  process.exitCode = 1;
}
console.log('\n=== fresh-apps timings');
for (const [label, ms] of timings) console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${label}`);
console.log(`${((performance.now() - t0) / 1000).toFixed(1).padStart(7)} s  total`);
