// `client.state`, the session as an app holds it (issue 32.3), on the real client against the
// reference server over a real socket: it reaches no actor, child, system or token, every binding
// takes it, and the developer door (`sessionActorOf`) is the one way to the actor.
import { SEED_ACCOUNTS } from 'pam-client/testing';
import { get } from 'svelte/store';
import { describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import type { AnyActorRef } from 'xstate';
import { sessionActorOf } from '../../machines/devtools';
import {
  createCustomPamClient,
  createPamClient,
  type PamClient,
  type SessionView,
} from '../../machines/index';
import { toStore } from '../../src/bindings/svelte';
import { subscribeTo } from '../../src/bindings/vanilla';
import { useSelector } from '../../src/bindings/vue';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const { client, keep } = usePamClients(ctx);

async function signedIn(c: PamClient): Promise<string> {
  await until(() => c.view.status !== 'restoring', 'restored');
  c.login({ login: SEED_ACCOUNTS.plain.email, password: SEED_ACCOUNTS.plain.password });
  await until(
    () => c.view.status === 'signedIn',
    () => `signed in, is ${c.view.status}`,
  );
  const token = (await c.tokens.get())?.accessToken;
  if (!token) throw new Error('no token stored after the login');
  return token;
}

const BUILT_IN = new Set<unknown>([Object.prototype, Function.prototype, Array.prototype, null]);

/**
 * Every value reachable from `root` through own properties (enumerable or not, symbols too) of
 * objects and functions alike, and through their prototypes but the built-in ones; a closure's captured variables are not reachable, which is the point.
 */
function reachable(root: unknown): unknown[] {
  const seen = new Set<unknown>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (seen.has(value)) continue;
    seen.add(value);
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) continue;
    for (const key of Reflect.ownKeys(value)) {
      const d = Object.getOwnPropertyDescriptor(value, key);
      if (d && 'value' in d) stack.push(d.value);
      if (d?.get) stack.push(d.get.call(value));
    }
    const proto = Object.getPrototypeOf(value);
    if (!BUILT_IN.has(proto)) stack.push(proto);
  }
  return [...seen];
}

/** Values that are (or carry) an actor: the session's, a child, the system. */
const actorLike = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  ['system', 'children', 'getPersistedSnapshot', '_parent', 'sessionId'].some((k) => k in value);

describe('client.state', () => {
  it('reaches no actor, child, system or token: only getSnapshot, subscribe and send', async () => {
    const c = client();
    const token = await signedIn(c);
    const actor = sessionActorOf(c);
    expect(Object.keys(c.state).sort()).toEqual(['getSnapshot', 'send', 'subscribe']);
    const off = c.state.subscribe(() => {});
    const roots = [c.state, c.state.getSnapshot(), off];
    const values = roots.flatMap(reachable);
    expect(values).not.toContain(actor);
    expect(values.filter(actorLike)).toEqual([]);
    expect(values.filter((v) => typeof v === 'string' && v.includes(token))).toEqual([]);
    expect(JSON.stringify(c.state.getSnapshot())).not.toContain(token);
    // The view it gives is the client's, the player's: no token field on the user either.
    expect(c.state.getSnapshot()).toBe(c.view);
    expect(c.state.getSnapshot().user).not.toHaveProperty('token');
    off();
  });

  it('tells each new view to each listener until its unsubscribe function is called', async () => {
    const c = client();
    await until(() => c.view.status !== 'restoring', 'restored');
    const first: SessionView['status'][] = [];
    const second: SessionView['status'][] = [];
    const off = c.state.subscribe((view) => first.push(view.status));
    const offSecond = c.state.subscribe((view) => second.push(view.status));
    await signedIn(c);
    expect(first.at(-1)).toBe('signedIn');
    expect(second).toEqual(first);
    off();
    c.logout();
    await until(() => c.view.status === 'signedOut', 'signed out');
    expect(first.at(-1)).toBe('signedIn');
    expect(second.at(-1)).toBe('signedOut');
    offSecond();
  });

  it('sends commands (REFRESH reaches the server) and drops anything else', async () => {
    const c = client();
    await signedIn(c);
    const before = (await c.tokens.get())?.accessToken;
    c.state.send({ type: 'REFRESH' });
    await until(
      () => ctx.server.requests.some((r) => r.path.startsWith('/users/refresh-token')),
      'the refresh reached the server',
    );
    await until(async () => (await c.tokens.get())?.accessToken !== before, 'the refreshed token stored');
    const stored = (await c.tokens.get())?.accessToken;
    // An internal event (a forged refresh outcome) is not a command: nothing is stored.
    c.state.send({ type: 'TOKEN_REFRESHED', accessToken: 'forged' } as never);
    c.state.send({ type: 'SESSION_EXPIRED' } as never);
    await until(() => sessionActorOf(c).getSnapshot().status === 'active', 'still running');
    expect((await c.tokens.get())?.accessToken).toBe(stored);
    expect(c.view.status).toBe('signedIn');
  });

  it('is what the bindings take (Vue useSelector, Svelte toStore, vanilla subscribeTo)', async () => {
    const c = client();
    const scope = effectScope();
    const busy = scope.run(() => useSelector(c.state, (view) => view.status === 'signingIn'))!;
    const store = toStore(c.state);
    const statuses: SessionView['status'][] = [];
    const stop = subscribeTo(
      c.state,
      (view) => view.status,
      (status) => statuses.push(status),
    );
    const sawBusy: boolean[] = [];
    const unwatch = c.state.subscribe(() => sawBusy.push(busy.value));
    await until(() => c.view.status !== 'restoring', 'restored');
    c.login({ login: SEED_ACCOUNTS.plain.email, password: SEED_ACCOUNTS.plain.password });
    await until(() => get(store).status === 'signedIn', 'the store signed in');
    expect(get(store).status).toBe('signedIn');
    expect(statuses).toContain('signingIn');
    expect(statuses.at(-1)).toBe('signedIn');
    expect(sawBusy).toContain(true);
    expect(busy.value).toBe(false);
    stop();
    unwatch();
    scope.stop();
  });
});

describe('sessionActorOf (the developer door)', () => {
  it("gives the client's raw session actor (its children and context) and refuses anything else", async () => {
    const c = client();
    await signedIn(c);
    const actor = sessionActorOf(c);
    expect(actor).toBe(c.session);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(Object.keys(actor.getSnapshot().children)).toContain('refresh');
    expect(() => sessionActorOf({ state: c.state })).toThrow(TypeError);
    // A custom client has its door too.
    const lean = createCustomPamClient({
      baseURL: ctx.server.url,
      flows: [],
      environment: { channel: null },
    });
    keep(lean);
    expect((sessionActorOf(lean) as AnyActorRef).getSnapshot().status).toBe('active');
    expect(sessionActorOf(lean)).not.toBe(actor);
  });

  it('an inert client (a server render with a relative baseURL) ignores commands sent through client.state', async () => {
    const c = createPamClient({ baseURL: '/api' });
    keep(c);
    c.state.send({ type: 'LOGIN', login: SEED_ACCOUNTS.plain.email, password: SEED_ACCOUNTS.plain.password });
    await until(() => sessionActorOf(c).getSnapshot().status === 'active', 'running');
    expect(sessionActorOf(c).getSnapshot().hasTag('signingIn')).toBe(false);
    expect(c.state.getSnapshot().status).toBe('signedOut');
  });
});
