// The poll schedule of the income-report machine: how long to wait, what to remember.

import type { IncomeReportStatus } from 'pam-client';
import { backoffDelay, clampDelay } from 'pam-client/internal';
import type { IncomeReportStatusChange } from './types';

export const DEFAULT_REPORT_POLL_INTERVAL_MS = 2000;
export const DEFAULT_REPORT_MAX_POLL_MS: number = 300_000; // 5 min (a literal: CONTRIBUTING.md)
/** Each poll waits 1.5× the one before, up to 10× the first, ±10 %. */
export const REPORT_POLL_BACKOFF = { factor: 1.5, maxFactor: 10, jitter: 0.2 } as const;

/**
 * The wait before poll number `polls` (0-based): `pollIntervalMs × 1.5^polls`, capped at
 * `10 × pollIntervalMs`, ±10 %, and never less than `minDelayMs` (a server's `Retry-After`).
 *
 * @example
 * reportPollDelayMs(2, { pollIntervalMs: 2000, random: () => 0.5 }); // 4500
 */
export function reportPollDelayMs(
  polls: number,
  o: { pollIntervalMs: number; random?: () => number; minDelayMs?: number },
): number {
  const backoff = backoffDelay(polls, {
    baseMs: o.pollIntervalMs,
    factor: REPORT_POLL_BACKOFF.factor,
    maxMs: REPORT_POLL_BACKOFF.maxFactor * o.pollIntervalMs,
    jitter: REPORT_POLL_BACKOFF.jitter,
    ...(o.random ? { random: o.random } : {}),
  });
  return clampDelay(Math.max(backoff, o.minDelayMs ?? 0));
}

/** Appends `status` unless it is the one last seen (spec 3.1: a poll looks for a change). */
export function withStatus(history: IncomeReportStatusChange[], status: IncomeReportStatus, at: number) {
  return history.at(-1)?.status === status ? history : [...history, { status, at }];
}
