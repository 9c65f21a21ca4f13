// Vitest's fake timers (and Date) for each test of the calling `describe` (or file), real again after.

import { afterEach, beforeEach, vi } from 'vitest';

/**
 * `vi.useFakeTimers(config)` once the work already queued on the real clock has run: Node's fetch
 * (undici) arms a kept connection's idle timer (`keepAliveTimeout`, 598 s against the echo
 * server) in a `setImmediate` queued after it handed out the answer, so an answer read just
 * before (a file's last, the files of a worker share one process) armed it on the FAKE clock,
 * where `vi.getTimerCount()` counted it as the test's own (test/http/szhttp-raced's flake: 2
 * where 0 was expected). One real macrotask hop first runs those immediates where they belong.
 */
export async function installFakeTimers(config?: Parameters<typeof vi.useFakeTimers>[0]): Promise<void> {
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
