// Review 126 (holds): `subscribeFrom` (src/bindings/session.ts) through `subscribeTo` and Svelte's
// `selectorStore` on a real XState actor: a listener that sends an event per value is told each
// value once, in order, and ends on the actor's value; one that unsubscribes while sending is
// never called again; a store's first `run` that sends is followed once, never nested.
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { selectorStore } from '../../src/bindings/svelte';
import { subscribeTo } from '../../src/bindings/vanilla';

const counter = () =>
  createActor(
    setup({ types: { context: {} as { n: number }, events: {} as { type: 'inc' } } }).createMachine({
      context: { n: 0 },
      on: { inc: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
    }),
  ).start();

describe('review 126 (holds): the bindings catch-up', () => {
  it('subscribeTo: a listener that sends on each of 10 values: told each once, ends on the last', () => {
    const actor = counter();
    const told: number[] = [];
    let depth = 0;
    let deepest = 0;
    subscribeTo(
      actor,
      (s) => s.context.n,
      (n) => {
        depth++;
        deepest = Math.max(deepest, depth);
        told.push(n);
        if (n < 10) actor.send({ type: 'inc' });
        depth--;
      },
    );
    actor.send({ type: 'inc' });
    expect({ told, deepest, now: actor.getSnapshot().context.n }).toEqual({
      told: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      deepest: 1,
      now: 10,
    });
  });

  it('subscribeTo: unsubscribed inside the listener while sending: never called again', () => {
    const actor = counter();
    const told: number[] = [];
    const off = subscribeTo(
      actor,
      (s) => s.context.n,
      (n) => {
        told.push(n);
        off();
        actor.send({ type: 'inc' });
      },
    );
    actor.send({ type: 'inc' });
    actor.send({ type: 'inc' });
    expect(told).toEqual([1]);
  });

  it('selectorStore: a first run that sends twice is followed by the last value, once', () => {
    const actor = counter();
    const told: number[] = [];
    const off = selectorStore(actor, (s) => s.context.n).subscribe((n) => {
      told.push(n);
      if (n === 0) {
        actor.send({ type: 'inc' });
        actor.send({ type: 'inc' });
      }
    });
    actor.send({ type: 'inc' });
    off();
    actor.send({ type: 'inc' });
    expect(told).toEqual([0, 2, 3]);
  });
});
