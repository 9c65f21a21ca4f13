import { isPamError, isTransientError, PamError } from 'pam-client';

/**
 * Every machine keeps `context.error` as a PamError or null. A service that throws something
 * else (a bug, or a user's own actor given through `.provide()`) is reported as an unexpected
 * answer, keeping the original as `cause` for debugging; its message is not copied, since we
 * cannot know it is free of secrets.
 */
export function asPamError(error: unknown): PamError {
  if (isPamError(error)) return error;
  const name = error instanceof Error ? error.name : typeof error;
  return new PamError('invalid_response', `Unexpected failure (${name})`, { cause: error });
}

/** Worth trying again later: no answer, a timeout, a 5xx or a 429 (the core's one definition). */
export const isTransient: (error: PamError) => boolean = isTransientError;

/** `value` when it is a finite number >= `min`, else `fallback` (undefined, NaN, too small). */
export const finiteOr = (value: number | undefined, fallback: number, min: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min ? value : fallback;

export interface BackoffOptions {
  baseMs: number;
  factor: number;
  maxMs: number;
  /** 0..1: the share of the delay that is randomised (0.2 = ±10 %). */
  jitter?: number;
  random?: () => number;
}

/** Delay before try number `attempt` (0-based): base * factor^attempt, capped, with jitter. */
export function backoffDelay(attempt: number, o: BackoffOptions): number {
  const raw = Math.min(o.maxMs, o.baseMs * o.factor ** Math.max(0, attempt));
  const jitter = o.jitter ?? 0;
  if (jitter === 0) return Math.round(raw);
  const r = (o.random ?? Math.random)();
  return Math.max(0, Math.round(raw * (1 - jitter / 2 + jitter * r)));
}

/** setTimeout clamps anything above 2^31-1 ms to 1 ms; XState delays inherit that. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
export const clampDelay = (ms: number): number => Math.min(MAX_TIMER_MS, Math.max(0, ms));
