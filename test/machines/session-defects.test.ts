import {
  createAuthModule,
  createMemoryTokenStore,
  createOfetchAdapter,
  type StoredSession,
  type TokenStore,
} from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient, type PamClientOptions, sessionMachine } from 'pam-client/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, type InspectionEvent, waitFor } from 'xstate';
import type { CrossTab } from '../../machines/cross-tab';
import { until } from '../support/event-loop';
import { crossTabOn, FakeChannelHub } from '../support/fake-channel';
import { installFakeTimers } from '../support/fake-timers';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

// Issue 18, the session's defects: each test failed on the code before its fix.

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
  vi.useRealTimers();
});

function client(options: Partial<PamClientOptions> = {}) {
  const c = createPamClient({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    environment: { channel: null },
    ...options,
  });
  clients.push(c);
  return c;
}
const signIn = async (c: PamClient, who = ctx.server.seed.plain) => {
  c.login({ login: who.email, password: who.password });
  await waitFor(sessionActorOf(c), (s) => s.matches('signedIn'), { timeout: 10_000 });
};

describe('defect 7: the session actor takes commands only, whatever door an app uses', () => {
  it('drops forged internal and xstate.* events sent through ref, a child, or the actor itself', async () => {
    const events: string[] = [];
    const c = client({
      inspect: (e: InspectionEvent) => {
        // (The play clock's own beats and restores, since X-2 from the sign-in, are not an app's.)
        if (
          e.type === '@xstate.event' &&
          e.sourceRef === undefined &&
          (e.actorRef as { id?: string }).id !== 'playTime'
        )
          events.push(e.event.type);
      },
    });
    await waitFor(sessionActorOf(c), (s) => s.matches('signedOut'));
    const forged = [
      { type: 'xstate.done.actor.login', output: { access_token: 'x' } },
      { type: 'REMOTE_SESSION', session: { handle: 'h' } },
      { type: 'xstate.error.actor.0.session.restoring', error: new Error('x') },
    ];
    const doors: AnyActorRef[] = [
      sessionActorOf(c).ref as AnyActorRef,
      sessionActorOf(c) as unknown as AnyActorRef,
    ];
    for (const door of doors) for (const event of forged) door.send(event as never);
    await signIn(c);
    const child = Object.values(sessionActorOf(c).getSnapshot().children)[0] as { _parent?: AnyActorRef };
    child._parent?.send({ type: 'xstate.done.actor.0.session.signingOut' } as never);
    expect(sessionActorOf(c).getSnapshot().value).toBe('signedIn');
    expect(events.filter((t) => t !== 'LOGIN' && t !== 'xstate.init')).toEqual([]);
  });
});

describe('defect 8: the view is frozen all the way down', () => {
  it('refuses writes to nested objects, so the session and later views keep the truth', async () => {
    const c = client();
    await signIn(c);
    await until(() => c.view.restrictions !== null, 'the restrictions read');
    const view = c.view;
    expect(() => {
      (view.restrictions as { canBet: boolean }).canBet = true;
    }).toThrow(TypeError);
    expect(() => {
      (view.user as { email: string }).email = 'x@example.com';
    }).toThrow(TypeError);
    expect(() => {
      (view.userInfo as Record<string, unknown>).extra = 1;
    }).toThrow(TypeError);
    expect(Object.isFrozen(view.restrictions?.limits)).toBe(true);
    expect(sessionActorOf(c).getSnapshot().context.user?.email).toBe(ctx.server.seed.plain.email);
  });
});

describe('defect 6: a store whose set() never answers', () => {
  it('still clears at logout: the store and client.tokens forget the revoked token', async () => {
    const inner = createMemoryTokenStore();
    const hanging: TokenStore = {
      get: () => inner.get(),
      set: (s) => {
        inner.set(s);
        return new Promise<void>(() => {});
      },
      clear: () => inner.clear(),
    };
    const c = client({ storage: hanging });
    await signIn(c);
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    c.logout();
    await vi.advanceTimersByTimeAsync(10_000);
    vi.useRealTimers();
    await waitFor(sessionActorOf(c), (s) => s.matches('signedOut'), { timeout: 10_000 });
    expect(inner.get()).toBeNull();
    expect(await c.tokens.get()).toBeNull();
  });
});

