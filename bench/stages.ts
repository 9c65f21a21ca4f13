// Where a call's wall time goes, stage by stage (bench/trace.mjs stages runs it): getLoginHistory's
// request (or the sign-in pair's) over loopback, the reference server in its own process, bare
// `fetch` + JSON.parse and the client interleaved operation by operation, each request's stages
// stamped from undici's own diagnostics channels (the same fetch serves both paths):
//   before: the call's start -> undici's Request created (our pipeline, ofetch, fetch's own setup)
//   queue:  Request created -> its headers written to the socket
//   server: headers written -> the answer's headers read (the server's work, its delay, loopback)
//   body:   the answer's headers -> its last byte
//   after:  the last byte -> the value in the caller's hands (text, JSON.parse, our checks, zod)
// and this process's CPU time per operation beside it: wall time the client adds beyond its CPU
// time would be a wait (an extra event-loop turn, a timer), and show in `before` or `after`.
// `signedout` runs the sign-in pair with the store emptied before each login (section 1 keeps the
// last pair's token, which the client's login then sends and bare's does not). Never part of
// `npm test`; asserts nothing.

import { spawn } from 'node:child_process';
import { subscribe } from 'node:diagnostics_channel';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { createAuthModule, createOfetchAdapter, createUserModule } from 'pam-client';
import { startReferenceServer } from 'pam-client/testing';

const PLAYER = { login: 'player@example.com', password: 'Secret123!' };
const STAGES = ['before', 'queue', 'server', 'body', 'after'] as const;

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

/** The stamps of the requests of the operation running now (one at a time). */
let stamps: { create: number; sent: number; headers: number; done: number }[] = [];
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
const current = () => stamps[stamps.length - 1]!;
subscribe('undici:request:create', () => {
  stamps.push({ create: nowUs(), sent: 0, headers: 0, done: 0 });
});
subscribe('undici:client:sendHeaders', () => {
  current().sent = nowUs();
});
subscribe('undici:request:headers', () => {
  current().headers = nowUs();
});
subscribe('undici:request:trailers', () => {
  current().done = nowUs();
});

async function pathsOn(baseURL: string, which: string): Promise<[string, () => Promise<unknown>][]> {
  const login = await fetch(`${baseURL}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(PLAYER),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  if (which === 'history') {
    const url = `${baseURL}/bff/users/login-history?page=1`;
    const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
    const user = createUserModule(createOfetchAdapter({ baseURL, getAccessToken: () => token }));
    return [
      ['bare', async () => JSON.parse(await (await fetch(url, { headers })).text())],
      ['client', () => user.getLoginHistory(1)],
    ];
  }
  let signedIn: string | null = null;
  const auth = createAuthModule(createOfetchAdapter({ baseURL, getAccessToken: () => signedIn }));
  const profileURL = `${baseURL}/auth/user-profile?check_spa_again=1`;
  return [
    [
      'bare',
      async () => {
        const answer = await fetch(`${baseURL}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(PLAYER),
        });
        const { access_token } = JSON.parse(await answer.text()) as { access_token: string };
        const profile = await fetch(profileURL, {
          headers: { accept: 'application/json', authorization: `Bearer ${access_token}` },
        });
        return JSON.parse(await profile.text());
      },
    ],
    [
      'client',
      async () => {
        // `signedout`: the store emptied before the login, as an app's is when a player signs in
        // (section 1 keeps the last pair's token, which the login then sends).
        if (which === 'signedout') signedIn = null;
        const answer = await auth.login(PLAYER);
        signedIn = 'access_token' in answer ? (answer.access_token ?? null) : null;
        return auth.getUserProfile();
      },
    ],
  ];
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** Mean of the fastest 95 % (as section 1). */
const trimmed = (xs: number[]) => mean([...xs].sort((a, b) => a - b).slice(0, Math.ceil(xs.length * 0.95)));

async function measure(label: string, baseURL: string, which: string, count: number) {
  const paths = await pathsOn(baseURL, which);
  for (let i = 0; i < 50; i++) for (const [, run] of paths) await run();
  const rows = paths.map(() => ({
    total: [] as number[],
    cpu: [] as number[],
    stage: STAGES.map(() => [] as number[]),
  }));
  const load0 = loadavg()[0]!;
  for (let i = 0; i < count; i++) {
    const order = i % 2 ? [1, 0] : [0, 1];
    for (const k of order) {
      stamps = [];
      const c0 = process.cpuUsage();
      const t0 = nowUs();
      await paths[k]![1]();
      const t1 = nowUs();
      const c = process.cpuUsage(c0);
      const r = rows[k]!;
      r.total.push(t1 - t0);
      r.cpu.push(c.user + c.system);
      // A pair's two requests: each stage summed; `before` and `after` hold what lies between them.
      let before = 0;
      let after = 0;
      let queue = 0;
      let server = 0;
      let body = 0;
      let prev = t0;
      for (const s of stamps) {
        before += s.create - prev;
        queue += s.sent - s.create;
        server += s.headers - s.sent;
        body += s.done - s.headers;
        prev = s.done;
      }
      after = t1 - prev;
      for (const [j, v] of [before, queue, server, body, after].entries()) r.stage[j]!.push(v);
    }
  }
  console.log(
    `\n${which}, server answering ${label} (load ${load0.toFixed(1)}-${loadavg()[0]!.toFixed(1)}), ${count} each, µs (means; total trimmed):`,
  );
  console.table(
    paths.map(([name], k) => {
      const r = rows[k]!;
      return {
        path: name,
        total: trimmed(r.total).toFixed(1),
        cpu: mean(r.cpu).toFixed(1),
        ...Object.fromEntries(STAGES.map((s, j) => [s, mean(r.stage[j]!).toFixed(1)])),
      };
    }),
  );
  const ratio = trimmed(rows[0]!.total) / trimmed(rows[1]!.total);
  console.log(
    `bare/client wall ${ratio.toFixed(3)}, CPU ${(mean(rows[0]!.cpu) / mean(rows[1]!.cpu)).toFixed(3)}`,
  );
  return rows;
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
    const which = ['signin', 'signedout'].find((w) => process.argv.includes(w)) ?? 'history';
    const quick = process.argv.includes('--quick');
    if (!process.argv.includes('--slow-only')) await measure('at once', urls.fast, which, quick ? 500 : 2000);
    await measure('after 10 ms', urls.slow, which, quick ? 100 : 300);
  } finally {
    child.stdin!.end();
    child.kill();
  }
}
