// tokenRefreshMachine and incomeReportMachine from the INSTALLED tarball, on xstate's SimulatedClock,
// against the reference server over real sockets: the 6 h default, the emitted events, report
// polling with its 2 s / 5 min defaults, RETRY of the same report.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { esm, xstate } from './tarball';

type Core = typeof import('pam-client');
type Machines = typeof import('pam-client/machines');
type Testing = typeof import('pam-client/testing');

let C: Core;
let M: Machines;
let X: typeof import('xstate');
let clock: InstanceType<typeof import('xstate').SimulatedClock>;
let server: Awaited<ReturnType<Testing['startReferenceServer']>>;
let token: string | null = null;

beforeAll(async () => {
  [C, M, X] = await Promise.all([esm<Core>('.'), esm<Machines>('./machines'), xstate()]);
  clock = new X.SimulatedClock();
  clock.set(Date.UTC(2026, 5, 10, 15));
  server = await (await esm<Testing>('./testing')).startReferenceServer({ now: () => clock.now() });
});
beforeEach(() => {
  clock = new X.SimulatedClock();
  clock.set(Date.UTC(2026, 5, 10, 15));
  server.reset();
  token = null;
});
afterAll(() => server.close());

function modules() {
  const http = C.createOfetchAdapter({ baseURL: server.url, getAccessToken: () => token });
  return { auth: C.createAuthModule(http), user: C.createUserModule(http) };
}
async function signIn(auth: ReturnType<typeof modules>['auth']): Promise<string> {
  const r = await auth.login({ login: server.seed.plain.email, password: server.seed.plain.password });
  token = r.access_token as string;
  return token;
}
const settle = (pred: () => boolean) =>
  new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const spin = () =>
      pred() ? resolve() : Date.now() - started > 10_000 ? reject(new Error('never')) : setImmediate(spin);
    spin();
  });

test('tokenRefreshMachine: nothing before 6 h, one refresh at 6 h (tokenRefreshed), sessionExpired on a 401', async () => {
  const { auth } = modules();
  await signIn(auth);
  const seen: string[] = [];
  const a = X.createActor(M.tokenRefreshMachine, { clock, input: { auth, now: () => clock.now() } });
  a.on('tokenRefreshed', (e: { accessToken: string }) => {
    token = e.accessToken;
    seen.push('tokenRefreshed');
  });
  a.on('sessionExpired', () => seen.push('sessionExpired'));
  a.start();
  a.send({ type: 'TOKEN_SAVED', accessToken: token as string });
  const refreshes = () => server.requests.filter((r) => r.path === '/users/refresh-token').length;
  clock.increment(6 * 3600_000 - 60_000);
  a.send({ type: 'TICK' });
  expect(refreshes()).toBe(0);
  clock.increment(60_000);
  a.send({ type: 'TICK' });
  await settle(() => seen.includes('tokenRefreshed'));
  expect(refreshes()).toBe(1);
  server.expireTokens();
  a.send({ type: 'REFRESH' });
  await settle(() => seen.includes('sessionExpired'));
  expect(JSON.stringify(a.getPersistedSnapshot())).not.toContain(token as string);
  a.stop();
});

test('incomeReportMachine: years, GENERATE, polls every 2 s by default until completed', async () => {
  const { auth, user } = modules();
  await signIn(auth);
  const a = X.createActor(M.incomeReportMachine, { clock, input: { user, now: () => clock.now() } }).start();
  await settle(() => a.getSnapshot().matches('ready'));
  a.send({ type: 'GENERATE', referenceYear: 2023, deliveryType: 'download' });
  await settle(() => a.getSnapshot().matches('polling'));
  const polls = () => server.requests.filter((r) => /^\/income-report\/\d+$/.test(r.path)).length;
  clock.increment(1999);
  expect(polls()).toBe(0);
  for (let i = 0; i < 20 && !a.getSnapshot().matches('completed'); i++) {
    const n = polls();
    clock.increment(2000);
    await settle(() => polls() > n || a.getSnapshot().matches('completed'));
    await settle(() => !a.getSnapshot().matches({ polling: 'fetching' }));
  }
  expect(a.getSnapshot().value).toBe('completed');
  a.send({ type: 'RESET' });
  expect(a.getSnapshot().value).toBe('ready');
  a.stop();
});

test('incomeReportMachine: 2024 fails; RETRY regenerates the same report', async () => {
  const { auth, user } = modules();
  await signIn(auth);
  const a = X.createActor(M.incomeReportMachine, {
    clock,
    input: { user, pollIntervalMs: 100, now: () => clock.now() },
  }).start();
  await settle(() => a.getSnapshot().matches('ready'));
  a.send({ type: 'GENERATE', referenceYear: 2024, deliveryType: 'email' });
  for (let i = 0; i < 60 && !a.getSnapshot().matches('failed'); i++) {
    clock.increment(500);
    await new Promise((r) => setImmediate(r));
    await settle(
      () => !a.getSnapshot().matches('generating') && !a.getSnapshot().matches({ polling: 'fetching' }),
    );
  }
  expect(a.getSnapshot().value).toBe('failed');
  const generated = () => server.requests.filter((r) => r.path === '/income-report/generate');
  a.send({ type: 'RETRY' });
  await settle(() => generated().length === 2);
  expect(generated()[1]!.body).toEqual({ reference_year: 2024, type: 'email' });
  a.stop();
});
