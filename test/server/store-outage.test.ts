// A store that fails (a Redis blip: `setItem` or `getItem` throws) never skips a security step
// (REVIEW-P P1): a logout revokes the session's tokens at the API and clears the cookie whatever
// the store does, and answers 204 (never a rejection); a refresh whose new token cannot be recorded
// revokes that token (never left live, held by no one); a login over a live session ends it at the
// API. The API is a fetch stub that keeps which tokens it issued and revoked; the store is
// unstorage's memory driver behind a switch. Time is the server's injected clock (no timer runs).

import fc from 'fast-check';
import { createStorage } from 'unstorage';
import { describe, expect, it } from 'vitest';
import { createPamServer, unstorageSessionStore } from '../../src/server/index';
import { SECRETS } from './harness';
import { cookieOf, loginOk, request } from './hostile';

const API = 'https://api.example';

/** Which store calls fail now: by kind, and (optionally) only for keys that match. */
interface Outage {
  get: boolean;
  set: boolean;
  keys?: RegExp;
}

/** An API stub: logins and refreshes issue fresh tokens, a logout revokes its bearer, the profile reads it. */
function world(clock = { now: Date.parse('2026-11-30T10:00:00Z') }) {
  let issued = 0;
  let atRefresh = () => {};
  const live = new Set<string>();
  const revoked: string[] = [];
  const fresh = () => {
    const token = `TOKEN-${String(++issued).padStart(4, '0')}-abcdefgh`;
    live.add(token);
    return token;
  };
  const ok = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    const bearer = (new Headers(init?.headers).get('authorization') ?? '').replace(/^bearer /i, '');
    if (path === '/auth/login') {
      const token = fresh();
      return ok(loginOk({}, token));
    }
    if (path === '/users/refresh-token') {
      atRefresh();
      if (!live.delete(bearer)) return new Response('{}', { status: 401 });
      return ok({ access_token: fresh(), expires_in: 28800, token_type: 'bearer' });
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

  const outage: Outage = { get: false, set: false };
  const storage = createStorage();
  const down = (kind: 'get' | 'set', key: string) => outage[kind] && (outage.keys?.test(key) ?? true);
  const store = unstorageSessionStore(
    {
      getItem: async (key) => {
        if (down('get', key)) throw new Error('redis://secret@host: down');
        return storage.getItem(key);
      },
      setItem: async (key, value, options) => {
        if (down('set', key)) throw new Error('redis://secret@host: down');
        return storage.setItem(key, value, options);
      },
    },
    { claimSettleMs: 0, now: () => clock.now },
  );
  const server = (refreshAfterMs?: number) =>
    createPamServer({
      apiBaseURL: API,
      secrets: SECRETS,
      fetch,
      store,
      now: () => clock.now,
      ...(refreshAfterMs ? { refreshAfterMs } : {}),
    });
  return {
    clock,
    live,
    revoked,
    outage,
    server,
    issuedCount: () => issued,
    atRefresh: (then: () => void) => {
      atRefresh = then;
    },
  };
}

async function signedIn(pam: ReturnType<typeof createPamServer>, cookie?: string): Promise<string> {
  const answer = (await pam.handle(
    request('/pam/auth/login', {
      method: 'POST',
      cookie,
      body: { login: 'p@example.com', password: 'Secret123!' },
    }),
  ))!;
  expect(answer.status).toBe(200);
  return cookieOf(answer);
}

const logout = (pam: ReturnType<typeof createPamServer>, cookie: string) =>
  pam.handle(request('/pam/auth/logout', { method: 'POST', cookie }));
const profile = (pam: ReturnType<typeof createPamServer>, cookie: string) =>
  pam.handle(request('/pam/auth/user-profile?check_spa_again=1', { cookie }));
const clears = (answer: Response) =>
  answer.headers.getSetCookie().some((line) => /Max-Age=0(;|$)/.test(line));

describe('a store outage never skips a security step (REVIEW-P P1)', () => {
  for (const [what, fails] of [
    ['its writes fail', { get: false, set: true }],
    ['its reads fail', { get: true, set: false }],
    ['it is down', { get: true, set: true }],
  ] as const)
    it(`a logout while the store ${what}: the token revoked at the API, the cookie cleared, 204`, async () => {
      const w = world();
      const pam = w.server();
      const cookie = await signedIn(pam);
      const [token] = [...w.live];
      Object.assign(w.outage, fails);
      const answer = await logout(pam, cookie);
      expect(answer?.status).toBe(204);
      expect(clears(answer!)).toBe(true);
      expect(w.revoked).toContain(token);
      expect(w.live.size).toBe(0);
      // The store back: the same cookie is signed out here and on another instance.
      Object.assign(w.outage, { get: false, set: false });
      expect((await profile(pam, cookie))?.status).toBe(401);
      expect((await profile(w.server(), cookie))?.status).toBe(401);
    });

  it('(property) whichever store calls fail during a logout (after a refresh and a relogin), every token of the browser is revoked and the cookie cleared', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(
          undefined,
          /^pam-session:end:/,
          /^pam-session:out:/,
          /^pam-session:lin:/,
          /^pam-session:rot:/,
        ),
        fc.boolean(),
        async (get, set, keys, relogin) => {
          const w = world();
          const pam = w.server(1_000);
          let cookie = await signedIn(pam);
          if (relogin) cookie = await signedIn(pam, cookie);
          w.clock.now += 2_000; // the token is due: the profile read refreshes it
          const read = (await profile(pam, cookie))!;
          expect(read.status, await read.clone().text()).toBe(200);
          const stale = cookie;
          cookie = cookieOf(read) || cookie;
          Object.assign(w.outage, { get, set, keys });
          const answer = await logout(pam, stale); // a stale copy of the cookie, as a second tab holds
          expect(answer?.status).toBe(204);
          expect(clears(answer!)).toBe(true);
          expect([...w.live]).toEqual([]);
          Object.assign(w.outage, { get: false, set: false, keys: undefined });
          expect((await profile(w.server(), cookie))?.status).toBe(401);
        },
      ),
      { numRuns: 40 },
    );
  });

  for (const keys of [/^pam-session:rot:/, /^pam-session:end:/])
    it(`a refresh whose new token the store cannot record (${keys.source}): that token is revoked (never live, held by no one)`, async () => {
      const w = world();
      const pam = w.server(1_000);
      const cookie = await signedIn(pam);
      w.clock.now += 2_000;
      // Down from the refresh's call on: the rotation's record, or the read of its login's end.
      w.atRefresh(() => Object.assign(w.outage, { get: true, set: true, keys }));
      const outcome = await profile(pam, cookie).then(
        (answer) => answer?.headers.getSetCookie() ?? [],
        (error: Error) => error.name,
      );
      // The refresh ran (a second token issued at the API); the new token is not live.
      expect(w.issuedCount(), String(keys)).toBe(2);
      expect(w.live.has(`TOKEN-0002-abcdefgh`), String(keys)).toBe(false);
      expect(JSON.stringify(outcome)).not.toContain('redis');
    });

  it('a login over a live session while the store cannot record the end: the previous login is revoked at the API, the new one sealed', async () => {
    const w = world();
    const pam = w.server();
    const first = await signedIn(pam);
    Object.assign(w.outage, { set: true, keys: /^pam-session:end:/ });
    const second = await signedIn(pam, first);
    expect(w.revoked).toEqual(['TOKEN-0001-abcdefgh']);
    expect([...w.live]).toEqual(['TOKEN-0002-abcdefgh']);
    Object.assign(w.outage, { set: false });
    expect((await profile(pam, second))?.status).toBe(200);
    expect((await profile(w.server(), first))?.status).toBe(401);
  });

  it('(REVIEW-P P4) calls that need the store while it is down: a typed 503 (no-store, no cookie change, nothing of the error); getSession resolves unavailable', async () => {
    const w = world();
    const pam = w.server(1_000);
    const cookie = await signedIn(pam);
    Object.assign(w.outage, { get: true, set: true });
    for (const [path, method] of [
      ['/pam/auth/user-profile?check_spa_again=1', 'GET'],
      ['/pam/session', 'GET'],
      ['/pam/auth/login', 'POST'],
    ] as const) {
      const body = method === 'POST' ? { login: 'p@example.com', password: 'Secret123!' } : undefined;
      const answer = (await pam.handle(request(path, { method, cookie, body })))!;
      const text = await answer.text();
      expect(answer.status, path).toBe(503);
      expect(JSON.parse(text), path).toEqual({ message: 'The session store could not be reached.' });
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
      expect(answer.headers.getSetCookie(), path).toEqual([]);
    }
    expect([...w.live]).toEqual(['TOKEN-0001-abcdefgh']); // the login sent nothing: no token issued
    const seed = await pam.getSession(request('/', { cookie }));
    expect(seed.initial).toMatchObject({ status: 'unavailable', user: null, loginId: expect.any(String) });
    expect(seed.restrictions).toBeNull();
    expect(seed.headers.getSetCookie()).toEqual([]);
    // A due refresh whose claim fails: the same 503, nothing sent to the API.
    w.clock.now += 2_000;
    expect((await profile(pam, cookie))?.status).toBe(503);
    expect(w.issuedCount()).toBe(1);
    // No cookie: no store needed, signed out as always.
    expect((await pam.getSession(request('/'))).initial.status).toBe('signedOut');
  });
});
