// Review 140 (review 136's fix, machines/server-session/client.ts `pageOf`): what a player accepted is
// kept per page and prefix; `/pam` and `/pam//` are one prefix (the same proxy), so a
// client made again under the other keeps the pause against a lagging replica. (One test per file:
// the record is kept for the page, this file's module graph, on purpose.)
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

function open(fetch: typeof globalThis.fetch, prefix?: string) {
  const c = createServerSessionClient({
    fetch,
    ...(prefix && { prefix }),
    flows: [userModule()],
    environment: { channel: null },
    onStepUp: async () => ref.server.seed.plain.password,
  });
  clients.push(c);
  return c as typeof c & {
    user: { setTimeoutLimits(p: { user_pause: number; reason: number }): Promise<unknown> };
  };
}

describe('review 140: the server-session client remounted with the prefix spelled otherwise', () => {
  it('no localStorage: a client made again with prefix /pam// keeps the pause', async () => {
    const prefix = '/pam//';
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
    const b = open(net.fetch, prefix);
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
