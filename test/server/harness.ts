// The parts of a server-session test: the reference server and `pam-client/server` each on a real
// socket, one shared clock, and a cookie-keeping "browser" that scans everything it receives for
// a token.

import { defaults, unseal } from 'iron-webcrypto';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createPamServer, type PamServer, type PamServerOptions } from '../../src/server/index';
import type { ReferenceServer } from '../../src/testing/index';
import { type ServedHandler, serveHandler } from '../support/serve-handler';
import { type ServerFixture, useReferenceServer } from '../support/server';

export const SECRETS = [{ id: 'k1', secret: 'a-test-secret-of-at-least-32-characters!!' }];

/** A clock both servers read; tests move it. */
export interface TestClock {
  now: number;
}

/**
 * A server clock that runs on with real time from `start`, as a real server's does; a test may
 * still move it (`clock.now += ms`, or set it). Browser clients on real time learn the server's time
 * from each answer's `Date`: a server clock standing still while a test ran on a loaded machine was
 * rightly judged untrusted after some seconds (docs/time.md rule 5), the restrictions `stale` for
 * the rest of the test (a CI flake of `http-restriction-writes.property`).
 *
 * @example
 * const clock = runningClock();
 * const pam = usePam(clock);
 */
export function runningClock(start = Date.now()): TestClock {
  let moved = start - Date.now();
  return {
    get now() {
      return Date.now() + moved;
    },
    set now(ms: number) {
      moved = ms - Date.now();
    },
  };
}

export interface PamFixture {
  pam: PamServer;
  served: ServedHandler;
}

/** `pam-client/server` in front of `server`, served on 127.0.0.1:0. */
export async function startPam(
  server: ReferenceServer,
  clock: TestClock,
  options: Partial<PamServerOptions> = {},
): Promise<PamFixture> {
  const pam = createPamServer({
    apiBaseURL: server.url,
    secrets: SECRETS,
    now: () => clock.now,
    ...options,
  });
  const served = await serveHandler((request, context) => pam.handle(request, context));
  return { pam, served };
}

/**
 * A test file's servers: the reference server on `clock`, and one `pam-client/server` in front of
 * it for the whole file (`fx`, filled in before the first test, closed after the last).
 */
export function usePam(clock: TestClock): { ref: ServerFixture; fx: PamFixture } {
  const ref = useReferenceServer({ now: () => clock.now });
  const fx = {} as PamFixture;
  beforeAll(async () => {
    Object.assign(fx, await startPam(ref.server, clock));
  });
  afterAll(() => fx.served?.close());
  return { ref, fx };
}

/**
 * A test file's servers when each test starts its own `pam-client/server` instances (`pam(options)`,
 * closed after that test), in front of one reference server on `clock`.
 */
export function usePamPerTest(clock: TestClock): {
  ref: ServerFixture;
  pam(options?: Partial<PamServerOptions>): Promise<PamFixture>;
} {
  const ref = useReferenceServer({ now: () => clock.now });
  const started: PamFixture[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((f) => f.served.close()));
  });
  return {
    ref,
    async pam(options = {}) {
      const fx = await startPam(ref.server, clock, options);
      started.push(fx);
      return fx;
    },
  };
}

/** What a browser received: status, headers and body text of one answer. */
export interface Received {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** A browser of one player: keeps the cookie, sends Origin on calls, remembers every answer. */
export class Browser {
  cookie: string | null = null;
  readonly received: Received[] = [];

  constructor(
    private readonly origin: string,
    private readonly cookieName = '__Host-pam-session',
  ) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Received> {
    const h = new Headers(headers);
    if (this.cookie !== null && !h.has('cookie')) h.set('cookie', `${this.cookieName}=${this.cookie}`);
    if (method !== 'GET' && !h.has('origin')) h.set('origin', this.origin);
    if (body !== undefined) h.set('content-type', 'application/json');
    const res = await fetch(`${this.origin}${path}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (pair.slice(0, eq) !== this.cookieName) continue;
      const value = pair.slice(eq + 1);
      this.cookie = /Max-Age=0(;|$)/.test(line) || value === '' ? null : value;
    }
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    const received = { status: res.status, headers: res.headers, text, json };
    this.received.push(received);
    return received;
  }

  login(login: string, password: string, extra: Record<string, unknown> = {}): Promise<Received> {
    return this.call('POST', '/pam/auth/login', { login, password, ...extra });
  }
}

/** The session a cookie value holds (tests hold the secret). */
export async function openCookie(
  value: string,
): Promise<{ token: string; loginId: string; playerId: number }> {
  return (await unseal(
    globalThis.crypto as unknown as Parameters<typeof unseal>[0],
    value,
    { k1: SECRETS[0]!.secret },
    defaults,
  )) as never;
}

/** Every token the reference server has issued that appears in any answer a browser received. */
export function leakedTokens(received: readonly Received[], tokens: readonly string[]): string[] {
  const leaks: string[] = [];
  for (const r of received) {
    const headerText = [...r.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
    for (const t of tokens) if (r.text.includes(t) || headerText.includes(t)) leaks.push(t);
  }
  return leaks;
}

/**
 * A browser signed in through `url`, whose login's token then ended at the API itself (the API's
 * logout, an admin's revoke): its next call there is answered 401 (reviews 74, 75's clearing calls).
 */
export async function signedInEndedAtApi(
  url: string,
  server: { url: string; seed: { plain: { email: string; password: string } } },
) {
  const { email, password } = server.seed.plain;
  const b = new Browser(url);
  expect((await b.login(email, password)).status).toBe(200);
  const l1 = await openCookie(b.cookie!);
  await fetch(`${server.url}/auth/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${l1.token}`, accept: 'application/json' },
  });
  return { b, l1, email, password };
}

/** Whether an answer's cookie lines clear the session cookie (`Max-Age=0`). */
export const clearsCookie = (r: { headers: Headers }): boolean =>
  r.headers.getSetCookie().some((l) => /Max-Age=0(;|$)/.test(l));

/** Whether the token the cookie value `cookie` holds is live at the API (`apiUrl`, the reference server's). */
export async function liveAtApi(apiUrl: string, cookie: string): Promise<boolean> {
  const { token } = await openCookie(cookie);
  const res = await fetch(`${apiUrl}/auth/user-profile`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  return res.status === 200;
}
