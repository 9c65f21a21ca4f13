// Review 158: messages from "another tab" that are malformed, replayed, out of order or name
// another player never sign a tab in to a login the server ended, never end a newer login, never
// crash the session; stop() leaves no timer, no listener and sends nothing.
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import type { FakeChannel } from '../support/fake-channel';
import { logIn, S, type Tab, useWorld } from '../support/world';

const world = useWorld();
type Msg = Record<string, unknown> & { type?: string; session?: { accessToken?: string; seq?: number } };
const sent = () => world.hub.sent as Msg[];
const post = (evil: FakeChannel, m: unknown) => evil.postMessage(m);

async function stopped(tabs: Tab[]) {
  for (const t of tabs) t.client.stop();
  const n = world.server.requests.length;
  await world.advance(5 * 60 * S, 10 * S);
  expect(world.timers).toBe(0);
  expect(world.server.requests.length).toBe(n);
  for (const t of tabs) expect(t.channel?.listenerCount ?? 0).toBe(0);
}

describe("review 158: another tab's hostile or stale word", () => {
  it('malformed messages are refused: nothing changes, nothing crashes', async () => {
    const a = world.open({ tabId: 'tab-a' });
    await logIn(world, a);
    await world.advance(2 * S);
    const before = JSON.stringify(a.client.view);
    const evil = world.hub.channel();
    const base = { app: 'pam-client', v: 1, from: 'evil' };
    const junk: unknown[] = [
      null,
      42,
      'x',
      [],
      { app: 'other' },
      { ...base, v: 2, type: 'signedOut' },
      { ...base, from: '', type: 'claim' },
      { ...base, type: 'signedOut', reason: 'hack', seq: 1, sid: 1, at: 0 },
      { ...base, type: 'signedOut', reason: 'logout', seq: -1, sid: 1, at: 0 },
      {
        ...base,
        type: 'session',
        reason: 'login',
        session: {
          accessToken: 'a\r\nb',
          tokenType: 'Bearer',
          expiresAt: null,
          savedAt: 0,
          userId: 1,
          seq: 9,
          sid: 9,
        },
        user: null,
      },
      {
        ...base,
        type: 'session',
        reason: 'login',
        session: {
          accessToken: 'abc',
          tokenType: 'Bearer',
          expiresAt: null,
          savedAt: 0,
          userId: 1,
          seq: 9,
          sid: 9,
        },
        user: { id: 2 },
      },
      {
        ...base,
        type: 'session',
        reason: 'login',
        session: { accessToken: 'abc', tokenType: 'Bearer', expiresAt: null, savedAt: 0, seq: 9, sid: 9 },
        user: null,
      },
      {
        ...base,
        type: 'session',
        reason: 'login',
        session: {
          accessToken: 'abc',
          tokenType: 'Bearer',
          expiresAt: null,
          savedAt: 0,
          userId: 1,
          seq: 2 ** 60,
          sid: 9,
        },
        user: null,
      },
      JSON.parse(
        `{"app":"pam-client","v":1,"from":"evil","type":"profile","userInfo":{"__proto__":{"canBet":true}},"at":1,"userId":1,"sid":1}`,
      ),
      { ...base, type: 'profile', userInfo: { pad: 'x'.repeat(70_000) }, at: 1, userId: 1, sid: 1 },
    ];
    for (const m of junk) post(evil, m);
    await world.advance(3 * S);
    expect(a.state()).toBe('signedIn');
    expect(JSON.stringify(a.client.view)).toBe(before);
    expect(({} as { canBet?: unknown }).canBet).toBeUndefined();
    expect(world.server.requests.filter((r) => r.headers.authorization?.includes('abc'))).toEqual([]);
    await stopped([a]);
  });

  it("a login's session message replayed after its logout signs no tab in, a tab opened since included", async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3 });
    const b = world.open({ tabId: 'tab-b', random: 0.6 });
    await logIn(world, a);
    await world.advance(2 * S);
    const login = sent().find((m) => m.type === 'session');
    expect(login).toBeTruthy();
    a.client.logout();
    await world.advance(3 * S);
    const c = world.open({ tabId: 'tab-c' });
    await world.advance(2 * S);
    for (const t of [a, b, c]) expect(t.state()).toBe('signedOut');
    const evil = world.hub.channel();
    post(evil, { ...login, from: 'tab-a' });
    post(evil, { ...login, from: 'tab-z', reason: 'sync' });
    await world.advance(S);
    for (const t of [a, b, c]) expect(t.client.view.status).toBe('signedOut');
    await stopped([a, b, c]);
  });

  it('an old sign-out replayed after a new login ends nothing; refreshes heard out of order keep the newest token', async () => {
    const a = world.open({ tabId: 'tab-a', random: 0.3 });
    const b = world.open({ tabId: 'tab-b', random: 0.6 });
    await logIn(world, a);
    await world.advance(2 * S);
    a.client.logout();
    await world.advance(2 * S);
    const out = sent().find((m) => m.type === 'signedOut');
    expect(out).toBeTruthy();
    await logIn(world, a, 'paused');
    await world.advance(2 * S);
    const evil = world.hub.channel();
    post(evil, { ...out, from: 'tab-a' });
    await world.advance(2 * S);
    for (const t of [a, b]) expect(t.state()).toBe('signedIn');
    // Two refreshes, then their messages heard again, older last.
    await world.advance(6 * 3600 * S + 2 * 60 * S, 30 * S);
    await world.advance(6 * 3600 * S + 2 * 60 * S, 30 * S);
    const refreshes = sent().filter((m) => m.type === 'session' && m.reason === 'refresh');
    expect(refreshes.length).toBeGreaterThanOrEqual(2);
    const newest = await a.token();
    for (const m of [...refreshes].reverse()) post(evil, { ...m, from: 'tab-z' });
    await world.advance(2 * S);
    for (const t of [a, b]) {
      expect(t.state()).toBe('signedIn');
      expect(await t.token()).toBe(newest);
      expect(sessionActorOf(t.client).getSnapshot().context.userId).toBe(world.server.seed.paused.id);
    }
    await stopped([a, b]);
  });

  it('words of another player (restricted, limits, in flight lifted, profile) never unbar nor show them', async () => {
    const a = world.open({ tabId: 'tab-a' });
    await logIn(world, a, 'paused');
    await world.advance(2 * S);
    expect(a.client.view.restrictions).toMatchObject({ canBet: false });
    const c = sessionActorOf(a.client).getSnapshot().context;
    const evil = world.hub.channel();
    const base = { app: 'pam-client', v: 1, from: 'evil' };
    post(evil, {
      ...base,
      type: 'inflight',
      kind: 'pause',
      id: 'x',
      settled: true,
      userId: c.userId,
      sid: c.sid,
    });
    post(evil, {
      ...base,
      type: 'profile',
      userInfo: { id: 1, email: 'player@example.com' },
      at: Math.floor(world.now() + 60 * S),
      userId: 1,
      sid: c.sid,
    });
    post(evil, {
      ...base,
      type: 'profile',
      userInfo: { id: 4 },
      at: Math.floor(world.now() + 60 * S),
      userId: c.userId,
      sid: c.sid,
    });
    await world.advance(5 * S);
    expect(a.client.view.restrictions).toMatchObject({ canBet: false });
    expect(JSON.stringify(a.client.view)).not.toContain('player@example.com');
    await stopped([a]);
  });
});
