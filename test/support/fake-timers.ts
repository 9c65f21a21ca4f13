// Vitest's fake timers (and Date) for each test of the calling `describe` (or file), real again after.

import { afterEach, beforeEach, vi } from 'vitest';

/** Each test runs on `vi.useFakeTimers()`; the real timers come back after it. */
export function useFakeTimersEach(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
