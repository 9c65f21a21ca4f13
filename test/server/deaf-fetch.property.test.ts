// A `fetch` option that does not honour its `signal` (an instrumentation or retry wrapper, a
// polyfill: REVIEW-S S-3) never holds a call past `timeoutMs`: the deadline is raced against the
// fetch and against the body read, for every call to the API, as for the login (REVIEW-O O-9's
// class, on the server). Whatever the call (a proxied read, the seed route, the logout,
// getSession) and however the API goes deaf (no answer, or headers then a body that never ends),
// the call settles within `timeoutMs` of fake time, and a logout still answers 204 with the
// cookie cleared. Time is fake (setTimeout, Date), never slept.

import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPamServer } from '../../src/server/index';
import { SECRETS } from './harness';
import { cookieOf, loginOk, request } from './hostile';
import { timed } from './timed';

const API = 'https://api.example';

type Deaf = 'no answer' | 'endless body';

function world(timeoutMs: number) {
  let deaf: Deaf | null = null;
  const sent: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (deaf === 'no answer') return new Promise<Response>(() => {}); // the signal ignored
    if (deaf === 'endless body') {
      sent.push(path);
      // Headers come, the body never ends, and nothing cancels it (the signal ignored).
      const body = new ReadableStream<Uint8Array>({ pull: () => new Promise<void>(() => {}) });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify(loginOk()), { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const clock = { now: Date.parse('2026-11-30T10:00:00Z') };
  const pam = createPamServer({ apiBaseURL: API, secrets: SECRETS, fetch, timeoutMs, now: () => clock.now });
  return {
    pam,
    sent,
    deafen: (how: Deaf) => {
      deaf = how;
    },
  };
}

const CALLS = {
  profile: (cookie: string) => request('/pam/auth/user-profile', { cookie }),
  seed: (cookie: string) => request('/pam/session', { cookie }),
  logout: (cookie: string) => request('/pam/auth/logout', { method: 'POST', cookie }),
};

afterEach(() => {
  vi.useRealTimers();
});

describe('a fetch that ignores its signal never holds a call past timeoutMs (REVIEW-S S-3)', () => {
  it('(property) every call, however the API goes deaf, settles within timeoutMs; a logout answers 204, cookie cleared', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<keyof typeof CALLS | 'getSession'>('profile', 'seed', 'logout', 'getSession'),
        fc.constantFrom<Deaf>('no answer', 'endless body'),
        fc.integer({ min: 1, max: 30_000 }),
        async (call, how, timeoutMs) => {
          vi.clearAllTimers();
          const w = world(timeoutMs);
          const login = await w.pam.handle(
            request('/pam/auth/login', {
              method: 'POST',
              body: { login: 'p@example.com', password: 'Secret123!' },
            }),
          );
          expect(login!.status).toBe(200);
          const cookie = cookieOf(login!);
          w.deafen(how);
          const pending =
            call === 'getSession'
              ? w.pam.getSession(request('/', { cookie }))
              : w.pam.handle(CALLS[call](cookie));
          const { value, took } = await timed(pending as Promise<unknown>, timeoutMs);
          expect(took).toBeLessThanOrEqual(timeoutMs);
          // The logout: signed out here whatever the API did (204, the cookie cleared).
          const out = value as Response;
          const cleared =
            call === 'logout' && out.headers.getSetCookie().some((l) => /Max-Age=0(;|$)/.test(l));
          expect(call !== 'logout' || (out.status === 204 && cleared)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a proxied read whose answer never ends answers 502 at timeoutMs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const w = world(1_000);
    const login = await w.pam.handle(
      request('/pam/auth/login', {
        method: 'POST',
        body: { login: 'p@example.com', password: 'Secret123!' },
      }),
    );
    w.deafen('endless body');
    const { value, took } = await timed(
      w.pam.handle(CALLS.profile(cookieOf(login!))) as Promise<Response>,
      1_000,
    );
    expect(value.status).toBe(502);
    expect(took).toBe(1_000);
    expect(w.sent).toEqual(['/auth/user-profile']);
  });
});
