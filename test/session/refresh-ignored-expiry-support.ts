// Two tabs over one store whose login the server revokes (every token 401, `expireTokens`), the
// channel lagging (REVIEW-AJ AJ-3): both refresh; tab B's refresh call is held `holdMs` of simulated
// time and then ends as `outcome` says: a new token (the server's real answer), a 401 (the server's
// real answer, the login revoked), a network failure (a TypeError, as `fetch` throws) or a 503.
// Tab A's 401 signs it out as expired and it tells the others; B hears that while its call is on
// its way.

import { createMemoryTokenStore } from 'pam-client';
import { S, type Tab, type World } from '../support/world';
import { draws, signIn } from './revoke-support';

export type Outcome = 'token' | '401' | 'network' | '503';

export interface Shape {
  /** What B's refresh call ends with. */
  outcome: Outcome;
  /** Whether the server revoked the login (every token 401) before the tabs refresh. */
  revoked: boolean;
  /** How long the channel holds its messages (simulated ms) once the tabs refresh. */
  channelMs: number;
  /** How long B's refresh call is on its way (simulated ms). */
  holdMs: number;
}

/** B's `fetch`: its first refresh call, once armed, held `holdMs` and then ended as `outcome`. */
function bFetch(world: World, shape: Shape, armed: { on: boolean }): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!armed.on || new URL(url).pathname !== '/users/refresh-token') return world.fetch(input, init);
    armed.on = false;
    // A real answer (a new token or the 401) is the server's own, given at once, read `holdMs` later.
    const real = shape.outcome === 'token' || shape.outcome === '401' ? world.fetch(input, init) : null;
    const answer = real ? await real : null;
    await new Promise<void>((resolve) => world.clock.setTimeout(resolve, shape.holdMs));
    if (shape.outcome === 'network') throw new TypeError('fetch failed');
    if (shape.outcome === '503')
      return new Response('{"message":"down"}', {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    return answer!;
  };
}

/** Both tabs signed in, then the shape played out; the tabs and the server's word at the end. */
export async function play(world: World, shape: Shape): Promise<{ a: Tab; b: Tab; trace: { at: number; s: string }[] }> {
  const storage = createMemoryTokenStore();
  const armed = { on: false };
  const a = world.open({ tabId: 'tab-a', storage, retry: 0, environment: { random: draws(0.3) } });
  const b = world.open({
    tabId: 'tab-b',
    storage,
    retry: 0,
    fetch: bFetch(world, shape, armed),
    environment: { random: draws(0.6) },
  });
  await world.settle();
  await signIn(world, a);
  await world.advance(30 * S, 500);
  const trace: { at: number; s: string }[] = [];
  const t0 = world.now();
  const look = () => {
    const s = [a, b].map((t) => `${t.client.view.status}/${t.client.view.restrictions?.canBet}`).join(' ');
    if (trace.at(-1)?.s !== s) trace.push({ at: world.now() - t0, s });
  };
  look();
  world.hub.hold();
  armed.on = true;
  if (shape.revoked) world.server.expireTokens();
  // B first: its call is on its way when A's answer comes.
  b.client.http.get('/auth/user-profile').catch(() => {});
  await world.settle();
  a.client.http.get('/auth/user-profile').catch(() => {});
  for (let t = 0; t < 2 * shape.holdMs + 10 * S; t += 500) {
    if (t >= shape.channelMs) world.hub.release();
    await world.advance(500, 250);
    look();
  }
  world.hub.release();
  for (let i = 0; i < 20; i++) {
    await world.advance(6 * 60 * S, 10 * S);
    look();
  }
  return { a, b, trace };
}

/** Whether the server takes `token` (a profile read answers other than 401). */
export async function liveAtServer(world: World, token: string | null): Promise<boolean> {
  if (!token) return false;
  const r = await globalThis.fetch(`${world.server.url}/auth/user-profile`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await r.arrayBuffer();
  return r.status !== 401;
}

export { S };
