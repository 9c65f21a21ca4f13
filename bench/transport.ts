// Where the wall-clock gap of section 1 goes (bench/transport.mjs runs it): getLoginHistory's
// request over loopback, the reference server in its own process, as bare `fetch` + JSON.parse,
// then with each thing the client's transport adds to it, one at a time, then through the client.
// Interleaved operation by operation (order alternating), trimmed means (fastest 95 %), the median
// of the rounds' ratios to bare, wall-clock and this process's CPU time. Never part of `npm test`.

import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { createFetch } from 'ofetch';
import { createOfetchAdapter, createUserModule } from 'pam-client';
import { LoginHistoryResponse } from 'pam-client/schemas';
import { startReferenceServer } from 'pam-client/testing';

const PLAYER = { login: 'player@example.com', password: 'Secret123!' };

async function serve() {
  const fast = await startReferenceServer();
  const slow = await startReferenceServer();
  slow.faults.add({ path: /.*/, delayMs: 10 });
  setInterval(() => {
    fast.requests.length = 0;
    slow.requests.length = 0;
  }, 500).unref();
  process.stdout.write(`${JSON.stringify({ fast: fast.url, slow: slow.url })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const trimmedMean = (xs: number[]) => {
  const kept = [...xs].sort((a, b) => a - b).slice(0, Math.ceil(xs.length * 0.95));
  return kept.reduce((a, b) => a + b, 0) / kept.length;
};

/** Each way of fetching the same answer, bare first. */
async function variantsOn(baseURL: string): Promise<[string, () => Promise<unknown>][]> {
  const login = await fetch(`${baseURL}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(PLAYER),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const url = `${baseURL}/bff/users/login-history?page=1`;
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
  const $fetch = createFetch({ fetch: (input, init) => globalThis.fetch(input, init) });
  const user = createUserModule(createOfetchAdapter({ baseURL, getAccessToken: () => token }));
  // No timeout and no caller signal: the adapter passes no signal and arms no timer at all.
  const userNoTimeout = createUserModule(
    createOfetchAdapter({ baseURL, getAccessToken: () => token, timeout: Number.POSITIVE_INFINITY }),
  );
  /** What an attempt adds at most: its own controller (the adapter reuses one up to 8 times) and a timer. */
  const withSignal = async (init: RequestInit) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 15_000);
    try {
      return JSON.parse(await (await fetch(url, { ...init, signal: controller.signal })).text());
    } finally {
      clearTimeout(timer);
    }
  };
  /** ofetch with the adapter's options, a signal and its timer; the answer read by `read`. */
  const viaOfetch = async (read: (value: unknown) => unknown) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 15_000);
    try {
      const r = await $fetch.raw<string, 'text'>(url, {
        headers,
        signal: controller.signal,
        redirect: 'manual',
        responseType: 'text',
        retry: 0,
        ignoreResponseError: true,
      });
      return read(JSON.parse(r._data as string));
    } finally {
      clearTimeout(timer);
    }
  };
  return [
    ['bare fetch + JSON.parse', async () => JSON.parse(await (await fetch(url, { headers })).text())],
    [
      '+ redirect: manual',
      async () => JSON.parse(await (await fetch(url, { headers, redirect: 'manual' })).text()),
    ],
    [
      '+ a signal (no timer)',
      async () =>
        JSON.parse(await (await fetch(url, { headers, signal: new AbortController().signal })).text()),
    ],
    [
      '+ a timer (no signal)',
      async () => {
        const timer = setTimeout(() => undefined, 15_000);
        try {
          return JSON.parse(await (await fetch(url, { headers })).text());
        } finally {
          clearTimeout(timer);
        }
      },
    ],
    ['+ a signal and a timer', () => withSignal({ headers })],
    ["ofetch, the adapter's options and a signal", () => viaOfetch((v) => v)],
    // What every client here must do (the design card's ofetch, a timeout's signal and timer, the
    // answer checked by its schema), with nothing of ours around it: the floor of the ratio.
    ["the floor: ofetch, a signal, the answer's schema", () => viaOfetch(LoginHistoryResponse.parse)],
    ['the client, timeout: Infinity (no signal, no timer)', () => userNoTimeout.getLoginHistory(1)],
    ['the client (getLoginHistory)', () => user.getLoginHistory(1)],
  ];
}

async function measure(label: string, baseURL: string, perRound: number, rounds: number) {
  const variants = await variantsOn(baseURL);
  for (const [, run] of variants) for (let i = 0; i < 20; i++) await run();
  const ratios = variants.map(() => ({ wall: [] as number[], cpu: [] as number[], us: [] as number[] }));
  const loads: number[] = [];
  for (let r = 0; r < rounds; r++) {
    loads.push(loadavg()[0]!);
    const wall = variants.map(() => [] as number[]);
    const cpu = variants.map(() => [] as number[]);
    for (let i = 0; i < perRound; i++) {
      const order = variants.map((_, k) => (i % 2 ? k : variants.length - 1 - k));
      for (const k of order) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        await variants[k]![1]();
        wall[k]!.push(performance.now() - t0);
        const c = process.cpuUsage(c0);
        cpu[k]!.push(c.user + c.system);
      }
    }
    variants.forEach((_, k) => {
      ratios[k]!.wall.push(trimmedMean(wall[0]!) / trimmedMean(wall[k]!));
      ratios[k]!.cpu.push(trimmedMean(cpu[0]!) / trimmedMean(cpu[k]!));
      ratios[k]!.us.push(trimmedMean(wall[k]!) * 1000);
    });
  }
  const spread = `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`;
  console.log(`\nserver answering ${label} (load ${spread}), ${rounds} rounds of ${perRound}:`);
  console.table(
    variants.map(([name], k) => ({
      path: name,
      'wall µs': median(ratios[k]!.us).toFixed(0),
      'bare/path (wall)': median(ratios[k]!.wall).toFixed(3),
      'bare/path (CPU)': median(ratios[k]!.cpu).toFixed(3),
    })),
  );
}

if (process.argv.includes('--serve')) await serve();
else {
  const child = spawn(process.execPath, [process.argv[1]!, '--serve'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  try {
    const urls = await new Promise<{ fast: string; slow: string }>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
      child.once('exit', (code) => reject(new Error(`the server process exited (${code})`)));
    });
    const quick = process.argv.includes('--quick');
    await measure('at once', urls.fast, quick ? 100 : 300, quick ? 3 : 7);
    await measure('after 10 ms', urls.slow, quick ? 20 : 40, quick ? 3 : 7);
  } finally {
    child.stdin!.end();
    child.kill();
  }
}
