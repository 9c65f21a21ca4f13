import v8 from 'node:v8';
import vm from 'node:vm';
import { createPamClient, type PamClientEvent } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';

// 10,000 login + refresh + logout cycles in one process on one client. The API is a fake `fetch`
// answering in-process (sockets would make this a network benchmark): adapter, auth module,
// schemas, session and refresh cycle all run for real.

const USER = { id: 7, email: 'soak@example.com' };
const USER_INFO = {
  validate_email_at: null,
  login_at: '2024-01-01T00:00:00Z',
  login_attempt_qty: 0,
  seven_days_since_last_login: false,
  strong_password: true,
  force_request_kyc: false,
  two_factor_enabled: false,
};

function fakeApi() {
  let n = 0;
  const calls = new Map<string, number>();
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const path = new URL(String(input)).pathname;
    calls.set(path, (calls.get(path) ?? 0) + 1);
    const body = (value: unknown) =>
      new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
    if (path === '/auth/login') {
      n += 1;
      return body({
        access_token: `soak-${n}`,
        expires_in: 28_800,
        token_type: 'bearer',
        user: USER,
        userInfo: USER_INFO,
      });
    }
    if (path === '/users/refresh-token') {
      n += 1;
      return body({ access_token: `soak-r-${n}` });
    }
    if (path === '/auth/logout' && init?.method === 'POST') return new Response(null, { status: 204 });
    return new Response('{}', { status: 404 });
  };
  return { fetch, calls };
}

function gcFunction(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

const activeTimeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('chaos: soak', () => {
  it('runs 10,000 login + refresh + logout cycles with < 2 MB heap growth and no timers left', async () => {
    const gc = gcFunction();
    const api = fakeApi();
    const clock = new SimulatedClock();
    const realTimeoutsBefore = activeTimeouts();
    const client = createPamClient({
      baseURL: 'https://api.example.test',
      fetch: api.fetch,
      environment: { channel: null, timers: clock, now: () => Date.UTC(2030, 0, 1) + clock.now() },
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
      client.login({ login: 'soak@example.com', password: 'pw' });
      await signedIn;
      const refreshed = next('tokenRefreshed');
      client.session.send({ type: 'REFRESH' });
      await refreshed;
      const signedOut = next('signedOut');
      client.logout();
      await signedOut;
    };

    for (let i = 0; i < 300; i++) await cycle(); // warm-up: JIT, caches, zod's lazy parts
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 10_000; i++) await cycle();
    gc();
    const growth = process.memoryUsage().heapUsed - before;

    expect(api.calls.get('/auth/login')).toBe(10_300);
    expect(api.calls.get('/users/refresh-token')).toBe(10_300);
    expect(api.calls.get('/auth/logout')).toBe(10_300);
    expect(client.session.getSnapshot().value).toBe('signedOut');
    expect(await client.tokens.get()).toBeNull();
    expect(growth).toBeLessThan(2 * 1024 * 1024);
    const simulated = (clock as unknown as { timeouts: Map<unknown, unknown> }).timeouts;
    expect(simulated.size).toBe(0);
    client.stop();
    expect(simulated.size).toBe(0);
    expect(activeTimeouts()).toBeLessThanOrEqual(realTimeoutsBefore);
    console.info(`soak: heap growth ${(growth / 1024).toFixed(0)} kB over 10,000 cycles`);
  }, 60_000);
});
