// A server-session client in a page, on a clock and timers the test moves by hand: started at
// server time `at` (base `at - offset`) from a seed, its `fetch` answering each path as the test
// says (or never, until aborted), every view it showed and every event it told recorded.

import type { PamSessionSeed } from 'pam-client';
import { afterEach } from 'vitest';
import type { PamClock } from '../../machines/clock';
import type { BroadcastChannelLike } from '../../machines/environment';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { answeredUserInfo } from '../support/answered-user-info';
import { manualTimers } from '../support/manual-timers';

export const S = 1_000;
export const H = 3_600_000;
export const DAY = 86_400_000;
/** The clock's stated bound (`PamClock.boundMs`). */
export const BOUND = 2_000;
/** 12:00 in São Paulo (UTC-3), and the next São Paulo midnight. */
export const NOON = Date.UTC(2026, 10, 24, 15);
export const MIDNIGHT = Date.UTC(2026, 10, 25, 3);

/** A `signedIn` seed of player 4, login `login-1`, read at `readAt`, ending at `expiresAt`. */
export const seedOf = (over: Partial<PamSessionSeed> & { readAt: number }): PamSessionSeed => ({
  status: 'signedIn',
  user: { id: 4, cancelled_account: false } as PamSessionSeed['user'],
  userInfo: answeredUserInfo(),
  loginId: 'login-1',
  expiresAt: over.readAt + 10 * DAY,
  ...over,
});

/**
 * The login route's answer: player 4 (`playerId` in the server session), login `login-9` signed in
 * at `NOON`, ending at `expiresAt`.
 */
export const loginAnswer = (o: { expiresAt: number; playerId?: number }) => ({
  status: 200,
  body: {
    expires_in: 28_800,
    token_type: 'Bearer',
    user: { id: 4, email: 'player@example.com', cancelled_account: false },
    userInfo: answeredUserInfo(),
    server_session: {
      login_id: 'login-9',
      player_id: o.playerId ?? 4,
      signed_in_at: NOON,
      expires_at: o.expiresAt,
    },
  },
});

/** A signed-out seed (no session). */
export const SIGNED_OUT: PamSessionSeed = {
  status: 'signedOut',
  user: null,
  userInfo: null,
  readAt: null,
  loginId: null,
  expiresAt: null,
};

/** A seed that sends the client to `GET <prefix>/session` (the server could not read the profile). */
export const UNAVAILABLE: PamSessionSeed = {
  status: 'unavailable',
  user: null,
  userInfo: null,
  readAt: null,
  loginId: 'login-1',
  expiresAt: null,
};

/**
 * The one clock, by hand: base `t.now`, server time `t.now + t.offset`, trust `t.trusted`, and
 * whether it learned the server's time `t.learned` (`PamClock.learned`; undefined: no such method).
 */
function handClock(t: { now: number; offset: number; trusted: boolean; learned?: boolean }): PamClock {
  const clock: PamClock = {
    boundMs: BOUND,
    now: () => t.now,
    serverNow: () => t.now + t.offset,
    trusted: () => t.trusted,
    learn: () => {},
    subscribe: () => () => {},
    offsetMs: () => t.offset,
    monotonic: () => t.now,
  };
  return t.learned === undefined ? clock : Object.assign(clock, { learned: () => t.learned !== false });
}

export type Answer = { status: number; body: unknown; headers?: Record<string, string> } | 'hang';

type View = ServerSessionClientBase['view'];
type ServerSessionFlows = NonNullable<Parameters<typeof createServerSessionClient>[0]>['flows'];

/** Whether a view lets the player bet. */
export const free = (v: View) => v.restrictions?.canBet === true;

/**
 * A client started at server time `o.at` from `initial` (`undefined`: none), on manual timers;
 * `answer(path)` answers each request (`hang`: never, until aborted). Stop it when done.
 */
export function startSeeded(
  initial: PamSessionSeed | undefined,
  o: {
    at: number;
    offset?: number;
    trusted?: boolean;
    /** Whether the clock learned the server's time (`PamClock.learned`); absent: a clock without the method. */
    learned?: boolean;
    answer?: (path: string, body?: unknown) => Answer | Promise<Answer>;
    /** The page's tabs channel (default none). */
    channel?: BroadcastChannelLike;
    /** The client's request timeout (`timeout`; default the adapter's). */
    timeout?: number;
    /** The client's flows (default none). */
    flows?: ServerSessionFlows;
  },
) {
  const offset = o.offset ?? 0;
  const t = { now: o.at - offset, offset, trusted: o.trusted ?? true, learned: o.learned };
  const { timers, advance } = manualTimers(t);
  const paths: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(typeof input === 'string' || input instanceof URL ? input : input.url);
    paths.push(path);
    // (One given as a promise is awaited: the test answers it when it says; else no extra turn.)
    const r = o.answer?.(path, init?.body);
    const a = (r instanceof Promise ? await r : r) ?? 'hang';
    if (a === 'hang')
      return new Promise<never>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    return new Response(JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json', ...a.headers },
    });
  }) as typeof globalThis.fetch;
  const client = createServerSessionClient({
    ...(initial === undefined ? {} : { initial }),
    fetch,
    ...(o.timeout === undefined ? {} : { timeout: o.timeout }),
    ...(o.flows && { flows: o.flows }),
    environment: { channel: o.channel ?? null, clock: handClock(t), timers },
  });
  const views: View[] = [client.view];
  /** The server time each view was shown at. */
  const shownAt: number[] = [o.at];
  client.subscribe((v) => {
    views.push(v);
    shownAt.push(t.now + t.offset);
  });
  const events: { type: string; status?: string }[] = [];
  for (const type of ['signedIn', 'signedOut', 'sessionExpired', 'restrictionsUnavailable'] as const)
    client.on(type, (e) => events.push({ type, status: (e as { status?: string }).status }));
  const reads = (part: string) => paths.filter((p) => p.includes(part)).length;
  return { client, t, advance, views, shownAt, events, reads };
}

/** `startSeeded`, each client it starts stopped after its test. Call once, at a test file's top level. */
export function seededClients(): typeof startSeeded {
  const clients: ServerSessionClientBase[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.stop();
  });
  return (...args) => {
    const started = startSeeded(...args);
    clients.push(started.client);
    return started;
  };
}
