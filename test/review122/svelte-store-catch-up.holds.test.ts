// Review 122 (probes that hold): `selectorStore`'s first call and its catch-up (`subscribeFrom`):
// a stopped or failed actor, two subscribers, a snapshot that changed with the selected value the
// same, a selector that makes a fresh object at each read.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { selectorStore, toStore } from '../../src/bindings/svelte';
import { subscribeTo } from '../../src/bindings/vanilla';
import { counterMachine, countingRef } from '../bindings/fixtures';

describe('selectorStore: the first call and its catch-up (holds)', () => {
  it('an actor stopped by the first call: its stopped status is told once, nothing stays subscribed', () => {
    const actor = createActor(counterMachine).start();
    const { ref, live } = countingRef(actor);
    const status = selectorStore(ref, (s) => s.status);
    const seen: string[] = [];
    const stop = status.subscribe((s) => {
      seen.push(s);
      if (seen.length === 1) actor.stop();
    });
    expect(seen).toEqual(['active', 'stopped']);
    stop();
    expect(live()).toBe(0);
  });

  it('an actor that fails at the first call: its error status is told once', () => {
    const actor = createActor(counterMachine);
    actor.subscribe({ error: () => {} }); // the app's own error observer
    actor.start();
    const status = selectorStore(actor, (s) => s.status);
    const seen: string[] = [];
    const stop = status.subscribe((s) => {
      seen.push(s);
      if (seen.length === 1) actor.send({ type: 'BOOM' });
    });
    expect(seen).toEqual(['active', 'error']);
    stop();
  });

  it('two subscribers, the second moving the actor on: both end on the current value', () => {
    const actor = createActor(counterMachine).start();
    const count = selectorStore(actor, (s) => s.context.count);
    const a: number[] = [];
    const b: number[] = [];
    const stopA = count.subscribe((n) => a.push(n));
    const stopB = count.subscribe((n) => {
      b.push(n);
      if (b.length === 1) actor.send({ type: 'INC' });
    });
    expect({ a, b }).toEqual({ a: [0, 1], b: [0, 1] });
    stopA();
    stopB();
    actor.stop();
  });

  it('a snapshot changed by the first call with the selected value the same: no second call', () => {
    const actor = createActor(counterMachine).start();
    const count = selectorStore(actor, (s) => s.context.count);
    const seen: number[] = [];
    const stop = count.subscribe((n) => {
      seen.push(n);
      if (seen.length === 1) actor.send({ type: 'TOUCH' }); // `other` changes, `count` not
    });
    expect(seen).toEqual([0]);
    stop();
    actor.stop();
  });

  it('a selector making a fresh object: one catch-up call for one change, then one per change', () => {
    const actor = createActor(counterMachine).start();
    const store = selectorStore(actor, (s) => ({ count: s.context.count }));
    const seen: number[] = [];
    const stop = store.subscribe((v) => {
      seen.push(v.count);
      if (seen.length === 1) actor.send({ type: 'TOUCH' });
    });
    expect(seen).toEqual([0, 0]);
    actor.send({ type: 'INC' });
    expect(seen).toEqual([0, 0, 1]);
    stop();
    actor.stop();
  });

  it('a fresh object and no change at all: exactly one call (no catch-up)', () => {
    const actor = createActor(counterMachine).start();
    const seen: unknown[] = [];
    const stop = selectorStore(actor, (s) => ({ ...s.context })).subscribe((v) => seen.push(v));
    const stop2 = toStore(actor).subscribe((v) => seen.push(v));
    expect(seen).toHaveLength(2);
    stop();
    stop2();
    actor.stop();
  });

  it('subscribeTo (vanilla) still does not fire at once', () => {
    const actor = createActor(counterMachine).start();
    const seen: number[] = [];
    const stop = subscribeTo(
      actor,
      (s) => s.context.count,
      (n) => seen.push(n),
    );
    expect(seen).toEqual([]);
    actor.send({ type: 'INC' });
    expect(seen).toEqual([1]);
    stop();
    actor.stop();
  });
});
