// The Vue composables in Node, inside a bare effect scope (what a component's setup runs in):
// these run even where Chromium is missing. The component tests are in test/browser.

import { describe, expect, it } from 'vitest';
import { effectScope, isReadonly, watch } from 'vue';
import { createActor, type InspectionEvent } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { useActor, useSelector } from '../../src/bindings/vue';
import { counterMachine, countingRef, fakeAuth } from './fixtures';

const flush = () => new Promise((resolve) => setImmediate(resolve)); // a turn of the event loop, no timer

describe('useActor', () => {
  it('creates the actor from logic with its options, starts it, and stops it with the scope', async () => {
    const { auth, calls, aborted } = fakeAuth();
    const inspected: InspectionEvent[] = [];
    const scope = effectScope();
    const bound = scope.run(() =>
      useActor(loginMachine, { input: { auth }, inspect: (e) => inspected.push(e) }),
    )!;
    expect(bound.actorRef.getSnapshot().status).toBe('active');
    expect(bound.snapshot.value.value).toBe('idle');
    expect(inspected.length).toBeGreaterThan(0);

    bound.send({ type: 'SUBMIT', login: 'player@example.com', password: 'Secret123!' });
    expect(bound.snapshot.value.value).toBe('submitting');
    await flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.payload.login).toBe('player@example.com');

    scope.stop();
    expect(bound.actorRef.getSnapshot().status).toBe('stopped');
    expect(calls[0]!.signal!.aborted).toBe(true);
    expect(aborted).toEqual(['login']);
  });

  it('only subscribes to an actor it was given: the scope ends, the actor runs on', () => {
    const actor = createActor(counterMachine).start();
    const { ref, live } = countingRef(actor);
    const scope = effectScope();
    const { snapshot, send, actorRef } = scope.run(() => useActor(ref))!;
    expect(actorRef).toBe(ref);
    send({ type: 'INC' });
    expect(snapshot.value.context.count).toBe(1);
    expect(live()).toBe(1);
    scope.stop();
    expect(live()).toBe(0);
    actor.send({ type: 'INC' });
    expect(snapshot.value.context.count).toBe(1);
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });
});

describe('useSelector', () => {
  it('returns a readonly ref that changes only with the selected value', async () => {
    const actor = createActor(counterMachine).start();
    const scope = effectScope();
    const changes: number[] = [];
    const count = scope.run(() => {
      const selected = useSelector(
        actor,
        (s) => ({ n: s.context.count }),
        (a, b) => a.n === b.n,
      );
      watch(selected, (v) => changes.push(v.n), { flush: 'sync' });
      return selected;
    })!;
    expect(isReadonly(count)).toBe(true);
    expect(count.value).toEqual({ n: 0 });
    actor.send({ type: 'TOUCH' });
    actor.send({ type: 'INC' });
    actor.send({ type: 'TOUCH' });
    expect(changes).toEqual([1]);
    scope.stop();
    actor.send({ type: 'INC' });
    expect(count.value).toEqual({ n: 1 });
    actor.stop();
  });
});
