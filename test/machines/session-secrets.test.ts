import { createMemoryTokenStore } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient, sessionMachine } from 'pam-client/machines';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  type AnyActorRef,
  createActor,
  getInitialSnapshot,
  type InspectionEvent,
  transition,
  waitFor,
} from 'xstate';
import { persistedData, restoreActor } from '../../machines/persistence';
import { servicesOf } from '../../machines/session/context';
import { turns, until } from '../support/event-loop';
import { installFakeTimers } from '../support/fake-timers';
import { reachableStrings } from '../support/reachable';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';
import { trackedFetch } from '../support/tracked-fetch';

// Issue 9, items 6, 7, 19, 20: no access token reachable from a snapshot or an inspection event
// (not only in their JSON), none in `mutationOutcomeUnknown`, pure transitions, commands only.

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

/** The clients' requests, waited for on the event loop (never on a timer). */
const tracked = trackedFetch();

function client() {
  const inspected: InspectionEvent[] = [];
  const debugLines: unknown[] = [];
  const c = createPamClient({
    baseURL: ctx.server.url,
    fetch: tracked.fetch,
    timeout: REAL_TIME_TIMEOUT_MS,
    inspect: (e) => inspected.push(e),
    debug: (line, detail) => debugLines.push(line, detail),
  });
  clients.push(c);
  const actor = sessionActorOf(c);
  const snapshots: unknown[] = [];
  actor.subscribe((s) => snapshots.push(s));
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  return { c, inspected, snapshots, emitted, debugLines };
}

describe('session secrets', () => {
  it('no access token is reachable from any retained snapshot, inspection event, event or debug line', async () => {
    const { c, inspected, snapshots, emitted, debugLines } = client();
    const { email, password, twoFactorCode } = ctx.server.seed.twoFactor;
    c.login({ login: email, password });
    await until(() => c.view.status === 'twoFactorRequired', 'the code step');
    c.submitCode(twoFactorCode!);
    await waitFor(sessionActorOf(c), (s) => s.matches('signedIn'), { timeout: 10_000 });
    c.state.send({ type: 'REFRESH' });
    await until(
      () => ctx.server.requests.some((r) => r.path === '/users/refresh-token'),
      'the refresh at the server',
    );
    await tracked.idle(); // the refresh has answered
    await waitFor(sessionActorOf(c), (s) => s.matches('signedIn'), { timeout: 10_000 });
    const token = (await c.tokens.get())?.accessToken;
    expect(token).toMatch(/\S{16,}/);
    const tokens = ctx.server.requests
      .map((r) => r.headers.authorization?.replace(/^Bearer /, ''))
      .filter((t): t is string => !!t && t.length > 10);
    expect(tokens.length).toBeGreaterThan(0);
    const secrets = [...new Set([token!, ...tokens, password, twoFactorCode!])];
    const everywhere = reachableStrings([snapshots, inspected, emitted, debugLines, c.view]);
    for (const secret of secrets) {
      expect(everywhere.filter((s) => s.includes(secret))).toEqual([]);
    }
  });

  it('mutationOutcomeUnknown carries the re-read profile without its user token', async () => {
    const { c } = client();
    const { email, password } = ctx.server.seed.plain;
    c.login({ login: email, password });
    await waitFor(sessionActorOf(c), (s) => s.matches('signedIn'), { timeout: 10_000 });
    const events: unknown[] = [];
    c.on('mutationOutcomeUnknown', (e) => events.push(e));
    ctx.server.faults.add({ method: 'PATCH', path: '/bff/users/self-mkt', status: 504, times: 1 });
    await c.user.updateMarketing({ mkt_accepted: true }).catch(() => {});
    await until(() => events.length === 1, 'one event');
    expect(events).toHaveLength(1);
    const token = (await c.tokens.get())?.accessToken;
    expect(reachableStrings(events).some((s) => s.includes(token!))).toBe(false);
    expect((events[0] as { profile: { user: object } }).profile.user).not.toHaveProperty('token');
  });

  it("xstate's pure transition() writes nothing to the token store", async () => {
    const tokens = createMemoryTokenStore();
    const auth = { login: async () => ({}) } as never;
    const actor = createActor(sessionMachine, { input: { auth, tokens } }).start();
    await waitFor(actor, (s) => s.matches('signedOut'));
    const vault = servicesOf(actor.getSnapshot().context).vault;
    const signingIn = transition(sessionMachine, actor.getSnapshot(), {
      type: 'LOGIN',
      login: 'a@b.c',
      password: 'pw',
    })[0];
    const done = {
      type: 'xstate.done.actor.login',
      output: {
        access_token: vault.put('pure-transition-token'),
        expires_in: 3600,
        token_type: 'Bearer',
        user: { id: 1 },
        userInfo: {},
        // The stamp the session's own login call puts on its answer (when, which login).
        issued: { at: 1_000, sid: 7 },
      },
    };
    const [next, actions] = transition(sessionMachine, signingIn, done as never);
    expect(next.matches('signedIn')).toBe(true);
    expect(tokens.get()).toBeNull();
    expect(actions.map((a) => a.type)).toContain('writeSession');
    actor.stop();
    expect(getInitialSnapshot).toBeTypeOf('function');
  });

  it('refuses internal events from outside, by type and at run time', async () => {
    const { c } = client();
    const { email, password } = ctx.server.seed.plain;
    c.login({ login: email, password });
    await waitFor(sessionActorOf(c), (s) => s.matches('signedIn'), { timeout: 10_000 });
    const before = await c.tokens.get();
    const actor = sessionActorOf(c);
    // @ts-expect-error internal events are not part of the public event type
    actor.send({ type: 'TOKEN_REFRESHED', accessToken: 'forged', handle: 'forged' });
    // @ts-expect-error
    actor.send({ type: 'REMOTE_SIGNED_OUT', seq: null, at: null, reason: 'logout' });
    // @ts-expect-error
    actor.send({ type: 'SESSION_EXPIRED' });
    (actor as AnyActorRef).send({
      type: 'xstate.done.actor.login',
      output: { access_token: 'forged', expires_in: 1, token_type: 'Bearer', user: {}, userInfo: {} },
    });
    await turns(10); // whatever the forged events would start has started
    await tracked.idle();
    expect(c.view.status).toBe('signedIn');
    expect(await c.tokens.get()).toEqual(before);
    expectTypeOf(actor.send).parameter(0).toHaveProperty('type');
  });
});

