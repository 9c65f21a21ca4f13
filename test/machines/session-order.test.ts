import { createAuthModule, createMemoryTokenStore, createOfetchAdapter, type TokenStore } from 'pam-client';
import { sessionMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { CrossTab } from '../../machines/cross-tab';
import { COUNTER_MAX } from '../../machines/session/order';
import { until } from '../support/event-loop';
import { crossTabOn, FakeChannelHub } from '../support/fake-channel';
import { freeUserInfo } from '../support/free-user-info';
import { useReferenceServer } from '../support/server';

// Issue 26 symptom 9: two logins committed in the same millisecond in two tabs converge on one
// player, even when every part of their order but the player ties (the same counter, the same
// login id drawn from the same random source, the same instant).

const ctx = useReferenceServer();
/** The one instant both logins are committed at. */
const INSTANT = 1_700_000_000_000;

function tabSession(
  tokens: TokenStore,
  crossTab: CrossTab,
  random: () => number,
  now: (() => number) | null = () => INSTANT,
) {
  const http = createOfetchAdapter({
    baseURL: ctx.server.url,
    getAccessToken: async () => (await tokens.get())?.accessToken ?? null,
  });
  return createActor(sessionMachine, {
    input: {
      auth: createAuthModule(http),
      tokens,
      crossTab,
      environment: now ? { random, now } : { random },
    },
  });
}
const tab = crossTabOn;

describe('session order: equal counters (issue 26 symptom 9)', () => {
  it('two logins with the same counter, login id and instant still leave one player signed in', async () => {
    const hub = new FakeChannelHub();
    const a = tabSession(createMemoryTokenStore(), tab(hub, 'a'), () => 0.25).start();
    const b = tabSession(createMemoryTokenStore(), tab(hub, 'b'), () => 0.25).start();
    await waitFor(a, (s) => s.matches('signedOut'));
    await waitFor(b, (s) => s.matches('signedOut'));
    const { plain, paused } = ctx.server.seed;
    hub.hold();
    a.send({ type: 'LOGIN', login: plain.email, password: plain.password });
    b.send({ type: 'LOGIN', login: paused.email, password: paused.password });
    await waitFor(a, (s) => s.matches('signedIn'), { timeout: 10_000 });
    await waitFor(b, (s) => s.matches('signedIn'), { timeout: 10_000 });
    const [ca, cb] = [a.getSnapshot().context, b.getSnapshot().context];
    expect([ca.seq, ca.sid, ca.savedAt]).toEqual([cb.seq, cb.sid, cb.savedAt]);
    expect(ca.userId).not.toBe(cb.userId);
    hub.release();
    await until(() => a.getSnapshot().context.userId === b.getSnapshot().context.userId, 'the tabs agree');
    // Either order of delivery gives the same winner: the higher player id (the last tie-break).
    expect(a.getSnapshot().context.userId).toBe(Math.max(plain.id, paused.id));
    a.stop();
    b.stop();
  });
});

describe('session freshness over the channel (issue 26 symptom 1)', () => {
  it("a barred player's tab keeps the exclusion when another tab's older or lifting read arrives", async () => {
    const hub = new FakeChannelHub();
    const tabB = tabSession(createMemoryTokenStore(), tab(hub, 'b'), Math.random, null).start();
    const barred = ctx.server.seed.spaBarred;
    tabB.send({ type: 'LOGIN', login: barred.email, password: barred.password });
    const read = await waitFor(tabB, (s) => s.context.restrictions?.status === 'current', {
      timeout: 10_000,
    });
    expect(read.context.restrictions).toMatchObject({ canBet: false, accountBlocked: true });
    const { userId, sid, restrictions } = read.context;
    const checkedAt = restrictions?.checkedAt as number;
    const raw = hub.channel();
    const free = freeUserInfo();
    const post = (at: number) =>
      raw.postMessage({
        app: 'pam-client',
        v: 1,
        from: 'a',
        type: 'profile',
        userInfo: free,
        at,
        userId,
        sid,
      });
    const reads = () => ctx.server.requests.filter((r) => r.path === '/auth/user-profile').length;
    // Read before the SPA barred the player, delivered late.
    post(checkedAt - 10_000);
    await new Promise((r) => setImmediate(r));
    expect(tabB.getSnapshot().context.restrictions).toMatchObject({ canBet: false, checkedAt });
    // Newer, but it would lift the exclusion: not taken; this tab reads for itself.
    const before = reads();
    post(checkedAt + 1);
    await until(() => reads() > before, 'the tab read for itself');
    await waitFor(tabB, (s) => (s.context.restrictions?.checkedAt ?? 0) > checkedAt, { timeout: 10_000 });
    expect(tabB.getSnapshot().context.restrictions).toMatchObject({ status: 'current', canBet: false });
    tabB.stop();
  });
});

describe('a forged counter far ahead (issue 26 symptom 5, one step on)', () => {
  it('a session message at the top of the range does not stop a later real login from being shared', async () => {
    const hub = new FakeChannelHub();
    const a = tabSession(createMemoryTokenStore(), tab(hub, 'a'), Math.random, null).start();
    const b = tabSession(createMemoryTokenStore(), tab(hub, 'b'), Math.random, null).start();
    await waitFor(a, (s) => s.matches('signedOut'));
    await waitFor(b, (s) => s.matches('signedOut'));
    // Valid shape, lying content: the highest counter and login id the schema accepts, a junk token.
    hub.channel().postMessage({
      app: 'pam-client',
      v: 1,
      from: 'forger',
      type: 'session',
      reason: 'login',
      session: {
        accessToken: 'junk',
        tokenType: 'Bearer',
        expiresAt: null,
        savedAt: Date.now(),
        userId: 999,
        seq: COUNTER_MAX,
        sid: COUNTER_MAX,
      },
      user: null,
    });
    await new Promise((r) => setImmediate(r));
    const { plain } = ctx.server.seed;
    a.send({ type: 'LOGIN', login: plain.email, password: plain.password });
    await waitFor(a, (s) => s.matches('signedIn') && s.context.userId === plain.id, { timeout: 10_000 });
    await waitFor(b, (s) => s.matches('signedIn') && s.context.sid === a.getSnapshot().context.sid, {
      timeout: 10_000,
    });
    expect(b.getSnapshot().context.userId).toBe(plain.id);
    a.stop();
    b.stop();
  });
});
