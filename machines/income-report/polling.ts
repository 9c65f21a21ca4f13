// The poll schedule of the income-report machine: how long to wait.

import { clampDelay } from 'pam-client/internal';

/**
 * The wait before poll number `polls` (0-based): `pollIntervalMs × 1.5^polls`, capped at
 * `10 × pollIntervalMs`, ±10 % (from `draw`, the jitter's draw in [0, 1)), and never less than
 * `minDelayMs` (a server's `Retry-After`).
 *
 * @example
 * reportPollDelayMs({ polls: 2, pollIntervalMs: 2000, minDelayMs: 0 }, 0.5); // 4500
 */
export function reportPollDelayMs(
  o: { polls: number; pollIntervalMs: number; minDelayMs: number },
  draw: number,
): number {
  // The core's backoff, `backoffDelay(polls, { baseMs: pollIntervalMs, factor: 1.5, maxMs: 10 ×
  // pollIntervalMs, jitter: 0.2, random: () => draw })`, written out for these options: the
  // machine alone then carries no general backoff (issue 33, -124 B on its row). Equal for every
  // input, NaN and negatives included (test/machines/income-report.poll-delay.test.ts checks it
  // against backoffDelay).
  const raw = Math.min(10 * o.pollIntervalMs, o.pollIntervalMs * 1.5 ** Math.max(0, o.polls));
  return clampDelay(Math.max(clampDelay(Math.round(raw * (0.9 + 0.2 * draw))), o.minDelayMs));
}
