// When the refresh cycle looks again: the wait in `idle`, the backoff after a failure, the flight timeout.

import {
  type AuthModule,
  markTokenSaved,
  type PamError,
  REFRESH_INTERVAL_MS,
  type RefreshState,
} from 'pam-client';
import {
  clampDelay,
  nextRefreshAt,
  REFRESH_IN_FLIGHT_TIMEOUT_MS,
  refreshBackoffMs,
} from 'pam-client/internal';
import { retryAfterMsOf } from '../errors';

/** The machine's context: settings, the refresh state and the last error. No token. */
export interface TokenRefreshContext {
  /** A service: never persisted; a restored actor takes it from its fresh `input`. */
  auth: Pick<AuthModule, 'refreshToken'>;
  intervalMs: number;
  tickMs: number;
  /** A service, like `auth`. */
  now: () => number;
  /** How long a token lives (from the last `expiresAt`), or null when unknown. */
  lifeMs: number | null;
  /** Driven only by the refresh-cycle functions of `pam-client`. Holds no token. */
  refresh: RefreshState;
  error: PamError | null;
  /** A service, like `auth`. */
  random: (() => number) | null;
  /** Not before this wall-clock time: the failure backoff with jitter, or the server's `Retry-After`. */
  notBefore: number | null;
}

/** Default period of the internal check while idle: one minute. */
export const DEFAULT_TICK_MS = 60_000;

/**
 * The shortest wait the internal check re-arms with while a refresh is not yet due, so a clock
 * that stands still (or a tiny `tickMs`) cannot turn the timer into a busy loop.
 */
const MIN_CHECK_MS = 1_000;

/** The shortest time from a saved token to a due refresh: a refresh cycle never spins. */
export const MIN_REFRESH_INTERVAL_MS = 1_000;

/**
 * The `intervalMs` the machine uses: the default (6 h) for 0, a negative number, NaN or
 * Infinity; at least `MIN_REFRESH_INTERVAL_MS` for a small positive one.
 */
export function refreshIntervalOf(value: number | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return REFRESH_INTERVAL_MS;
  return Math.max(MIN_REFRESH_INTERVAL_MS, value);
}

/**
 * How long before its expiry a token is refreshed: 10 % of its life, at least 30 s and at most
 * 5 min, and never more than half its life (a 40 s token is refreshed after 20 s).
 *
 * @example
 * expiryMarginMs(60 * 60_000); // 300_000: a 1 h token is refreshed 5 min before it expires
 */
export function expiryMarginMs(lifeMs: number): number {
  return Math.min(5 * 60_000, Math.max(30_000, lifeMs / 10), lifeMs / 2);
}

/** A token's life from its save time and expiry, or null when the expiry is unknown or absurd. */
export function lifeOf(
  savedAt: number | undefined,
  expiresAt: number | null | undefined,
  now: number,
): number | null {
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return null;
  const from = typeof savedAt === 'number' && Number.isFinite(savedAt) ? savedAt : now;
  const life = expiresAt - from;
  return life > 0 ? life : 0;
}

/**
 * The interval after a save at which the refresh is due: `intervalMs`, or earlier when the
 * token expires before that (its life minus `expiryMarginMs`), but never under 1 s.
 */
export function dueInterval(c: Pick<TokenRefreshContext, 'intervalMs' | 'lifeMs'>): number {
  if (c.lifeMs === null) return c.intervalMs;
  return Math.min(c.intervalMs, Math.max(MIN_REFRESH_INTERVAL_MS, c.lifeMs - expiryMarginMs(c.lifeMs)));
}

/** A token saved "in the future" (another device's clock) must not postpone the refresh. */
export const savedState = (savedAt: number | undefined, now: number): RefreshState =>
  markTokenSaved(typeof savedAt === 'number' && savedAt < now ? savedAt : now);

/**
 * Wait before the next check in `idle`: until the refresh is due, but at most `tickMs`, so a
 * clock jump (sleep, throttled background tab) is noticed within one tick. Due-ness itself is
 * always read from `now()`, never inferred from the timer having fired.
 */
export function nextCheckDelay(c: TokenRefreshContext): number {
  const due = nextRefreshAt(c.refresh, { intervalMs: dueInterval(c) });
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
  const retryAfter = retryAfterMsOf(error);
  // The one backoff formula (the core's `backoffDelay`, through `refreshBackoffMs`), jittered when
  // the machine has a `random`.
  const wait = Math.max(retryAfter, refreshBackoffMs(c.refresh.failures + 1, c.random ?? undefined));
  return retryAfter > 0 || c.random ? now + wait : null;
}

/** When the refresh in flight counts as lost (docs/contract.md: in flight for over 60 s). */
export const flightLostAt = (c: TokenRefreshContext): number =>
  (c.refresh.inFlightSince ?? c.now()) + REFRESH_IN_FLIGHT_TIMEOUT_MS;
