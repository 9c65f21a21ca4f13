// Review 122 (DEFECT, LOW): `selectorStore`'s catch-up (`subscribeFrom`, src/bindings/session.ts)
// tells a change the subscriber's first call made by calling it again right after subscribing,
// outside the actor's own processing. A second call that sends an event is then processed at once
// by the actor, whose observers (this store's) call the subscriber again INSIDE that second call:
// nested, the very thing review 86 fixed in `onSessionChange` ("never missed nor nested", the
// comment in svelte.ts says). And a catch-up call that throws leaves its observer subscribed, with
// no unsubscribe function ever given to the caller (`onSessionChange` unsubscribes first).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { selectorStore } from '../../src/bindings/svelte';
import { counterMachine, countingRef } from '../bindings/fixtures';

describe('selectorStore: the catch-up call', () => {
  it('is never nested: a subscriber that moves the actor on at each of its first values runs one call at a time', () => {
    const actor = createActor(counterMachine).start();
    const count = selectorStore(actor, (s) => s.context.count);
    let depth = 0;
    let deepest = 0;
    const seen: number[] = [];
    const stop = count.subscribe((n) => {
      depth++;
      deepest = Math.max(deepest, depth);
      // An "autostart" that walks the actor to 3, one step per value seen.
      if (n < 3) actor.send({ type: 'INC' });
      seen.push(n); // recorded after its own step, as a component assigns after acting
      depth--;
    });
    expect(actor.getSnapshot().context.count).toBe(3);
    // The subscriber's last word is the actor's value, and no call ran inside another.
    expect({ deepest, last: seen.at(-1) }).toEqual({ deepest: 1, last: 3 });
    stop();
    actor.stop();
  });

  it('a catch-up call that throws leaves nothing subscribed', () => {
    const actor = createActor(counterMachine).start();
    const { ref, live } = countingRef(actor);
    const count = selectorStore(ref, (s) => s.context.count);
    let calls = 0;
    expect(() =>
      count.subscribe((n) => {
        calls++;
        if (n === 0)
          actor.send({ type: 'INC' }); // the first call moves the actor on
        else throw new Error('component failed to render');
      }),
    ).toThrow('component failed to render');
    // The caller got no unsubscribe function: the store must not keep listening.
    expect(live()).toBe(0);
    actor.send({ type: 'INC' });
    expect(calls).toBe(2);
    actor.stop();
  });
});