describe('session persistence', () => {
  it('a persisted snapshot is data only, and restores with fresh input into a working session', async () => {
    const tokens = createMemoryTokenStore();
    const { createAuthModule, createOfetchAdapter } = await import('pam-client');
    const http = createOfetchAdapter({
      baseURL: ctx.server.url,
      getAccessToken: async () => (await tokens.get())?.accessToken ?? null,
    });
    const auth = createAuthModule(http);
    const first = createActor(sessionMachine, { input: { auth, tokens } }).start();
    await waitFor(first, (s) => s.matches('signedOut'));
    // Opt-in persistence through XState's public API (issue 32.3): persistedData + restoreActor.
    const persisted = JSON.parse(JSON.stringify(persistedData(first)));
    first.stop();
    expect(JSON.stringify(persisted)).not.toContain('[service]');
    expect(JSON.stringify(persisted)).not.toContain('"deps"');
    const again = restoreActor(sessionMachine, persisted, { auth, tokens }).start();
    again.send({
      type: 'LOGIN',
      login: ctx.server.seed.plain.email,
      password: ctx.server.seed.plain.password,
    });
    await waitFor(again, (s) => s.matches('signedIn'), { timeout: 10_000 });
    expect(tokens.get()?.accessToken).toMatch(/\S{16,}/);
    again.stop();
  });
});

describe('forged XState events', () => {
  it("the session actor (sessionActorOf) drops xstate.* events sent from outside (a child's done, snapshot or error)", async () => {
    const c = createPamClient({ baseURL: ctx.server.url, environment: { channel: null } });
    clients.push(c);
    await waitFor(sessionActorOf(c), (s) => !s.matches('restoring'));
    const state = () => sessionActorOf(c).getSnapshot();
    // The server holds the login and the logout answers on fake time: both are still in flight
    // while the test forges, however slow the machine is.
    await installFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      ctx.server.faults.add({ method: 'POST', path: '/auth/login', delayMs: 100, times: 1 });
      c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
      const forge = (event: object) => (sessionActorOf(c) as AnyActorRef).send(event);
      forge({
        type: 'xstate.snapshot.login',
        snapshot: { value: 'failed', context: { error: null, retryAt: 1, rejectedCodes: 0 } },
      });
      forge({ type: 'xstate.error.actor.login', error: new Error('forged') });
      expect(c.view.status).toBe('signingIn');
      await until(() => ctx.server.requests.some((r) => r.path === '/auth/login'), 'the login at the server');
      await vi.advanceTimersByTimeAsync(100);
      await until(() => state().matches('signedIn'), 'signed in');
      forge({ type: 'xstate.error.actor.refresh', error: new Error('forged') });
      expect(c.view.error).toBeNull();
      ctx.server.faults.add({ method: 'POST', path: '/auth/logout', delayMs: 100, times: 1 });
      c.logout();
      forge({ type: 'xstate.done.actor.0.session.signingOut' });
      expect(c.view.status).toBe('signingOut');
      await until(
        () => ctx.server.requests.some((r) => r.path === '/auth/logout'),
        'the logout at the server',
      );
      await vi.advanceTimersByTimeAsync(100);
      await until(() => state().matches('signedOut'), 'signed out');
    } finally {
      vi.useRealTimers();
    }
  });
});
