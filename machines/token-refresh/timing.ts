// When the refresh cycle looks again: the wait in `idle`, the backoff after a failure, the flight timeout.

import {
  HttpError,
  markTokenSaved,
  nextRefreshAt,
  type PamError,
  REFRESH_IN_FLIGHT_TIMEOUT_MS,
  type RefreshState,
  refreshBackoffMs,
} from 'pam-client';
import { clampDelay } from '../shared';
import type { TokenRefreshContext } from '../tokenRefreshMachine';

/** Default period of the internal check while idle: one minute. */
export const DEFAULT_TICK_MS = 60_000;

/**
 * The shortest wait the internal check re-arms with while a refresh is not yet due, so a clock
 * that stands still (or a tiny `tickMs`) cannot turn the timer into a busy loop.
 */
const MIN_CHECK_MS = 1_000;

/** A token saved "in the future" (another device's clock) must not postpone the refresh. */
export const savedState = (savedAt: number | undefined, now: number): RefreshState =>
  markTokenSaved(typeof savedAt === 'number' && savedAt < now ? savedAt : now);

/**
 * Wait before the next check in `idle`: until the refresh is due, but at most `tickMs`, so a
 * clock jump (sleep, throttled background tab) is noticed within one tick. Due-ness itself is
 * always read from `now()`, never inferred from the timer having fired.
 */
export function nextCheckDelay(c: TokenRefreshContext): number {
  const due = nextRefreshAt(c.refresh, { intervalMs: c.intervalMs });
  if (due === null) return clampDelay(c.tickMs);
  const at = Math.max(due, c.notBefore ?? due);
  const until = at - c.now();
  if (!(until > 0)) return 0;
  return clampDelay(Math.max(MIN_CHECK_MS, Math.min(c.tickMs, until)));
}

/**
 * When a failed refresh may be tried again: the backoff of `refresh.ts`, stretched by jitter when
 * the machine has a `random`, and never before a `Retry-After` (429 or 503) says.
 */
export function notBeforeAfter(c: TokenRefreshContext, error: PamError): number | null {
  const now = c.now();
  const retryAfter =
    error instanceof HttpError && error.retryAfter !== undefined ? error.retryAfter * 1000 : 0;
  const jitter = c.random ? refreshBackoffMs(c.refresh.failures + 1) * 0.2 * c.random() : 0;
  const wait = Math.max(retryAfter, refreshBackoffMs(c.refresh.failures + 1) + jitter);
  return retryAfter > 0 || jitter > 0 ? now + wait : null;
}

/** When the refresh in flight counts as lost (API.md: in flight for over 60 s). */
export const flightLostAt = (c: TokenRefreshContext): number =>
  (c.refresh.inFlightSince ?? c.now()) + REFRESH_IN_FLIGHT_TIMEOUT_MS;
