// Review 145 (holds): the cross-tab channel `createPamClient` opens is named after its baseURL
// (`pam-client:<baseURL>`), a real BroadcastChannel here (Node's). Clients of two APIs in one page
// never share a session: API A's login (and its token) is not handed to API B's client, and A's
// logout does not sign B out. A second client of API A (the control) does share A's session.
import type { ReferenceServer } from 'pam-client/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';
import { logIn, S, type Tab, useWorld } from '../support/world';

const world = useWorld();
const other = useReferenceServer({ now: () => world.now() });
const g = globalThis as Record<string, unknown>;
const saved = { document: g.document, window: g.window };
afterEach(() => {
  world.closeAll();
  for (const k of ['document', 'window'] as const)
    if (saved[k] === undefined) delete g[k];
    else g[k] = saved[k];
});

/** A client whose channel is the one `createPamClient` opens itself (a page: document and window). */
function openPageClient(tabId: string, random: number, baseURL?: string): Tab {
  Object.assign(g, { document: g.document ?? new EventTarget(), window: g.window ?? new EventTarget() });
  return world.open({ tabId, random, ...(baseURL && { baseURL }), environment: { channel: undefined } });
}

const carrying = (server: ReferenceServer, token: string) =>
  server.requests.filter((r) => r.headers.authorization?.includes(token)).length;

describe('review 145: one page, two APIs, one BroadcastChannel each', () => {
  it("A's login reaches A's other client only; A's logout does not end B's login", async () => {
    expect(typeof g.BroadcastChannel).toBe('function');
    const a = openPageClient('tab-a', 0.3);
    const a2 = openPageClient('tab-a2', 0.6);
    const b = openPageClient('tab-b', 0.45, other.server.url);
    await logIn(world, a);
    for (let i = 0; i < 40 && a2.state() !== 'signedIn'; i++) await world.advance(S / 10);
    await world.advance(2 * S);
    const tokenA = (await a.token())!;
    expect(a2.state()).toBe('signedIn'); // the control: the channel carries A's session
    expect(await a2.token()).toBe(tokenA);
    expect(b.state()).toBe('signedOut');
    expect(await b.token()).toBeNull();
    expect(carrying(other.server, tokenA)).toBe(0);

    const { email, password } = other.server.seed.plain;
    b.client.login({ login: email, password });
    await world.advance(3 * S);
    expect(b.state()).toBe('signedIn');
    const tokenB = (await b.token())!;
    expect(await a.token()).toBe(tokenA);

    a.client.logout();
    await world.advance(3 * S);
    expect([a.state(), a2.state()]).toEqual(['signedOut', 'signedOut']);
    expect(b.state()).toBe('signedIn');
    expect(await b.token()).toBe(tokenB);
    expect(carrying(world.server, tokenB)).toBe(0);
  });
});
