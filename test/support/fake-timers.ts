// Vitest's fake timers (and Date) for each test of the calling `describe` (or file), real again after.

import { afterEach, beforeEach, vi } from 'vitest';

/** Each test runs on `vi.useFakeTimers(config)`; the real timers come back after it. */
export function useFakeTimersEach(config?: Parameters<typeof vi.useFakeTimers>[0]): void {
  beforeEach(() => {
    vi.useFakeTimers(config);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
