import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { subscribeTo } from '../../src/bindings/vanilla';
import { counterMachine, countingRef } from './fixtures';

let actor: Actor<typeof counterMachine>;
afterEach(() => actor?.stop());

describe('subscribeTo', () => {
  it('does not fire at once, then fires with each new selected value', () => {
    actor = createActor(counterMachine).start();
    const seen: number[] = [];
    subscribeTo(
      actor,
      (s) => s.context.count,
      (count) => seen.push(count),
    );
    expect(seen).toEqual([]);
    actor.send({ type: 'INC' });
    actor.send({ type: 'INC' });
    expect(seen).toEqual([1, 2]);
  });

  it('does not fire when a transition leaves the selected value as it was', () => {
    actor = createActor(counterMachine).start();
    const seen: number[] = [];
    subscribeTo(
      actor,
      (s) => s.context.count,
      (count) => seen.push(count),
    );
    actor.send({ type: 'TOUCH' });
    actor.send({ type: 'TOUCH' });
    actor.send({ type: 'INC' });
    actor.send({ type: 'TOUCH' });
    expect(seen).toEqual([1]);
    expect(actor.getSnapshot().context.other).toBe(3);
  });

  it('compares with the given function (a fresh object per snapshot is not a change)', () => {
    actor = createActor(counterMachine).start();
    const seen: { count: number }[] = [];
    const byCount = (a: { count: number }, b: { count: number }) => a.count === b.count;
    subscribeTo(
      actor,
      (s) => ({ count: s.context.count }),
      (v) => seen.push(v),
      byCount,
    );
    const everyTime: unknown[] = [];
    subscribeTo(
      actor,
      (s) => ({ count: s.context.count }),
      (v) => everyTime.push(v),
    );
    actor.send({ type: 'TOUCH' });
    actor.send({ type: 'INC' });
    expect(seen).toEqual([{ count: 1 }]);
    expect(everyTime).toHaveLength(2);
  });

  it('stops calling the listener once unsubscribed, and releases the subscription', () => {
    actor = createActor(counterMachine).start();
    const { ref, live } = countingRef(actor);
    const seen: number[] = [];
    const unsubscribe = subscribeTo(
      ref,
      (s) => s.context.count,
      (count) => seen.push(count),
    );
    expect(live()).toBe(1);
    actor.send({ type: 'INC' });
    unsubscribe();
    actor.send({ type: 'INC' });
    expect(seen).toEqual([1]);
    expect(live()).toBe(0);
    expect(actor.getSnapshot().status).toBe('active');
  });

  it("reports an actor error as a snapshot with status 'error' instead of re-throwing it", () => {
    actor = createActor(counterMachine).start();
    const seen: string[] = [];
    subscribeTo(
      actor,
      (s) => s.status,
      (status) => seen.push(status),
    );
    actor.send({ type: 'BOOM' });
    expect(seen).toEqual(['error']);
    expect((actor.getSnapshot().error as Error).message).toBe('boom');
  });

  it("shows a stopped actor as status 'stopped'", () => {
    actor = createActor(counterMachine).start();
    const seen: string[] = [];
    subscribeTo(
      actor,
      (s) => s.status,
      (status) => seen.push(status),
    );
    actor.stop();
    expect(seen).toEqual(['stopped']);
  });
});
