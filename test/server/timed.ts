// Awaiting a call of the server under fake timers (setTimeout, Date): fake time runs only to each
// next timer, and only once the real work (the seal's crypto) is done or waits on one.

import { expect, vi } from 'vitest';
import { turns, until } from '../support/event-loop';

// The seal's and the digest's crypto runs on libuv's thread pool: it ends in real time, not after a
// count of loop turns, so on a loaded machine a quiet loop does not mean it is done (a CI run at
// high load ran fake time past a stall's deadline while a seal was still working, and the call then
// chased later timers to the 40 s bound). So every Web Crypto call is counted while it runs, and
// fake time never runs while one does.
let cryptoRunning = 0;
const subtle = globalThis.crypto.subtle as unknown as Record<
  string,
  (...args: unknown[]) => Promise<unknown>
>;
for (const name of [
  'digest',
  'encrypt',
  'decrypt',
  'sign',
  'verify',
  'importKey',
  'deriveBits',
  'deriveKey',
]) {
  const method = subtle[name];
  if (typeof method !== 'function') continue;
  Object.defineProperty(subtle, name, {
    configurable: true,
    value: (...args: unknown[]) => {
      cryptoRunning++;
      return method.apply(subtle, args).finally(() => {
        cryptoRunning--;
      });
    },
  });
}

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
  const jumps: number[] = []; // each run to a next timer: the fake ms it took (told on a failure)
  for (;;) {
    await until(() => done || vi.getTimerCount() > 0, 'the answer, or a deadline to run to');
    if (done || Date.now() - start > bound) break;
    // The real work started beside it (another store read, the seal's crypto) settles first: the
    // timers stand unchanged for 25 turns (5 were too few on a loaded machine: a second read's
    // deadline was set after the first one had been run to, seen in a CI dry run at load 20).
    do {
      await until(() => done || cryptoRunning === 0, 'the crypto running beside the call to end');
      for (let last = -1, same = 0, i = 0; same < 25 && i < 2_000; i++) {
        await turns(1);
        same = vi.getTimerCount() === last ? same + 1 : 0;
        last = vi.getTimerCount();
      }
    } while (!done && cryptoRunning > 0);
    if (!done && vi.getTimerCount() > 0) {
      const before = Date.now();
      await vi.advanceTimersToNextTimerAsync();
      jumps.push(Date.now() - before);
    }
  }
  expect(
    done,
    `settled within ${bound} ms of fake time (runs to a next timer, ms: ${jumps.slice(0, 40).join(' ')})`,
  ).toBe(true);
  return { value: await settled, took: Date.now() - start };
}
