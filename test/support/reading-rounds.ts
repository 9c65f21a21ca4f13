// The profile flow's model harnesses (test/session/reading-order.model.test.ts and
// test/review33/model.ts) end the same way: answers delivered in the order sent, and rounds of a
// `CHECK` (a change answered: the flow reads again) with time run between them.

import type { SimulatedClock } from 'xstate';

interface Run {
  clock: SimulatedClock;
  pending: { resolve(): void }[];
  flow: { send(e: { type: 'CHECK' }): void };
}

/** Twenty microtask turns: what a read's answer needs to reach the flow. */
export const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

/** Every answer still pending, delivered in the order sent (`hold`: none). */
export async function deliverAll(r: Run, hold = false) {
  while (r.pending.length > 0 && !hold) {
    r.pending.shift()!.resolve();
    await flush();
  }
}

/** `rounds` times: a `CHECK`, every answer delivered, then `stepMs` of simulated time. */
export async function checkRounds(r: Run, rounds: number, stepMs = 5 * 60_000) {
  for (let i = 0; i < rounds; i++) {
    r.flow.send({ type: 'CHECK' });
    await flush();
    await deliverAll(r);
    r.clock.increment(stepMs);
    await flush();
  }
}
