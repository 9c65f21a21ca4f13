// The revoke tests' world (REVIEW-H H2, H3, M1): tabs on the reference server (real sockets, the
// world's simulated clock) whose `fetch` records every token the server grants (a login's, a
// refresh's) as the answer leaves the server, before the client reads it or gives up on it, and
// holds chosen answers on the world's clock. A request always reaches the server (it issues the
// token); an abort only stops the client from reading the answer, as a network abort after the
// request was sent. `live()` asks the server which of them still open the API.

import { expect } from 'vitest';
import { logIn, S, type Tab, type TabOptions, type World } from '../support/world';

/** The paths whose answer grants a token. */
const GRANTS = ['/auth/login', '/users/refresh-token'];

const aborted = (signal: AbortSignal) =>
  signal.reason ?? new DOMException('This operation was aborted', 'AbortError');

/** Every token the server granted through these tabs, and answers held on the world's clock. */
export function grantsOf(world: World) {
  const issued: string[] = [];
  /** Simulated delays of the next answers, by path (first in, first out). */
  const held = new Map<string, number[]>();
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const path = new URL(url).pathname;
    const signal = init?.signal ?? null;
    if (signal?.aborted) throw aborted(signal);
    // Sent whatever the signal says later: the server handles it (and grants its token).
    const { signal: _signal, ...rest } = init ?? {};
    const response = await world.fetch(input, rest);
    if (GRANTS.includes(path)) {
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as { access_token?: unknown } | null;
      if (typeof body?.access_token === 'string') issued.push(body.access_token);
    }
    const ms = held.get(path)?.shift() ?? 0;
    if (ms === 0) {
      if (signal?.aborted) throw aborted(signal);
      return response;
    }
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => {
        world.clock.clearTimeout(timer);
        reject(aborted(signal!));
      };
      const timer = world.clock.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve(response);
      }, ms);
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  };
  return {
    issued,
    fetch,
    /** The next answer to `path` reaches the client `ms` of simulated time after the server gave it. */
    hold(path: string, ms: number) {
      held.set(path, [...(held.get(path) ?? []), ms]);
    },
    /** A tab of this world whose calls go through the recording `fetch`. */
    open(o: TabOptions = {}): Tab {
      return world.open({ retry: 0, ...o, fetch });
    },
    /** The granted tokens the server still takes (a profile read answers 200). */
    async live(): Promise<string[]> {
      const out: string[] = [];
      for (const token of issued) {
        const r = await globalThis.fetch(`${world.server.url}/auth/user-profile`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await r.arrayBuffer();
        if (r.status !== 401) out.push(token);
      }
      return out;
    },
  };
}

export type Grants = ReturnType<typeof grantsOf>;

/** Lets the world run `ms` of simulated time (answers held, detached calls, grace periods). */
export async function runFor(world: World, ms = 20 * S): Promise<void> {
  await world.advance(ms, 100);
}

/** Signs every tab out (a logout where it still holds or starts a session) until all are signed out. */
export async function signOutAll(world: World, tabs: Tab[]): Promise<void> {
  for (let round = 0; round < 10 && tabs.some((t) => t.client.view.status !== 'signedOut'); round++) {
    for (const t of tabs) if (t.client.view.status !== 'signedOut') t.client.logout();
    await runFor(world, 5 * S);
  }
  for (const t of tabs) expect(t.client.view.status).toBe('signedOut');
}

/** `tab` signed in as the plain seed account (the world's `logIn`). */
export const signIn = (world: World, tab: Tab) => logIn(world, tab);

/** Draws in [0, 1) from `start`, each another (the golden ratio's steps): a login id per login. */
export const draws = (start: number) => {
  let x = start;
  return () => {
    x = (x + 0.618_033_988_75) % 1;
    return x;
  };
};