function bareSession(tokens: TokenStore, crossTab: CrossTab | null) {
  const http = createOfetchAdapter({
    baseURL: ctx.server.url,
    getAccessToken: async () => (await tokens.get())?.accessToken ?? null,
  });
  return createActor(sessionMachine, { input: { auth: createAuthModule(http), tokens, crossTab } });
}
const tab = crossTabOn;
const stored = (accessToken: string, o: Partial<StoredSession> = {}): StoredSession => ({
  accessToken,
  tokenType: 'Bearer',
  expiresAt: null,
  savedAt: Date.now(),
  ...o,
});

describe('defect 2: one foreign channel message', () => {
  it('is dropped, so tabs still adopt a login afterwards and a saved session stays valid', async () => {
    const hub = new FakeChannelHub();
    const tokens = createMemoryTokenStore();
    const session = bareSession(tokens, tab(hub, 'b')).start();
    await waitFor(session, (s) => s.matches('signedOut'));
    const raw = hub.channel();
    for (const seq of [2 ** 53, 1e300, -1, 1.5])
      raw.postMessage({ app: 'pam-client', v: 1, from: 'x', type: 'signedOut', seq, sid: seq, at: seq });
    const other = tab(hub, 'a');
    const token = ctx.server.issueToken(ctx.server.seed.plain.id);
    other.publishSession(stored(token, { seq: 1, sid: 7, userId: 1 }), 'login', null);
    await waitFor(session, (s) => s.matches('signedIn'), { timeout: 10_000 });
    expect(session.getSnapshot().context.clock).toBe(1);
    session.stop();
  });
});

describe('defect 5: two logins committed in the same millisecond', () => {
  it('converge on one player (seq, then sid, decide)', async () => {
    const hub = new FakeChannelHub();
    const a = bareSession(createMemoryTokenStore(), tab(hub, 'a')).start();
    const b = bareSession(createMemoryTokenStore(), tab(hub, 'b')).start();
    await waitFor(a, (s) => s.matches('signedOut'));
    await waitFor(b, (s) => s.matches('signedOut'));
    const { plain, paused } = ctx.server.seed;
    vi.useFakeTimers({ toFake: ['Date'], now: 1_700_000_000_000 });
    // Both commit before either hears the other (the messages cross).
    hub.hold();
    a.send({ type: 'LOGIN', login: plain.email, password: plain.password });
    b.send({ type: 'LOGIN', login: paused.email, password: paused.password });
    await waitFor(a, (s) => s.matches('signedIn'), { timeout: 10_000 });
    await waitFor(b, (s) => s.matches('signedIn'), { timeout: 10_000 });
    hub.release();
    await new Promise((r) => setImmediate(r));
    const players = [a, b].map((s) => s.getSnapshot().context.userId);
    expect(players[0]).toBe(players[1]);
    a.stop();
    b.stop();
  });
});

