// Review 60 (against f7fca53d), sign-out.ts `logout` (the successor walk: `end(next)` awaited per
// step, one after another). Severity: LOW/MEDIUM.
// Scenario: the browser kept C1 after its logout's answer was lost, and eight later "Sair"s with it
// (each its own id: 204, cookie kept) ended X+ ... X++++++++ one step further each (review 59's
// "passed" rule). The next logout with C1 meets a store whose writes stall (reads still answer: a
// Redis primary hung, replicas serving reads): every step was ended before, so it walks all eight,
// and each step's mark (`Lineages.end` -> `written(out:...)`, awaited) waits a whole store deadline
// before the next: 8 deadlines for the walk alone, past the stall property's bound (STEPS = 6) and
// growing with the walk, where review S-2 wants a logout over a stalled store to answer in "a few"
// deadlines. Control: only X ended before: the same stall costs one deadline.
// Invariant broken: (6) a logout's answer time stays bounded by a few store deadlines.
// Fault: sign-out.ts, the `for (let next = ...)` loop: `await parts.lineages.end(next, until)` then
// `await step(next)` per step, sequential. Fix: mark the steps without waiting one write per step
// (issue every step's mark the walk will read, then read them together: the login side only needs
// "marked before read" per step, so write all candidate steps first and await the writes together,
// one deadline), or stop walking once a write fails (a store that cannot be written is stalled).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPamServer, type PamSessionStore } from '../../src/server/index';
import { STORE_MS } from '../../src/server/store';
import { SECRETS } from '../server/harness';
import { cookieOf, loginOk, request } from '../server/hostile';
import { timed } from '../server/timed';

const API = 'https://api.example';
const STEPS = 6; // test/server/logout-lineage-stall.property.test.ts

function world() {
  let issued = 0;
  const fetch = (async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/auth/login') {
      const token = `TOKEN-${++issued}-abcdefgh`;
      return new Response(JSON.stringify(loginOk({}, token)), {
        headers: { 'content-type': 'application/json' },
      });
    }
    if (path === '/auth/logout') return new Response(null, { status: 204 });
    return new Response('{}', { status: 404 });
  }) as typeof globalThis.fetch;
  const map = new Map<string, string>();
  const state = { stallWrites: false };
  const store: PamSessionStore = {
    get: async (key) => map.get(key) ?? null,
    set: (key, value) =>
      state.stallWrites ? new Promise(() => {}) : Promise.resolve(void map.set(key, value)),
    claim: async (key, value) => !map.has(key) && !!map.set(key, value),
  };
  const clock = { now: Date.parse('2026-11-30T10:00:00Z') };
  const pam = createPamServer({ apiBaseURL: API, secrets: SECRETS, fetch, store, now: () => clock.now });
  const logout = (cookie: string, id: string) => {
    const r = request('/pam/auth/logout', { method: 'POST', cookie });
    r.headers.set('x-pam-logout', `${id}.1`);
    return pam.handle(r) as Promise<Response>;
  };
  return { pam, state, clock, logout };
}

afterEach(() => {
  vi.useRealTimers();
});

async function scenario(laterLogouts: number) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const w = world();
  const login = (await w.pam.handle(
    request('/pam/auth/login', { method: 'POST', body: { login: 'p@example.com', password: 'Secret123!' } }),
  ))!;
  expect(login.status).toBe(200);
  const c1 = cookieOf(login);
  // The first logout (its answer lost), then the later ones with the kept cookie.
  for (let i = 0; i <= laterLogouts; i++) {
    w.clock.now += 65_000;
    const { value } = await timed(
      w.logout(c1, `logout-${String(i).padStart(2, '0')}23456789abcdef`),
      60 * STORE_MS,
    );
    expect(value.status).toBe(204);
  }
  w.clock.now += 65_000;
  w.state.stallWrites = true;
  const { value, took } = await timed(w.logout(c1, 'logout-ff23456789abcdef'), 60 * STORE_MS);
  expect(value.status).toBe(204);
  return took;
}

describe('a logout with a kept ended cookie over a store whose writes stall', () => {
  it('control: only X ended before: a deadline or two', async () => {
    expect(await scenario(0)).toBeLessThanOrEqual(STEPS * STORE_MS);
  });
  it('X and its eight steps ended before: still within STEPS deadlines', async () => {
    expect(await scenario(8)).toBeLessThanOrEqual(STEPS * STORE_MS);
  });
});
