// Review 61 (against b13c3fee), sign-out.ts `logout`, the successor walk (each step's reads awaited
// one after another; "a mark the store does not take ends the walk" covers stalled writes only).
// Severity: LOW/MEDIUM.
// Scenario: review 60's stalled-writes-walk-many-deadlines with the stall on the other side: the
// browser kept C1 after its logout's answer was lost, and eight later "Sair"s with it (each its own
// id) ended X+ ... X++++++++ on this instance. The next logout with C1 meets a store whose reads of
// the lineage keys (`out:`, `win:`, `lin:`) stall while writes are taken (a replica hung, the
// primary fine). Every mark is taken, so the walk goes on; whether the next step was ended is
// read from this instance's own marks when the store's read fails (`endOf`: `here`), so every
// step is "passed": eight steps, each waiting one store deadline for its `members` read: about ten
// deadlines, past the stall property's STEPS = 6 and growing with the walk.
// Control: only X ended before: a few deadlines.
// Invariant broken: (6) a logout's answer time stays bounded by a few store deadlines.
// Fault: sign-out.ts, the walk's `await step(next)` per step, sequential; the stop rule looks at
// the write only. Fix: stop walking on a step whose reads failed too (a store that cannot be read
// is stalled: `members` then holds only local logins), or read every step the walk may reach
// together (one deadline), after issuing their marks.
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
  const state = { stallReads: false };
  const lineageKey = (key: string) => /^(out|win|lin):/.test(key);
  const store: PamSessionStore = {
    get: (key) =>
      state.stallReads && lineageKey(key) ? new Promise(() => {}) : Promise.resolve(map.get(key) ?? null),
    set: async (key, value) => void map.set(key, value),
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
  for (let i = 0; i <= laterLogouts; i++) {
    w.clock.now += 65_000;
    const { value } = await timed(
      w.logout(c1, `logout-${String(i).padStart(2, '0')}23456789abcdef`),
      60 * STORE_MS,
    );
    expect(value.status).toBe(204);
  }
  w.clock.now += 65_000;
  w.state.stallReads = true;
  const { value, took } = await timed(w.logout(c1, 'logout-ff23456789abcdef'), 60 * STORE_MS);
  expect(value.status).toBe(204);
  return took;
}

describe('a logout with a kept ended cookie over a store whose lineage reads stall', () => {
  it('control: only X ended before: within STEPS deadlines', async () => {
    expect(await scenario(0)).toBeLessThanOrEqual(STEPS * STORE_MS);
  });
  it('X and its eight steps ended before: still within STEPS deadlines', async () => {
    expect(await scenario(8)).toBeLessThanOrEqual(STEPS * STORE_MS);
  });
});
