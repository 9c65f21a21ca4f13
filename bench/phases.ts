// Where a call's wall time goes, phase by phase, bare `fetch` + JSON.parse against the client's
// getLoginHistory, with the server answering at once and after 10 ms (bench/phases.mjs runs it
// against a copy of the tree with bench/patches/phase-stamps.patch applied: `globalThis.__st(label)`
// stamps in the adapter, the body read and the step-up layer). undici's diagnostics channels stamp
// the request's creation, its headers written, the answer's headers and its end. The server runs
// in its own process (plain node:http, the reference server's 15-row history, canned) and stamps
// its write time in `x-t` (CLOCK_MONOTONIC, the clock of `process.hrtime` here), so the wake-up
// after it writes is a phase of its own. Calls interleaved (order alternating); each phase from one
// stamp to the next, median and mean in µs. Never part of `npm test`; asserts nothing.
import { spawn } from 'node:child_process';
import { subscribe } from 'node:diagnostics_channel';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { createOfetchAdapter, createUserModule } from 'pam-client';
import { startReferenceServer } from 'pam-client/testing';

const nowUs = () => Number(process.hrtime.bigint()) / 1000;
const PLAYER = { login: 'player@example.com', password: 'Secret123!' };

async function serve(delay: number) {
  const ref = await startReferenceServer();
  const login = await fetch(`${ref.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PLAYER),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const history = await (
    await fetch(`${ref.url}/bff/users/login-history?page=1`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).text();
  await ref.close();
  const server = createServer((req, res) => {
    req.resume();
    const answer = () => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-t', String(nowUs()));
      // Chunked, as the reference server answers (h3): no Content-Length.
      res.end(history);
    };
    if (delay) setTimeout(answer, delay);
    else answer();
  });
  server.keepAliveTimeout = 600_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, token })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
}

let marks: [string, number][] = [];
const st = (label: string) => marks.push([label, nowUs()]);
(globalThis as { __st?: typeof st }).__st = st;
subscribe('undici:request:create', () => st('u:create'));
subscribe('undici:client:sendHeaders', () => st('u:sendHeaders'));
subscribe('undici:request:headers', (message) => {
  st('u:headers');
  const h = (message as { response: { headers: Buffer[] } }).response.headers;
  for (let i = 0; i < h.length; i += 2)
    if (String(h[i]).toLowerCase() === 'x-t') marks.push(['server wrote', Number(String(h[i + 1]))]);
});
subscribe('undici:request:trailers', () => st('u:trailers'));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function measure(url: string, token: string, count: number) {
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
  const historyURL = `${url}/bff/users/login-history?page=1`;
  const user = createUserModule(createOfetchAdapter({ baseURL: url, getAccessToken: () => token }));
  const paths: [string, () => Promise<unknown>][] = [
    [
      'bare',
      async () => {
        const pending = fetch(historyURL, { headers });
        st('b:fetch returned');
        const response = await pending;
        st('b:response');
        const text = await response.text();
        st('b:text');
        return JSON.parse(text);
      },
    ],
    ['client', () => user.getLoginHistory(1)],
  ];
  for (let i = 0; i < 50; i++) for (const [, run] of paths) await run();
  const phases = paths.map(() => new Map<string, number[]>());
  const cpu = paths.map(() => [] as number[]);
  for (let i = 0; i < count; i++)
    for (const k of i % 2 ? [1, 0] : [0, 1]) {
      marks = [];
      const c0 = process.cpuUsage();
      st('start');
      await paths[k]![1]();
      st('end');
      const c = process.cpuUsage(c0);
      cpu[k]!.push(c.user + c.system);
      const sorted = marks.sort((a, b) => a[1] - b[1]);
      for (let j = 1; j < sorted.length; j++) {
        const key = `${sorted[j - 1]![0]} -> ${sorted[j]![0]}`;
        const xs = phases[k]!.get(key) ?? phases[k]!.set(key, []).get(key)!;
        xs.push(sorted[j]![1] - sorted[j - 1]![1]);
      }
    }
  for (const [k, [name]] of paths.entries()) {
    console.log(`-- ${name}: CPU median ${median(cpu[k]!).toFixed(0)} µs per call`);
    console.table(
      [...phases[k]!]
        .filter(([, xs]) => xs.length > count / 2)
        .map(([phase, xs]) => ({
          phase,
          n: xs.length,
          median: median(xs).toFixed(1),
          mean: mean(xs).toFixed(1),
        })),
    );
  }
}

const arg = (name: string, fallback: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1]! : fallback;
if (process.argv.includes('--serve')) await serve(Number(arg('--serve', '0')));
else
  for (const delay of arg('--delays', '0,10').split(',')) {
    const child = spawn(process.execPath, [process.argv[1]!, '--serve', delay], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const { url, token } = await new Promise<{ url: string; token: string }>((resolve) =>
      createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line))),
    );
    const load = loadavg()[0]!.toFixed(2);
    const count = Number(arg('--calls', delay === '0' ? '1500' : '400'));
    console.log(`\nserver answering after ${delay} ms, ${count} calls each, load ${load}:`);
    await measure(url, token, count);
    console.log(`load after: ${loadavg()[0]!.toFixed(2)}`);
    child.stdin!.end();
    child.kill();
  }
