// The async resources one call creates (bench/trace.mjs hops runs it): bare fetch + JSON.parse and
// the client over loopback, the reference server in this process, every resource counted by an
// async_hooks `init` while a path runs 200 calls in a row, per call. A macrotask hop of the
// client's (a Timeout, an Immediate, a MessagePort) shows as one more than bare's; STACKS=1 prints
// where each Timeout and Immediate was made. Never part of `npm test`; asserts nothing.

import { createHook } from 'node:async_hooks';
import { createAuthModule, createOfetchAdapter, createUserModule } from 'pam-client';
import { startReferenceServer } from 'pam-client/testing';

const server = await startReferenceServer();
const baseURL = server.url;
const PLAYER = { login: 'player@example.com', password: 'Secret123!' };
const login = await fetch(`${baseURL}/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(PLAYER),
});
const token = ((await login.json()) as { access_token: string }).access_token;
const url = `${baseURL}/bff/users/login-history?page=1`;
const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
const user = createUserModule(createOfetchAdapter({ baseURL, getAccessToken: () => token }));
let signedIn: string | null = null;
const auth = createAuthModule(createOfetchAdapter({ baseURL, getAccessToken: () => signedIn }));
const paths: [string, () => Promise<unknown>][] = [
  ['bare history', async () => JSON.parse(await (await fetch(url, { headers })).text())],
  ['client history', () => user.getLoginHistory(1)],
  [
    'client sign-in pair',
    async () => {
      const answer = await auth.login(PLAYER);
      signedIn = 'access_token' in answer ? (answer.access_token ?? null) : null;
      return auth.getUserProfile();
    },
  ],
];

let counting = false;
const counts = new Map<string, number>();
const stacks = new Map<string, number>();
createHook({
  init(_id, type) {
    if (!counting) return;
    counts.set(type, (counts.get(type) ?? 0) + 1);
    if (process.env.STACKS && (type === 'Immediate' || type === 'Timeout')) {
      const where = `${type}: ${new Error().stack!.split('\n').slice(5, 9).join(' <').replace(/\s+/g, ' ')}`;
      stacks.set(where, (stacks.get(where) ?? 0) + 1);
    }
  },
}).enable();

// Past Node's resource-timing buffer (250 fetches): from then on every fetch also schedules an
// Immediate to report the buffer full (node:internal/perf/observe), bare and client alike.
for (let i = 0; i < 300; i++) await paths[0]![1]();
const calls = 200;
for (const [name, run] of paths) {
  for (let i = 0; i < 50; i++) await run();
  counts.clear();
  stacks.clear();
  counting = true;
  for (let i = 0; i < calls; i++) await run();
  counting = false;
  const perCall = [...counts].sort().map(([type, n]) => `${type} ${+(n / calls).toFixed(2)}`);
  console.log(`${name}: ${perCall.join(', ')}`);
  for (const [where, n] of stacks) console.log(`  ${+(n / calls).toFixed(2)} x ${where}`);
}
await server.close();
