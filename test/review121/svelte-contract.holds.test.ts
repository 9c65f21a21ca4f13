// REVIEW121 probes (hold): the Svelte store contract of every store pam-client/svelte makes
// (`sessionStore`, `toStore(client.state)`-shaped sources, `selectorStore` on an actor): `subscribe`
// calls `run` synchronously exactly once with the current value, returns an unsubscribe that is
// idempotent and removes only its own subscription; two stores on one client are independent.
import { get } from 'svelte/store';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { selectorStore, sessionStore, toStore } from '../../src/bindings/svelte';
import { fakeSessionClient } from '../bindings/fake-session';
import { counterMachine, countingRef } from '../bindings/fixtures';

describe('Svelte store contract', () => {
  it('sessionStore: one synchronous first call, idempotent unsubscribe, two stores independent', () => {
    const client = fakeSessionClient({ status: 'restoring' });
    const a = sessionStore(client);
    const b = sessionStore(client);
    const seenA: string[] = [];
    const seenB: string[] = [];
    const offA = a.subscribe((v) => seenA.push(v.status));
    const offB = b.subscribe((v) => seenB.push(v.status));
    expect(seenA).toEqual(['restoring']);
    expect(client.listeners()).toBe(2);
    offA();
    offA();
    expect(client.listeners()).toBe(1);
    client.set({ status: 'signedOut' });
    expect(seenA).toEqual(['restoring']);
    expect(seenB).toEqual(['restoring', 'signedOut']);
    expect(get(a).status).toBe('signedOut');
    offB();
    expect(client.listeners()).toBe(0);
  });

  it('toStore / selectorStore on an actor: same contract, nothing left subscribed', () => {
    const actor = createActor(counterMachine).start();
    const { ref, live } = countingRef(actor);
    const whole = toStore(ref);
    const count = selectorStore(ref, (s) => s.context.count);
    const counts: number[] = [];
    const snapshots: number[] = [];
    const off1 = count.subscribe((n) => counts.push(n));
    const off2 = whole.subscribe((s) => snapshots.push(s.context.count));
    expect(counts).toEqual([0]);
    expect(snapshots).toEqual([0]);
    actor.send({ type: 'TOUCH' });
    actor.send({ type: 'INC' });
    expect(counts).toEqual([0, 1]);
    expect(snapshots).toEqual([0, 0, 1]);
    off1();
    off1();
    expect(live()).toBe(1);
    off2();
    expect(live()).toBe(0);
    expect(get(count)).toBe(1);
    expect(live()).toBe(0);
    actor.stop();
  });
});
