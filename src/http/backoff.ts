import { HttpError, isTransientError, type PamError } from './errors';

const BASE_MS = 250;
const CAP_MS = 5_000;
/** A server asking for longer than this is treated as down for now: fail fast, let the caller decide. */
export const MAX_RETRY_AFTER_SECONDS = 30;

/**
 * Full jitter (a random wait in [0, min(cap, base * 2^attempt))), so clients that failed together
 * do not come back together. `attempt` counts from 0.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(CAP_MS, BASE_MS * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/**
 * How long to wait before retrying a GET that failed with `error`, or `undefined` when it must not
 * be retried: only network errors, timeouts, 5xx and 429 are, and a `Retry-After` wins over backoff.
 */
export function retryDelay(
  error: PamError,
  attempt: number,
  random: () => number = Math.random,
): number | undefined {
  if (!isTransientError(error)) return undefined;
  if (!(error instanceof HttpError) || error.retryAfter === undefined) return backoffDelay(attempt, random);
  return error.retryAfter > MAX_RETRY_AFTER_SECONDS ? undefined : error.retryAfter * 1000;
}
