// The Svelte store contract, checked in Node against the binding and against svelte/store's own
// helpers (which is what `$store` relies on). The entry itself never imports svelte.

import { derived, get } from 'svelte/store';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { selectorStore, toStore } from '../../src/bindings/svelte';
import { counterMachine, countingRef } from './fixtures';

let actor: Actor<typeof counterMachine>;
afterEach(() => actor?.stop());

describe('toStore', () => {
  it('calls run synchronously with the current snapshot, then with each new one', () => {
    actor = createActor(counterMachine).start();
    actor.send({ type: 'INC' });
    const counts: number[] = [];
    const unsubscribe = toStore(actor).subscribe((s) => counts.push(s.context.count));
    expect(counts).toEqual([1]);
    actor.send({ type: 'INC' });
    actor.send({ type: 'TOUCH' });
    expect(counts).toEqual([1, 2, 2]);
    unsubscribe();
  });

  it('returns an unsubscribe function after which run is never called again', () => {
    actor = createActor(counterMachine).start();
    const { ref, live } = countingRef(actor);
    const store = toStore(ref);
    const first: number[] = [];
    const second: number[] = [];
    const stopFirst = store.subscribe((s) => first.push(s.context.count));
    const stopSecond = store.subscribe((s) => second.push(s.context.count));
    expect(typeof stopFirst).toBe('function');
    expect(live()).toBe(2);
    actor.send({ type: 'INC' });
    stopFirst();
    actor.send({ type: 'INC' });
    stopSecond();
    actor.send({ type: 'INC' });
    expect(first).toEqual([0, 1]);
    expect(second).toEqual([0, 1, 2]);
    expect(live()).toBe(0);
    expect(actor.getSnapshot().status).toBe('active');
  });

  it("works with svelte/store's get and derived", () => {
    actor = createActor(counterMachine).start();
    const doubled = derived(toStore(actor), (s) => s.context.count * 2);
    expect(get(doubled)).toBe(0);
    const seen: number[] = [];
    const unsubscribe = doubled.subscribe((v) => seen.push(v));
    actor.send({ type: 'INC' });
    actor.send({ type: 'INC' });
    unsubscribe();
    expect(seen).toEqual([0, 2, 4]);
  });
});

describe('selectorStore', () => {
  it('notifies only when the selected value changes', () => {
    actor = createActor(counterMachine).start();
    const seen: number[] = [];
    const unsubscribe = selectorStore(actor, (s) => s.context.count).subscribe((c) => seen.push(c));
    actor.send({ type: 'TOUCH' });
    actor.send({ type: 'INC' });
    actor.send({ type: 'TOUCH' });
    unsubscribe();
    expect(seen).toEqual([0, 1]);
  });

  it('uses the given compare function', () => {
    actor = createActor(counterMachine).start();
    const seen: { count: number }[] = [];
    const store = selectorStore(
      actor,
      (s) => ({ count: s.context.count }),
      (a, b) => a.count === b.count,
    );
    const unsubscribe = store.subscribe((v) => seen.push(v));
    actor.send({ type: 'TOUCH' });
    actor.send({ type: 'INC' });
    unsubscribe();
    expect(seen).toEqual([{ count: 0 }, { count: 1 }]);
  });

  it('reads the current value through get() without staying subscribed', () => {
    actor = createActor(counterMachine).start();
    const { ref, live } = countingRef(actor);
    actor.send({ type: 'INC' });
    expect(get(selectorStore(ref, (s) => s.context.count))).toBe(1);
    expect(live()).toBe(0);
  });
});