describe('defect 1: profile data is tied to the player and login it was read for', () => {
  const paused = () => ctx.server.seed.paused;
  const pausedIn = (c: { restrictions: { inForce: { kind: string }[] } | null }) =>
    (c.restrictions?.inForce ?? []).some((r) => r.kind === 'pause');

  it('two tabs signing in two players at once converge on one, each showing only that player', async () => {
    const hub = new FakeChannelHub();
    const a = bareSession(createMemoryTokenStore(), tab(hub, 'a')).start();
    const b = bareSession(createMemoryTokenStore(), tab(hub, 'b')).start();
    hub.hold();
    b.send({ type: 'LOGIN', login: paused().email, password: paused().password });
    a.send({ type: 'LOGIN', login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await waitFor(b, (s) => s.matches('signedIn') && pausedIn(s.context), { timeout: 10_000 });
    await waitFor(a, (s) => s.matches('signedIn') && s.context.userInfo !== null, { timeout: 10_000 });
    hub.release();
    await until(() => a.getSnapshot().context.sid === b.getSnapshot().context.sid, 'the tabs converge');
    for (const tabActor of [a, b]) {
      const s = await waitFor(tabActor, (x) => x.context.userInfo !== null && x.context.user !== null, {
        timeout: 10_000,
      });
      expect(s.context.user?.id).toBe(s.context.userId);
      expect(pausedIn(s.context)).toBe(s.context.userId === paused().id);
    }
    expect(a.getSnapshot().context.userId).toBe(b.getSnapshot().context.userId);
    a.stop();
    b.stop();
  });

  it("ignores another player's profile message on the channel; another login's of the player only tightens", async () => {
    const hub = new FakeChannelHub();
    const b = bareSession(createMemoryTokenStore(), tab(hub, 'b')).start();
    b.send({ type: 'LOGIN', login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await waitFor(b, (s) => s.matches('signedIn') && s.context.userInfo !== null, { timeout: 10_000 });
    const { userId, sid } = b.getSnapshot().context;
    const raw = hub.channel();
    // (The marker is a field of the spec's: a key outside it is never taken, review 105.)
    const foreign = { user_pause: 7, validate_email_at: 'foreign' };
    const post = (o: object) =>
      raw.postMessage({
        app: 'pam-client',
        v: 1,
        from: 'x',
        type: 'profile',
        userInfo: foreign,
        at: Date.now(),
        ...o,
      });
    post({ userId: 4, sid });
    post({});
    await new Promise((r) => setImmediate(r));
    expect(b.getSnapshot().context.userInfo?.validate_email_at).not.toBe('foreign');
    // The player's, by another login (the model's seed 12: two tabs left on two logins of one
    // player): it tightens (a pause; fields missing: unknown), so it is taken, barring, and read
    // again at once; that read's answer is held again.
    post({ userId, sid: (sid ?? 0) + 1 });
    await waitFor(b, (s) => s.context.userInfo?.validate_email_at === 'foreign', { timeout: 10_000 });
    expect(b.getSnapshot().context.restrictions?.canBet).toBe(false);
    await waitFor(
      b,
      (s) => s.context.userInfo !== null && s.context.userInfo.validate_email_at !== 'foreign',
      {
        timeout: 10_000,
      },
    );
    post({ userId, sid });
    await waitFor(b, (s) => s.context.userInfo?.validate_email_at === 'foreign', { timeout: 10_000 });
    b.stop();
  });

  it("drops a player's background re-read that lands after another player signed in", async () => {
    // The adapter's 1.5 s timeout and the server's hold of the re-read on fake time from the start
    // (a login slower than 1.5 s of real time must not time out): the re-read lands when told,
    // after the other player signed in, however slow the machine is.
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const c = client({ timeout: 1500, retry: 0 });
    c.login({ login: paused().email, password: paused().password });
    await until(() => sessionActorOf(c).getSnapshot().matches('signedIn'), 'the paused player signed in');
    await until(() => pausedIn(c.view), 'the pause read');
    ctx.server.faults.add({ path: '/bff/users/update-limits', hang: true, times: 1 });
    ctx.server.faults.add({ path: '/auth/user-profile', delayMs: 800, times: 1 });
    // The logout request fails: player 1's token stays valid at the server, so the late re-read succeeds.
    ctx.server.faults.add({ path: '/auth/logout', status: 503, body: {}, times: 3 }); // the send and its 2 resends
    const reread = new Promise((resolve) => c.on('mutationOutcomeUnknown', resolve));
    const reads = () => ctx.server.requests.filter((r) => r.path === '/auth/user-profile').length;
    const before = reads();
    const update = c.user.updateLimits({ user_limit_deposit: 100 } as never).catch((e: unknown) => e);
    await until(
      () => ctx.server.requests.some((r) => r.path === '/bff/users/update-limits'),
      'the update at the server',
    );
    await vi.advanceTimersByTimeAsync(1500);
    expect(await update).toMatchObject({ code: 'timeout' });
    // (>= : the profile flow reads too, a limit change that may have applied is kept: U-6.)
    await until(() => reads() >= before + 1, 'the re-read held at the server');
    c.logout();
    await until(() => sessionActorOf(c).getSnapshot().matches('signedOut'), 'signed out');
    c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
    await until(() => sessionActorOf(c).getSnapshot().matches('signedIn'), 'the other player signed in');
    await vi.advanceTimersByTimeAsync(800); // the re-read's answer, now
    const late = (await reread) as { profile: { user: { id: number } } | null };
    // The re-read is bound to the login it was sent for (REVIEW-O 14): its login ended, so it was
    // cut off and the event carries no profile (never the next player's).
    expect(late.profile).toBeNull();
    await new Promise((r) => setImmediate(r));
    expect(c.view.user?.id).toBe(ctx.server.seed.plain.id);
    expect(pausedIn(c.view)).toBe(false);
    expect((c.view.userInfo as { user_id?: number } | null)?.user_id ?? 1).not.toBe(paused().id);
  });
});
