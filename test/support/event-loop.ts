// Waiting on the event loop, never on the clock: real I/O (a request reaching the reference server,
// an answer being read) finishes after some turns of the loop, however loaded the machine is.
// These helpers spin `setImmediate` turns, which fake timers leave alone (they fake setTimeout,
// setInterval and Date), so they work the same under `vi.useFakeTimers()`.

/** A safety net only: a condition still false after this much real time fails the test. */
const GIVE_UP_NS = 45_000_000_000n; // under the node tests' 60 s timeout, so a failure names its condition

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Lets `n` turns of the event loop run (microtasks, I/O callbacks, immediates). */
export async function turns(n = 5): Promise<void> {
  for (let i = 0; i < n; i++) await turn();
}

/**
 * Spins the event loop until `condition()` holds (or its promise resolves true), then returns.
 * Throws with `what` (a text, or a function that describes the state at the give-up) if it never
 * does (after a generous real-time safety net, which is no wait: a passing test never reaches it).
 *
 * @example
 * clock.increment(1); // a refresh starts
 * await until(() => server.requests.length === 1, 'the refresh reached the server');
 * await until(async () => (await client.tokens.get()) !== null, 'the token stored');
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string | (() => string) = 'condition',
  giveUpNs = GIVE_UP_NS,
): Promise<void> {
  const start = process.hrtime.bigint();
  while (!(await condition())) {
    if (process.hrtime.bigint() - start > giveUpNs) {
      throw new Error(`never happened: ${typeof what === 'function' ? what() : what}`);
    }
    await turn();
  }
}

/**
 * Awaits `promise` while fake time runs in `stepMs` steps (`advance` is e.g.
 * `(ms) => vi.advanceTimersByTimeAsync(ms)` or a SimulatedClock's increment), with event-loop
 * turns between steps so real I/O keeps up.
 *
 * @example
 * const result = await during(client.user.getAddress(), (ms) => vi.advanceTimersByTimeAsync(ms));
 */
export async function during<T>(
  promise: Promise<T>,
  advance: (ms: number) => unknown,
  stepMs = 50,
  maxSteps = 10_000,
): Promise<T> {
  let done = false;
  const settled = promise.finally(() => {
    done = true;
  });
  settled.catch(() => {});
  for (let i = 0; i < maxSteps && !done; i++) {
    await advance(stepMs);
    await turns(3);
  }
  return settled;
}
