// Review 144: a logout in tab A while tab B's refresh is in flight (B's answer late: the server
// rotated the token; World.delayAnswers), tabs on one fake BroadcastChannel hub, with each its own
// memory store or one shared store (localStorage's shape). What must hold: both tabs end signed out
// and stay so after B's answer lands, every store empty, the refreshed token revoked at the server
// and in no view; no `signedIn` after the logout in either tab.
import { createMemoryTokenStore } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { logIn, S, type Tab, useWorld } from '../support/world';

const world = useWorld();
const REFRESH = '/users/refresh-token';

async function live(token: string): Promise<boolean> {
  const r = await fetch(`${world.server.url}/auth/user-profile?check_spa_again=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await r.arrayBuffer();
  return r.ok;
}

const refreshed: string[] = [];
const capturing: typeof fetch = async (input, init) => {
  const res = await world.fetch(input, init);
  if (String(input instanceof Request ? input.url : input).includes(REFRESH) && res.ok) {
    const body = (await res.clone().json()) as { access_token?: string };
    if (body.access_token) refreshed.push(body.access_token);
  }
  return res;
};

async function run(shared: boolean, bDelayMs: number) {
  refreshed.length = 0;
  const store = shared ? createMemoryTokenStore() : undefined;
  const a = world.open({ tabId: 'tab-a', random: 0.3, fetch: capturing, ...(store && { storage: store }) });
  const b = world.open({ tabId: 'tab-b', random: 0.6, fetch: capturing, ...(store && { storage: store }) });
  const seen: string[] = [];
  for (const t of [a, b]) t.client.subscribe((v) => seen.push(JSON.stringify(v)));
  await logIn(world, a);
  await world.advance(2 * S);
  expect(b.client.view.status).toBe('signedIn');
  world.delayAnswers({ method: 'POST', path: REFRESH, ms: bDelayMs, times: 1 });
  b.client.state.send({ type: 'REFRESH' });
  // (Its claim to the other tabs first: a jittered wait.)
  for (let i = 0; i < 100 && world.count('POST', REFRESH) === 0; i++) await world.advance(100);
  expect(world.count('POST', REFRESH)).toBe(1);
  const marks = [a, b].map((t) => t.events.length);
  a.client.logout();
  await world.advance(20 * S);
  return { a, b, seen, marks };
}

async function expectAllOut(tabs: Tab[], seen: string[], marks: number[]) {
  for (const [i, t] of tabs.entries()) {
    expect(t.client.view.status, `tab ${i}`).toBe('signedOut');
    expect(await t.client.tokens.get(), `tab ${i} store`).toBeNull();
    expect(t.events.slice(marks[i]), `tab ${i} events`).not.toContain('signedIn');
  }
  expect(refreshed).toHaveLength(1);
  expect(seen.filter((s) => s.includes(refreshed[0]!))).toEqual([]);
  expect(await live(refreshed[0]!)).toBe(false);
}

describe("review 144: a logout in one tab while another tab's refresh is in flight (held)", () => {
  for (const shared of [false, true])
    for (const ms of [1 * S, 8 * S])
      it(`${shared ? 'one shared store' : 'a store per tab'}, B's answer ${ms / S} s late`, async () => {
        const { a, b, seen, marks } = await run(shared, ms);
        await expectAllOut([a, b], seen, marks);
      });
});
