// Hot and cold CPU per call (bench/trace.mjs cold runs it): each path answered from memory (the
// reference server's own answers, captured once), timed twice in a row after a 10 ms idle: the
// first call COLD (as every call of section 1's 10 ms variant is: the process sleeps while the
// server waits, and what it ran before has left the CPU's caches), the second HOT. Paths: bare
// fetch + JSON.parse, ofetch with the adapter's options and a signal + timer, the floor (the same +
// the answer's schema), the client's getLoginHistory and the sign-in pair. `ONLY=a,b` picks paths,
// `N` the calls (default 300), `IDLE_MS` the idle (default 10), `HOT=0` skips the hot call (for
// `--cpu-prof` of cold calls alone), `IDLE=spin|thrash` keeps the CPU busy instead (below). Never part of `npm test`; asserts nothing.

import { createFetch } from 'ofetch';
import { createAuthModule, createOfetchAdapter, createUserModule } from 'pam-client';
import { LoginHistoryResponse } from 'pam-client/schemas';
import { startReferenceServer } from 'pam-client/testing';

const PLAYER = { login: 'player@example.com', password: 'Secret123!' };
const server = await startReferenceServer();
const grab = async (path: string, init: RequestInit = {}) => {
  const r = await fetch(`${server.url}${path}`, init);
  return { status: r.status, headers: [...r.headers] as [string, string][], body: await r.text() };
};
const login = await grab('/auth/login', {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json' },
  body: JSON.stringify(PLAYER),
});
const token = (JSON.parse(login.body) as { access_token: string }).access_token;
const authHeaders = { accept: 'application/json', authorization: `Bearer ${token}` };
const canned = new Map([
  ['/auth/login', login],
  ['/auth/user-profile', await grab('/auth/user-profile?check_spa_again=1', { headers: authHeaders })],
  ['/bff/users/login-history', await grab('/bff/users/login-history?page=1', { headers: authHeaders })],
]);
await server.close();
// Each login answers a new token (as the reference server does), which the profile answer carries.
// A new token as the reference server makes one (base64url of random bytes), of the canned one's
// length: tokens sharing a prefix (the canned one with a counter) would put an earlier token's
// anchor in every echo of the next, a walk no real sign-in pays once the adapter holds earlier tokens.
const freshToken = (length: number, n: number): string => {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  for (const b of bytes) out += abc[b & 63];
  return `${out.slice(0, -8)}${String(n % 1e8).padStart(8, '0')}`.slice(-length);
};
let issued = 0;
let current = token;
const memoryFetch = async (input: RequestInfo | URL) => {
  const { pathname } = new URL(String(input));
  const c = canned.get(pathname)!;
  if (pathname === '/auth/login') current = freshToken(token.length, ++issued);
  const body = pathname === '/bff/users/login-history' ? c.body : c.body.replaceAll(token, current);
  return new Response(body, { status: c.status, headers: c.headers });
};

const baseURL = 'http://pam.test';
const historyURL = `${baseURL}/bff/users/login-history?page=1`;
const fetchOption = { fetch: memoryFetch as typeof fetch };
const user = createUserModule(createOfetchAdapter({ baseURL, getAccessToken: () => token, ...fetchOption }));
let signedIn: string | null = null;
const auth = createAuthModule(
  createOfetchAdapter({ baseURL, getAccessToken: () => signedIn, ...fetchOption }),
);
const $fetch = createFetch({ fetch: memoryFetch as typeof fetch });
/** ofetch with the adapter's options, a signal and its timer; the answer read by `read`. */
const viaOfetch = async (read: (value: unknown) => unknown) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 15_000);
  try {
    const r = await $fetch.raw<string, 'text'>(historyURL, {
      headers: authHeaders,
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

const paths: [string, () => Promise<unknown>][] = [
  ['bare', async () => JSON.parse(await (await memoryFetch(historyURL)).text())],
  ['ofetch+signal', () => viaOfetch((v) => v)],
  ['floor', () => viaOfetch(LoginHistoryResponse.parse)],
  ['history', () => user.getLoginHistory(1)],
  [
    'signin',
    async () => {
      const answer = await auth.login(PLAYER);
      signedIn = 'access_token' in answer ? (answer.access_token ?? null) : null;
      return auth.getUserProfile();
    },
  ],
];
const only = process.env.ONLY?.split(',');
const chosen = only ? paths.filter(([name]) => only.includes(name)) : paths;
const idleMs = Number(process.env.IDLE_MS ?? 10);
const n = Number(process.env.N ?? 300);
const hot = process.env.HOT !== '0';
// `IDLE=spin` spins instead of sleeping (the CPU stays busy on a few cache lines), `IDLE=thrash`
// spins writing a 32 MB buffer (what another process's work does to the caches): which of idling
// and eviction makes a call cold.
const thrash = new Uint8Array(process.env.IDLE === 'thrash' ? 32 * 1024 * 1024 : 0);
const sleep = (ms: number) => {
  if (process.env.IDLE !== 'spin' && process.env.IDLE !== 'thrash')
    return new Promise((r) => setTimeout(r, ms));
  const end = performance.now() + ms;
  for (let i = 0; performance.now() < end; i = (i + 4096) % (thrash.length || 1))
    if (thrash.length) thrash[i] = (thrash[i] ?? 0) + 1;
  return new Promise((r) => setImmediate(r));
};
const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[xs.length >> 1]! : Number.NaN);

for (const [, f] of chosen) for (let i = 0; i < 500; i++) await f();
const runs = chosen.map(() => ({
  cold: [] as number[],
  hot: [] as number[],
  coldWall: [] as number[],
  hotWall: [] as number[],
}));
const timed = async (f: () => Promise<unknown>, cpu: number[], wall: number[]) => {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await f();
  wall.push((performance.now() - t0) * 1000);
  const c = process.cpuUsage(c0);
  cpu.push(c.user + c.system);
};
for (let i = 0; i < n; i++)
  for (let j = 0; j < chosen.length; j++) {
    const k = (i + j) % chosen.length;
    const r = runs[k]!;
    await sleep(idleMs);
    await timed(chosen[k]![1], r.cold, r.coldWall);
    if (hot) await timed(chosen[k]![1], r.hot, r.hotWall);
  }
console.log(`${n} calls per path, ${idleMs} ms idle before each cold call; medians, µs:`);
console.table(
  chosen.map(([name], k) => ({
    path: name,
    'cold CPU': median(runs[k]!.cold).toFixed(0),
    'cold wall': median(runs[k]!.coldWall).toFixed(0),
    'hot CPU': median(runs[k]!.hot).toFixed(0),
    'hot wall': median(runs[k]!.hotWall).toFixed(0),
  })),
);
