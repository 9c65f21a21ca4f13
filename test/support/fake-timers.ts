// Vitest's fake timers (and Date) for each test of the calling `describe` (or file), real again after.

import { afterEach, beforeEach, vi } from 'vitest';
import { endHttpConnections } from './http-connections';

/**
 * `vi.useFakeTimers(config)` once Node's fetch (undici) has nothing left to do on the real clock:
 * it arms a kept connection's idle timer (`keepAliveTimeout`, 598 s against the echo server) in a
 * `setImmediate` queued after it handed out the answer, and connects again ~5-10 ms after a
 * request was aborted mid-flight (arming that connection's idle timer), so an answer read or an
 * abort just before put a timer on the FAKE clock, where `vi.getTimerCount()` counted it as the
 * test's own (test/http/szhttp-raced's flake: 2 where 0 was expected). Fetch's connections are
 * ended first (a request still in flight fails: install before sending), then one real macrotask
 * hop runs what was queued where it belongs.
 */
export async function installFakeTimers(config?: Parameters<typeof vi.useFakeTimers>[0]): Promise<void> {
  await endHttpConnections();
  await new Promise<void>((resolve) => setImmediate(resolve));
  vi.useFakeTimers(config);
}

/** Each test runs on `installFakeTimers(config)`; the real timers come back after it. */
export function useFakeTimersEach(config?: Parameters<typeof vi.useFakeTimers>[0]): void {
  beforeEach(() => installFakeTimers(config));
  afterEach(() => {
    vi.useRealTimers();
  });
}
