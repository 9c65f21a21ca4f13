import { inspect } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, type InspectionEvent, setup } from 'xstate';
import { isSecret, redactInspection, type Secret, secret } from '../../src/secrets';
import { REDACTED } from '../../src/secrets/redact';

const CANARY = 'canary-5ecr3t-Pa55';

/** An actor-ref-like class instance: passed by identity, never walked or copied. */
class FakeActorRef {
  readonly id = 'login';
  readonly sessionId = 'x:0';
  getSnapshot() {
    return { context: {} };
  }
}

function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
  if (typeof value === 'object' && value !== null && !seen.has(value)) {
    seen.add(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
    Object.freeze(value);
  }
  return value;
}

function assertNoCanary(seen: readonly unknown[]): void {
  const walk = (v: unknown, visited: Set<unknown>): void => {
    if (typeof v !== 'object' || v === null || visited.has(v)) return;
    visited.add(v);
    if (!(v instanceof FakeActorRef)) expect(isSecret(v)).toBe(false);
    for (const child of Object.values(v)) walk(child, visited);
  };
  for (const ev of seen) {
    expect(JSON.stringify(ev, (_k, v) => (typeof v === 'function' ? undefined : v))).not.toContain(CANARY);
    expect(inspect(ev, { depth: 12 })).not.toContain(CANARY);
    walk(ev, new Set());
  }
}

function syntheticEvents() {
  const actorRef = new FakeActorRef();
  const sourceRef = new FakeActorRef();
  const nullProto = Object.assign(Object.create(null) as Record<string, unknown>, {
    two_factor_code: CANARY,
  });
  return {
    actorRef,
    sourceRef,
    events: deepFreeze([
      {
        type: '@xstate.event',
        rootId: 'x:0',
        actorRef,
        sourceRef,
        event: { type: 'SUBMIT', password: CANARY },
      },
      {
        type: '@xstate.snapshot',
        rootId: 'x:0',
        actorRef,
        event: { type: 'SUBMIT_CODE', code: CANARY, captchaToken: CANARY },
        snapshot: {
          status: 'active',
          value: 'twoFactorRequired',
          context: {
            login: 'ana',
            password: secret(CANARY),
            attempts: [{ code: CANARY }, { note: secret(CANARY) }],
            meta: nullProto,
            response: { access_token: CANARY, token_type: 'Bearer' },
          },
          children: { child: actorRef },
        },
      },
      {
        type: '@xstate.action',
        rootId: 'x:0',
        actorRef,
        action: { type: 'sendLogin', params: { login: 'ana', old_password: CANARY, list: [secret(CANARY)] } },
      },
      { type: '@xstate.actor', rootId: 'x:0', actorRef },
    ]),
  };
}

describe('redactInspection', () => {
  it('a function observer never sees a canary; refs and ids pass through by identity', () => {
    const { events, actorRef, sourceRef } = syntheticEvents();
    const before = inspect(events, { depth: 12 });
    const seen: Record<string, unknown>[] = [];
    const observer = redactInspection((ev: Record<string, unknown>) => seen.push(ev));
    for (const ev of events) observer(ev);

    expect(seen).toHaveLength(4);
    assertNoCanary(seen);
    expect(inspect(events, { depth: 12 })).toBe(before); // originals untouched
    for (const [i, ev] of seen.entries()) {
      expect(ev).not.toBe(events[i]);
      // A view of the actor (REVIEW-Q 8: its snapshots read redacted), one per actor.
      expect(ev.actorRef).toBe(seen[0]!.actorRef);
      expect((ev.actorRef as FakeActorRef).sessionId).toBe(actorRef.sessionId);
      expect(ev.rootId).toBe('x:0');
      expect(ev.type).toBe(events[i]!.type);
    }
    expect(seen[0]!.sourceRef).not.toBe(seen[0]!.actorRef);
    expect((seen[0]!.sourceRef as FakeActorRef).getSnapshot()).toEqual(sourceRef.getSnapshot());
    const snapshot = seen[1]!.snapshot as {
      context: Record<string, unknown>;
      children: Record<string, unknown>;
    };
    expect(snapshot.context.password).toBe(REDACTED);
    expect(snapshot.context.login).toBe('ana');
    // The actors a snapshot names are views too (review 130: a child's live Secret), the same one.
    expect(snapshot.children.child).toBe(seen[0]!.actorRef);
    expect(seen[2]!.action).toEqual({
      type: 'sendLogin',
      params: { login: 'ana', old_password: REDACTED, list: [REDACTED] },
    });
  });

  it('an object observer gets the same treatment and keeps error/complete', () => {
    const { events } = syntheticEvents();
    const seen: unknown[] = [];
    const error = vi.fn();
    const complete = vi.fn();
    const observer = redactInspection({ next: (ev: unknown) => seen.push(ev), error, complete });
    expect(typeof observer.next).toBe('function');
    for (const ev of events) observer.next?.(ev);
    const failure = new Error('x');
    observer.error?.(failure);
    observer.complete?.();
    expect(seen).toHaveLength(4);
    assertNoCanary(seen);
    expect(error).toHaveBeenCalledWith(failure);
    expect(complete).toHaveBeenCalledOnce();
    expect(redactInspection({})).toEqual({});
  });
});

