// A session store that stalls (a Redis whose connection hangs: no error, no answer, ever) is a store
// that fails (REVIEW-S S-2): each store call has one deadline (`STORE_MS`), past which it is the
// `StoreFailure` the P1/P4 paths handle. So `handle` and `getSession` always settle, each stall
// costing at most one deadline, and a logout always revokes the token at the API and answers 204
// with the cookie cleared, whatever the store does. The API is a fetch stub; the store a Map whose
// every call answers, throws or stalls as generated. Time is fake (setTimeout), never slept.

import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPamServer, type PamSessionStore, unstorageSessionStore } from '../../src/server/index';
import { STORE_MS } from '../../src/server/store';
import { SECRETS } from './harness';
import { cookieOf, loginOk, request } from './hostile';
import { timed } from './timed';

const API = 'https://api.example';

type Behaviour = 'answer' | 'throw' | 'stall';

function world(behaviours: Behaviour[]) {
  let issued = 0;
  const live = new Set<string>();
  const revoked: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    const bearer = (new Headers(init?.headers).get('authorization') ?? '').replace(/^bearer /i, '');
    const ok = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (path === '/auth/login') {
      const token = `TOKEN-${++issued}-abcdefgh`;
      live.add(token);
      return ok(loginOk({}, token));
    }
    if (path === '/auth/logout') {
      revoked.push(bearer);
      live.delete(bearer);
      return new Response(null, { status: 204 });
    }
    if (path === '/auth/user-profile')
      return live.has(bearer) ? ok(loginOk({}, bearer)) : new Response('{}', { status: 401 });
    return new Response('{}', { status: 404 });
  }) as typeof globalThis.fetch;
  const map = new Map<string, string>();
  // Off during the login (a session to end); then each store call takes the next behaviour, in turn.
  const plan = { on: false, next: 0, stalls: 0 };
  const act = <T>(answer: () => T): Promise<T> => {
    const b = plan.on ? behaviours[plan.next++ % behaviours.length] : 'answer';
    if (b === 'stall') {
      plan.stalls++;
      return new Promise<T>(() => {});
    }
    return b === 'throw' ? Promise.reject(new Error('redis://secret@host: down')) : Promise.resolve(answer());
  };
  const store: PamSessionStore = {
    get: (key) => act(() => map.get(key) ?? null),
    set: (key, value) => act(() => void map.set(key, value)),
    claim: (key, value) => act(() => !map.has(key) && !!map.set(key, value)),
  };
  const clock = { now: Date.parse('2026-11-30T10:00:00Z') };
  const pam = createPamServer({ apiBaseURL: API, secrets: SECRETS, fetch, store, now: () => clock.now });
  const login = () =>
    pam.handle(
      request('/pam/auth/login', {
        method: 'POST',
        body: { login: 'p@example.com', password: 'Secret123!' },
      }),
    );
  return { pam, plan, live, revoked, login };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a store that stalls fails like a store that throws (REVIEW-S S-2)', () => {
  it('(property) over generated store behaviours (answer, throw, stall per call): every call settles within its stalls × STORE_MS; a logout revokes and clears, 204', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const behaviour = fc.constantFrom<Behaviour>('answer', 'throw', 'stall');
    await fc.assert(
      fc.asyncProperty(fc.array(behaviour, { minLength: 1, maxLength: 12 }), async (behaviours) => {
        vi.clearAllTimers(); // an earlier run's: fake time runs for this run's calls only
        const w = world(behaviours);
        const login = await w.login();
        expect(login!.status).toBe(200);
        const cookie = cookieOf(login!);
        const [token] = [...w.live];
        w.plan.on = true;
        const calls = [
          () => w.pam.handle(request('/pam/auth/user-profile', { cookie })),
          () => w.pam.getSession(request('/', { cookie })),
          () => w.pam.handle(request('/pam/auth/logout', { method: 'POST', cookie })),
        ];
        let out: unknown;
        for (const call of calls) {
          const before = w.plan.stalls;
          const { value, took } = await timed(call() as Promise<unknown>, 40 * STORE_MS);
          expect(took).toBeLessThanOrEqual((w.plan.stalls - before) * STORE_MS);
          out = value;
        }
        const answer = out as Response;
        expect(answer.status).toBe(204);
        expect(answer.headers.getSetCookie().some((line) => /Max-Age=0(;|$)/.test(line))).toBe(true);
        expect(w.revoked).toContain(token);
      }),
      { numRuns: 80 },
    );
  });

  it('a read that stalls answers the typed 503 (fail closed), never hangs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const w = world(['stall']);
    const login = await w.login();
    w.plan.on = true;
    const { value } = await timed(
      w.pam.handle(request('/pam/auth/user-profile', { cookie: cookieOf(login!) })) as Promise<Response>,
      STORE_MS,
    );
    expect(value.status).toBe(503);
    expect(await value.json()).toEqual({ message: 'The session store could not be reached.' });
  });

  it('an unstorage claim waits at most 500 ms (the whole claim is one store call, within STORE_MS)', () => {
    const storage = { getItem: async () => null, setItem: async () => {} };
    expect(() => unstorageSessionStore(storage, { claimSettleMs: 501 })).toThrow(/claimSettleMs/);
    expect(() => unstorageSessionStore(storage, { claimSettleMs: 500 })).not.toThrow();
  });
});
