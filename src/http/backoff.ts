import { isHttpError, isTransientError } from '../errors/classify';
import { retryAfterMs } from './retry-after';
import { clampDelay } from './sleep';

export interface BackoffOptions {
  /** Delay of try 0, default 250 ms. */
  baseMs?: number;
  /** Growth per try, default 2. */
  factor?: number;
  /** Ceiling, default 5000 ms. */
  maxMs?: number;
  /**
   * `'full'`: a random wait in [0, delay) (clients that failed together do not come back
   * together). A number in 0..1: the share of the delay that is randomised around it
   * (0.2 = ±10 %). Default 0: no jitter.
   */
  jitter?: number | 'full';
  random?: () => number;
}

/**
 * The one backoff: delay before try number `attempt` (0-based) = base * factor^attempt, capped at
 * `maxMs`, then jittered. Never negative, never above the timer limit.
 *
 * @example
 * backoffDelay(3, { baseMs: 1000, factor: 2, maxMs: 30_000, jitter: 0.2 }); // 8000 ± 10 %
 * backoffDelay(2, { jitter: 'full' }); // in [0, 1000)
 */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const { baseMs = 250, factor = 2, maxMs = 5_000, jitter = 0 } = options;
  const raw = Math.min(maxMs, baseMs * factor ** Math.max(0, attempt));
  const random = options.random ?? Math.random;
  const delay =
    jitter === 'full'
      ? Math.floor(random() * raw)
      : jitter === 0
        ? raw
        : raw * (1 - jitter / 2 + jitter * random());
  return clampDelay(Math.round(delay));
}

/** A server asking for longer than this is treated as down for now: fail fast, let the caller decide. */
export const MAX_RETRY_AFTER_SECONDS = 30;

/**
 * How long to wait before retrying a GET that failed with `error`, or `undefined` when it must not
 * be retried: only network errors, timeouts, 5xx and 429 are (by brand and code), and a
 * `Retry-After` wins over backoff.
 */
export function retryDelay(
  error: unknown,
  attempt: number,
  random: () => number = Math.random,
): number | undefined {
  if (!isTransientError(error)) return undefined;
  const asked = isHttpError(error) ? retryAfterMs(error) : undefined;
  if (asked === undefined) return backoffDelay(attempt, { jitter: 'full', random });
  return asked > MAX_RETRY_AFTER_SECONDS * 1000 ? undefined : asked;
}
