// Two tabs over one store whose login the server revokes (every token 401, `expireTokens`), the
// channel lagging (REVIEW-AJ AJ-3): both refresh; tab B's refresh call is held `holdMs` of simulated
// time and then ends as `outcome` says: a new token (the server's real answer), a 401 (the server's
// answer forged here, as a revoked login's), a network failure (a TypeError, as `fetch` throws) or a
// 503 (those three never reach the server). Not revoked, the tabs refresh of their own (REFRESH).
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
    // The real answer is the server's own, given at once, read `holdMs` later.
    const answer = shape.outcome === 'token' ? await world.fetch(input, init) : null;
    await new Promise<void>((resolve) => world.clock.setTimeout(resolve, shape.holdMs));
    if (shape.outcome === 'network') throw new TypeError('fetch failed');
    if (shape.outcome === 'token') return answer!;
    return new Response(`{"message":"${shape.outcome === '401' ? 'Unauthenticated.' : 'down'}"}`, {
      status: Number(shape.outcome),
      headers: { 'content-type': 'application/json' },
    });
  };
}

/** Both tabs signed in, then the shape played out; the tabs and the server's word at the end. */
export async function play(
  world: World,
  shape: Shape,
): Promise<{ a: Tab; b: Tab; trace: { at: number; s: string }[]; t0: number }> {
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
  // B first: its call is on its way when A's answer comes. Revoked: an app call's 401 starts each
  // tab's refresh; else each is told to refresh.
  for (const t of [b, a]) {
    if (shape.revoked) t.client.http.get('/auth/user-profile').catch(() => {});
    else t.client.state.send({ type: 'REFRESH' } as never);
    await world.settle();
  }
  for (let t = 0; t < 2 * shape.holdMs + 30 * S; t += 500) {
    if (t >= shape.channelMs) world.hub.release();
    await world.advance(500, 250);
    look();
  }
  world.hub.release();
  // Two hours more, looked at every 10 s.
  for (let i = 0; i < 720; i++) {
    await world.advance(10 * S, 10 * S);
    look();
  }
  return { a, b, trace, t0 };
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
