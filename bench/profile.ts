// A CPU profile of the client's own path (bench/profile.mjs runs it under `node --cpu-prof`):
// `user.getLoginHistory()` and the sign-in pair (`auth.login` then `auth.getUserProfile()`), each
// answered from memory with the reference server's own answers (bodies and headers captured once
// over loopback), so the profile holds the client's work and not the server's or the socket's.
// Never part of `npm test`; asserts nothing.

import { createAuthModule, createOfetchAdapter, createUserModule } from 'pam-client';
import { startReferenceServer } from 'pam-client/testing';

const PLAYER = { login: 'player@example.com', password: 'Secret123!' };
const iterations = Number(process.env.PAM_PROFILE_ITERATIONS ?? 20_000);
const which = process.env.PAM_PROFILE_PAIR ?? 'both';

interface Canned {
  status: number;
  headers: [string, string][];
  body: string;
}

/** The reference server's answers to the three requests, captured once. */
async function capture(): Promise<Map<string, Canned>> {
  const server = await startReferenceServer();
  try {
    const grab = async (path: string, init: RequestInit = {}) => {
      const r = await fetch(`${server.url}${path}`, init);
      return { status: r.status, headers: [...r.headers], body: await r.text() };
    };
    const login = await grab('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(PLAYER),
    });
    const token = (JSON.parse(login.body) as { access_token: string }).access_token;
    const auth = { accept: 'application/json', authorization: `Bearer ${token}` };
    return new Map([
      ['/auth/login', login],
      ['/auth/user-profile', await grab('/auth/user-profile?check_spa_again=1', { headers: auth })],
      ['/bff/users/login-history', await grab('/bff/users/login-history?page=1', { headers: auth })],
    ]);
  } finally {
    await server.close();
  }
}

const canned = await capture();
const cannedToken = (JSON.parse(canned.get('/auth/login')!.body) as { access_token: string }).access_token;
// Each login answers a new token (as the reference server does), which the profile answer then
// carries: with one canned token, a login that sends the last pair's token would find it echoed
// in its answer and pay a walk that no real sign-in pays.
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
let current = cannedToken;
const memoryFetch = async (input: RequestInfo | URL) => {
  const { pathname } = new URL(String(input));
  const c = canned.get(pathname);
  if (!c) throw new Error(`no canned answer for ${pathname}`);
  if (pathname === '/auth/login') current = freshToken(cannedToken.length, ++issued);
  const body = pathname === '/bff/users/login-history' ? c.body : c.body.replaceAll(cannedToken, current);
  return new Response(body, { status: c.status, headers: c.headers });
};
const baseURL = 'http://pam.test';
const loginToken = cannedToken;
const user = createUserModule(
  createOfetchAdapter({ baseURL, getAccessToken: () => loginToken, fetch: memoryFetch as typeof fetch }),
);
let signedIn: string | null = null;
const auth = createAuthModule(
  createOfetchAdapter({ baseURL, getAccessToken: () => signedIn, fetch: memoryFetch as typeof fetch }),
);
const history = () => user.getLoginHistory(1);
const signIn = async () => {
  const answer = await auth.login(PLAYER);
  signedIn = 'access_token' in answer ? (answer.access_token ?? null) : null;
  return auth.getUserProfile();
};
const bare = async () => JSON.parse(await (await memoryFetch(`${baseURL}/bff/users/login-history`)).text());

const runs: [string, () => Promise<unknown>][] = [];
if (which === 'history' || which === 'both') runs.push(['getLoginHistory', history]);
if (which === 'signin' || which === 'both') runs.push(['sign-in pair', signIn]);
if (which === 'bare' || process.env.PAM_PROFILE_BARE) runs.push(['bare memory fetch + JSON.parse', bare]);
for (const [name, fn] of runs) {
  for (let i = 0; i < 500; i++) await fn();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let i = 0; i < iterations; i++) await fn();
  const cpu = process.cpuUsage(c0);
  const us = ((performance.now() - t0) * 1000) / iterations;
  // CPU time (user + system) is what a loaded machine's queue for the CPU does not inflate.
  const cpuUs = (cpu.user + cpu.system) / iterations;
  console.log(
    `${name}: ${us.toFixed(1)} µs per call, ${cpuUs.toFixed(1)} µs CPU (${iterations} calls, in-memory fetch)`,
  );
}
