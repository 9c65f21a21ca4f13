// The poll schedule of the income-report machine: how long to wait, what to remember.

import type { IncomeReportStatus } from 'pam-client';
import { backoffDelay, clampDelay } from 'pam-client/internal';
import type { IncomeReportStatusChange } from './types';

/**
 * The wait before poll number `polls` (0-based): `pollIntervalMs × 1.5^polls`, capped at
 * `10 × pollIntervalMs`, ±10 % (drawn from `random`), and never less than `minDelayMs` (a
 * server's `Retry-After`).
 *
 * @example
 * reportPollDelayMs({ polls: 2, pollIntervalMs: 2000, minDelayMs: 0 }, () => 0.5); // 4500
 */
export function reportPollDelayMs(
  o: { polls: number; pollIntervalMs: number; minDelayMs: number },
  random?: () => number,
): number {
  // Each poll waits 1.5× the one before, up to 10× the first, ±10 % (jitter 0.2); literals, not a
  // shared object: a bundle keeps the object.
  const backoff = backoffDelay(o.polls, {
    baseMs: o.pollIntervalMs,
    factor: 1.5,
    maxMs: 10 * o.pollIntervalMs,
    jitter: 0.2,
    random,
  });
  return clampDelay(Math.max(backoff, o.minDelayMs));
}

/** Appends `status` unless it is the one last seen (spec 3.1: a poll looks for a change). */
export function withStatus(history: IncomeReportStatusChange[], status: IncomeReportStatus, at: number) {
  return history.at(-1)?.status === status ? history : [...history, { status, at }];
}
