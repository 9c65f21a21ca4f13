// Section 6 of the benchmark: the soak. login -> refresh -> logout cycles on one `createPamClient`,
// heap measured after a forced GC every `every` cycles once warmed up; the figure is the slope of
// a least-squares line through those samples, in bytes per cycle (a leak grows linearly; one
// before/after difference mixes a leak with GC timing and caches). Two variants: an in-memory
// `fetch` (adapter, modules, schemas, session and refresh cycle all real, no sockets) and real
// HTTP against the reference server in a worker thread. It also checks what the old
// test/chaos/soak.test.ts checked (merged here: a 25 s heap threshold is a benchmark, not a test):
// the session ends signed out with an empty store, and no simulated or real timer is left behind.

import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClientEvent } from 'pam-client/machines';
import { SimulatedClock } from 'xstate';

export interface SoakResult {
  cycles: number;
  slopeBytesPerCycle: number;
  cyclesPerSecond: number;
  growthKB: number;
  /** After the last cycle: the session signed out and the store empty. */
  endedSignedOut: boolean;
  /** Simulated timers pending after the last logout, then after `client.stop()`: both 0. */
  timersLeft: { afterLogout: number; afterStop: number };
  /** Real `Timeout` handles left beyond those before the soak (the client must use none). */
  realTimeoutsLeft: number;
}

/** Simulated timers still pending on `clock`. */
const pending = (clock: SimulatedClock) =>
  (clock as unknown as { timeouts: Map<unknown, unknown> }).timeouts.size;
const activeTimeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

const gc = (globalThis as { gc?: () => void }).gc;
const settle = () => new Promise<void>((r) => setImmediate(r));

/** Least-squares slope of y over x. */
export function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** An in-memory API: answers login, refresh and logout as the service would. */
function memoryFetch(): typeof fetch {
  let n = 0;
  const user = { id: 7, email: 'player@example.com' };
  const userInfo = {
    validate_email_at: null,
    login_at: '2025-01-01 00:00:00',
    login_attempt_qty: 0,
    seven_days_since_last_login: false,
    strong_password: true,
    force_request_kyc: false,
    two_factor_enabled: false,
  };
  const json = (value: unknown) =>
    new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
  return async (input, init) => {
    const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
    n += 1;
    if (path === '/auth/login')
      return json({ access_token: `soak-${n}`, expires_in: 28_800, token_type: 'bearer', user, userInfo });
    if (path === '/users/refresh-token') return json({ access_token: `soak-r-${n}` });
    if (path === '/auth/logout' && init?.method === 'POST') return new Response(null, { status: 204 });
    if (path === '/bff/users/profile') return json({ user, userInfo });
    return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
  };
}

export async function soak(
  label: string,
  options: { baseURL: string; fetch?: typeof fetch },
  { cycles = 20_000, warmup = 1000, every = 1000 } = {},
): Promise<SoakResult> {
  const clock = new SimulatedClock();
  const realTimeoutsBefore = activeTimeouts();
  const client = createPamClient({
    baseURL: options.baseURL,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    environment: { channel: null, timers: clock, now: () => Date.now() + clock.now() },
  });
  const next = (type: PamClientEvent) =>
    new Promise<void>((resolve) => {
      const off = client.on(type, () => {
        off();
        resolve();
      });
    });
  const cycle = async () => {
    const signedIn = next('signedIn');
    client.login({ login: 'player@example.com', password: 'Secret123!' });
    await signedIn;
    const refreshed = next('tokenRefreshed');
    client.state.send({ type: 'REFRESH' });
    await refreshed;
    const signedOut = next('signedOut');
    client.logout();
    await signedOut;
  };
  const heap = async () => {
    await settle();
    gc?.();
    gc?.();
    return process.memoryUsage().heapUsed;
  };

  for (let i = 0; i < warmup; i++) await cycle();
  const xs: number[] = [0];
  const ys: number[] = [await heap()];
  const t0 = performance.now();
  let measuredMs = 0;
  for (let done = 0; done < cycles; ) {
    const t = performance.now();
    for (let i = 0; i < every && done < cycles; i++, done++) await cycle();
    measuredMs += performance.now() - t;
    xs.push(done);
    ys.push(await heap());
  }
  const endedSignedOut =
    sessionActorOf(client).getSnapshot().value === 'signedOut' && (await client.tokens.get()) === null;
  const afterLogout = pending(clock);
  client.stop();
  const result: SoakResult = {
    cycles,
    slopeBytesPerCycle: slope(xs, ys),
    cyclesPerSecond: cycles / (measuredMs / 1000),
    growthKB: (ys.at(-1)! - ys[0]!) / 1024,
    endedSignedOut,
    timersLeft: { afterLogout, afterStop: pending(clock) },
    realTimeoutsLeft: Math.max(0, activeTimeouts() - realTimeoutsBefore),
  };
  console.table([
    {
      variant: label,
      'cycles (after warm-up)': cycles,
      'heap samples': xs.length,
      'slope (B/cycle)': result.slopeBytesPerCycle.toFixed(1),
      target: '<= 50',
      'first..last heap (kB)': result.growthKB.toFixed(0),
      'cycles/s': Math.round(result.cyclesPerSecond),
      'ended signed out': result.endedSignedOut,
      'timers left (logout/stop/real)': `${afterLogout}/${result.timersLeft.afterStop}/${result.realTimeoutsLeft}`,
      'wall (s)': ((performance.now() - t0) / 1000).toFixed(1),
    },
  ]);
  if (!gc) console.log('(no --expose-gc: the slope includes garbage)');
  return result;
}

export const soakInMemory = (opts: { cycles?: number; warmup?: number; every?: number }) =>
  soak('in-memory fetch', { baseURL: 'https://api.example.test', fetch: memoryFetch() }, opts);
