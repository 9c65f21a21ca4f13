// Node's fetch (undici) keeps connections and timers between requests, in one dispatcher per
// process: the files of a worker share it (`isolate: false` in vitest.config.ts). What it still
// does after a test went on (the idle timer of a kept connection, armed in a `setImmediate` after
// an answer; a new connection made ~5-10 ms after a request was aborted mid-flight, for that
// request, with its idle timer) lands on whatever clock is installed then: a later test's fake one,
// where `vi.getTimerCount()` counted it (test/http/szhttp-raced's flake, CI).

/** Where Node's fetch looks its dispatcher up on every call (undici's `setGlobalDispatcher`). */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

interface Dispatcher {
  destroy(): Promise<void>;
}

/**
 * Ends every connection of Node's fetch and what hangs on them: the next requests get a fresh
 * dispatcher (same class, default options), the old one is destroyed and awaited (its sockets
 * closed, their timers cleared on the clock they were armed on; no connection made again for an
 * aborted request). A request still in flight fails, as it would at its server's close. No-op
 * before the first fetch of the process.
 */
export async function endHttpConnections(): Promise<void> {
  const global = globalThis as unknown as Record<symbol, Dispatcher | undefined>;
  const old = global[GLOBAL_DISPATCHER];
  if (!old) return;
  global[GLOBAL_DISPATCHER] = new (old.constructor as new () => Dispatcher)();
  await old.destroy();
}
