// Review 136: review 135 made `createPamClient` keep what a player accepted per token store, so a
// remount (a client stopped and created again in the same page: an unmount and mount, a hot
// reload) without `localStorage` (a sandboxed frame, a blocked storage) keeps it. The server-session
// client (`createServerSessionClient`, the same page's cookie session) still keeps it per client
// (`acceptedStoreOf({})`, machines/server-session/client.ts): the remounted client, its profile
// read from a lagging replica, shows the player who paused a moment ago free to bet (fail open).
import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { browserProfile, runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const NO_PAUSE = { user_pause: 0, user_pause_at: null, user_pause_in: null, user_pause_min: null };

/** The browser's fetch; with `lag` on, the profile and login answers come from a replica without the pause. */
function lagging(fetch: typeof globalThis.fetch) {
  const gate = { lag: false, profileReads: 0 };
  const call = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(typeof input === 'string' || input instanceof URL ? input : input.url);
    const res = await fetch(input, init);
    if (url.includes('user-profile')) gate.profileReads++;
    if (!gate.lag || res.status !== 200 || !/user-profile|auth\/login|session/.test(url)) return res;
    const body = (await res.json()) as { userInfo?: Record<string, unknown> };
    if (body.userInfo) Object.assign(body.userInfo, NO_PAUSE);
    return new Response(JSON.stringify(body), { status: 200, headers: res.headers });
  }) as typeof fetch;
  return { fetch: call, gate };
}

function open(fetch: typeof globalThis.fetch) {
  const c = createServerSessionClient({
    fetch,
    flows: [userModule()],
    environment: { channel: null },
    onStepUp: async () => ref.server.seed.plain.password,
  });
  clients.push(c);
  return c as typeof c & {
    user: { setTimeoutLimits(p: { user_pause: number; reason: number }): Promise<unknown> };
  };
}

describe('review 136: a server-session client remounted in the same page keeps the pause', () => {
  it('no localStorage: the next client, its profile read from a lagging replica, is barred', async () => {
    expect((globalThis as { localStorage?: unknown }).localStorage).toBeUndefined();
    const profile = browserProfile(fx.served.url);
    const net = lagging(profile.fetch);
    const a = open(net.fetch);
    await a.ready;
    const { plain } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.restrictions?.status === 'current', 'signed in, restrictions read');
    expect(a.view.restrictions?.canBet).toBe(true);
    await a.user.setTimeoutLimits({ user_pause: 7, reason: 1 });
    await until(() => !!a.view.restrictions?.inForce.some((r) => r.kind === 'pause'), 'the pause read');
    expect(a.view.restrictions?.canBet).toBe(false);
    a.stop();
    net.gate.lag = true;
    const b = open(net.fetch);
    const seen: (boolean | undefined)[] = [];
    b.subscribe((v) => seen.push(v.restrictions?.canBet));
    await b.ready;
    await until(() => b.view.status === 'signedIn', 'the cookie session taken (a lagging replica)');
    await until(() => profile.seen.at(-1)?.url.endsWith('/session') === true, 'the session read answered');
    await turns(20);
    expect(b.view.status).toBe('signedIn');
    expect(b.view.restrictions?.canBet).toBe(false);
    expect(seen).not.toContain(true);
  });
});
