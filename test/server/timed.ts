// Awaiting a call of the server under fake timers (setTimeout, Date): fake time runs only to each
// next timer, and only once the real work (the seal's crypto) is done or waits on one.

import { expect, vi } from 'vitest';
import { turns, until } from '../support/event-loop';

/**
 * `promise` awaited while fake time runs to each next timer only, once the real work (the seal's
 * crypto) is done or waits on one: the fake time it took (each deadline fires once, so a call whose
 * waits all end at deadlines settles within their sum). Fails when it has not settled `bound` ms
 * of fake time in, or waits on nothing that will ever come (no timer left: a hang).
 */
export async function timed<T>(promise: Promise<T>, bound: number): Promise<{ value: T; took: number }> {
  const start = Date.now();
  let done = false;
  const settled = promise.finally(() => {
    done = true;
  });
  settled.catch(() => {});
  for (;;) {
    await until(() => done || vi.getTimerCount() > 0, 'the answer, or a deadline to run to');
    if (done || Date.now() - start > bound) break;
    // The real work started beside it (another store read, the seal's crypto) settles first: the
    // timers stand unchanged for 25 turns (5 were too few on a loaded machine: a second read's
    // deadline was set after the first one had been run to, seen in a CI dry run at load 20).
    for (let last = -1, same = 0, i = 0; same < 25 && i < 2_000; i++) {
      await turns(1);
      same = vi.getTimerCount() === last ? same + 1 : 0;
      last = vi.getTimerCount();
    }
    if (!done && vi.getTimerCount() > 0) await vi.advanceTimersToNextTimerAsync();
  }
  expect(done, `settled within ${bound} ms of fake time`).toBe(true);
  return { value: await settled, took: Date.now() - start };
}