describe('redactInspection with a real XState actor', () => {
  const machine = setup({
    types: {
      context: {} as { login: string; password: string | Secret; attempts: { code: string }[] },
      events: {} as
        | { type: 'SUBMIT'; login: string; password: string }
        | { type: 'SUBMIT_CODE'; code: string | Secret },
    },
    actions: {
      remember: assign((_, params: { password: string }) => ({ password: params.password })),
      // A custom action: XState reports its params in an `@xstate.action` inspection event.
      audit: (_, _params: { login: string; password: string }) => {},
    },
  }).createMachine({
    id: 'login',
    initial: 'idle',
    context: { login: '', password: '', attempts: [] },
    states: {
      idle: {
        on: {
          SUBMIT: {
            target: 'twoFactorRequired',
            actions: [
              assign({ login: ({ event }) => event.login }),
              { type: 'remember', params: ({ event }) => ({ password: event.password }) },
              { type: 'audit', params: ({ event }) => ({ login: event.login, password: event.password }) },
            ],
          },
        },
      },
      twoFactorRequired: {
        on: {
          SUBMIT_CODE: {
            actions: assign({
              attempts: ({ context, event }) => [...context.attempts, { code: String(event.code) }],
              password: ({ event }) => event.code,
            }),
          },
        },
      },
    },
  });

  it('the observer never sees the password or code; the actor still holds them', () => {
    const seen: InspectionEvent[] = [];
    const actor = createActor(machine, { inspect: redactInspection((ev) => seen.push(ev)) });
    actor.start();
    actor.send({ type: 'SUBMIT', login: 'ana', password: CANARY });
    actor.send({ type: 'SUBMIT_CODE', code: CANARY });
    actor.send({ type: 'SUBMIT_CODE', code: secret(CANARY) });

    // The machine really had the canary in events, context and action params.
    expect(actor.getSnapshot().context.attempts[0]?.code).toBe(CANARY);
    expect(JSON.stringify(actor.getSnapshot())).toContain(CANARY);
    const types = new Set(seen.map((e) => e.type));
    for (const t of ['@xstate.event', '@xstate.snapshot', '@xstate.action', '@xstate.actor'])
      expect(types).toContain(t);
    assertNoCanary(seen.map(({ actorRef: _a, ...rest }) => ({ ...rest, sourceRef: undefined })));
    for (const ev of seen) expect(ev.actorRef).toBe(seen[0]!.actorRef);
    expect((seen[0]!.actorRef as typeof actor).sessionId).toBe(actor.sessionId);
    const last = seen.filter((e) => e.type === '@xstate.snapshot').at(-1);
    expect(last).toBeDefined();
    const context = (last!.snapshot as unknown as { context: Record<string, unknown> }).context;
    expect(context).toEqual({
      login: 'ana',
      password: REDACTED,
      attempts: [{ code: REDACTED }, { code: REDACTED }],
    });
    const action = seen.find((e) => e.type === '@xstate.action');
    expect(action && 'action' in action && action.action).toEqual({
      type: 'audit',
      params: { login: 'ana', password: REDACTED },
    });
    // The copied snapshot still serialises through XState's own toJSON.
    expect(JSON.stringify(last!.snapshot)).toContain('"password":"[redacted]"');
    actor.stop();
  });

  it('works with an observer object too', () => {
    const seen: InspectionEvent[] = [];
    const actor = createActor(machine, { inspect: redactInspection({ next: (ev) => seen.push(ev) }) });
    actor.start();
    actor.send({ type: 'SUBMIT', login: 'ana', password: CANARY });
    expect(seen.length).toBeGreaterThan(3);
    assertNoCanary(seen.map(({ actorRef: _a, ...rest }) => ({ ...rest, sourceRef: undefined })));
    actor.stop();
  });
});
