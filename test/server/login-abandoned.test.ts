// A login the browser gave up on (REVIEW-S S-7, the server half): the browser-side client aborts
// its call to the proxy on cancel(), logout() or stop() mid-login, and a browser drops the
// Set-Cookie of an aborted fetch. A cookie sealed then is held by no one, its token live at the
// API until its expiry. When the platform tells the server (the Request's `signal` aborted: Node
// adapters, Next.js, Deno on a closed connection), the login's token is revoked, no cookie sealed.

import { describe, expect, it } from 'vitest';
import { createPamServer } from '../../src/server/index';
import { SECRETS } from './harness';
import { APP, latch, loginOk, TOKEN } from './hostile';

const API = 'https://api.example';

function world() {
  const [held, release] = latch();
  const revoked: string[] = [];
  let arrived = () => {};
  const atApi = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    if (path === '/auth/login') {
      arrived();
      await held; // the API slow to sign the player in (the signal not honoured: the answer comes)
      return new Response(JSON.stringify(loginOk()), { headers: { 'content-type': 'application/json' } });
    }
    if (path === '/auth/logout') {
      revoked.push((new Headers(init?.headers).get('authorization') ?? '').replace(/^bearer /i, ''));
      return new Response(null, { status: 204 });
    }
    return new Response('{}', { status: 404 });
  }) as typeof globalThis.fetch;
  const pam = createPamServer({ apiBaseURL: API, secrets: SECRETS, fetch });
  const login = (signal: AbortSignal) =>
    pam.handle(
      new Request(`${APP}/pam/auth/login`, {
        method: 'POST',
        headers: { 'x-pam-client': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'p@example.com', password: 'Secret123!' }),
        signal,
      }),
    );
  return { login, release, revoked, atApi };
}

describe('a login the browser gave up on is revoked, never sealed (REVIEW-S S-7)', () => {
  it('aborted while the API signs the player in: no session cookie, the token revoked at the API', async () => {
    const w = world();
    const browser = new AbortController();
    const pending = w.login(browser.signal);
    await w.atApi;
    browser.abort(); // cancel(), logout() or stop() in the browser
    w.release();
    const answer = (await pending)!;
    expect(answer.status).not.toBe(200);
    expect(answer.headers.getSetCookie().filter((line) => !/Max-Age=0(;|$)/.test(line))).toEqual([]);
    expect(w.revoked).toEqual([TOKEN]);
  });

  it('not aborted: sealed as always, nothing revoked', async () => {
    const w = world();
    const pending = w.login(new AbortController().signal);
    await w.atApi;
    w.release();
    const answer = (await pending)!;
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie()).toHaveLength(1);
    expect(w.revoked).toEqual([]);
  });
});
