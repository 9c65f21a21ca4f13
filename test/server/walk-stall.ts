// Reviews 60 and 61: a logout with a kept ended cookie over a store whose writes, or whose lineage
// reads (`out:`, `win:`, `lin:`), stall. The browser kept C1 after its logout's answer was lost,
// and `laterLogouts` more "Sair"s with it (each its own id, 65 s apart) came before; the last
// logout runs over the stalled store. How long it took (fake time) is returned.

import { expect, vi } from 'vitest';
import { createPamServer, type PamSessionStore } from '../../src/server/index';
import { STORE_MS } from '../../src/server/store';
import { SECRETS } from './harness';
import { cookieOf, loginOk, request } from './hostile';
import { timed } from './timed';

const API = 'https://api.example';

/** A logout's sequential store steps, fresh (test/server/logout-lineage-stall.property.test.ts). */
export const STEPS = 6;

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
  const state: { stall: 'writes' | 'reads' | null } = { stall: null };
  const never = new Promise<never>(() => {});
  const store: PamSessionStore = {
    get: async (key) =>
      state.stall === 'reads' && /^(out|win|lin):/.test(key) ? never : (map.get(key) ?? null),
    set: async (key, value) => (state.stall === 'writes' ? never : void map.set(key, value)),
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

/** The time the last logout took with `stall` stalled (call `vi.useRealTimers()` after). */
export async function walkOverStall(stall: 'writes' | 'reads', laterLogouts: number): Promise<number> {
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
  w.state.stall = stall;
  const { value, took } = await timed(w.logout(c1, 'logout-ff23456789abcdef'), 60 * STORE_MS);
  expect(value.status).toBe(204);
  return took;
}
