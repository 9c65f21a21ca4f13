/**
 * The token refresh cycle (spec 3.2) as pure functions over a small frozen state. The spec leaves
 * the state's fields and the due-condition after a failure open; docs/contract.md fixes them: due when a
 * token was saved, the interval has passed since, no refresh is in flight (one in flight for
 * 60 s or more counts as lost) and, after `n` failures, `min(30 s * 2^(n-1), 15 min)` has passed
 * since the last one.
 */

import { backoffDelay } from '../http/waiting';

/**
 * How long a token lives before a refresh is due: 6 hours (spec section 8).
 *
 * @example
 * shouldRefreshToken(markTokenSaved(0), REFRESH_INTERVAL_MS); // true
 */
export const REFRESH_INTERVAL_MS: number = 21_600_000; // 6 h (a literal: CONTRIBUTING.md)

/**
 * The wait after the first failed refresh; it doubles with each further failure.
 *
 * @example
 * refreshBackoffMs(1) === REFRESH_BACKOFF_BASE_MS; // 30 000
 */
export const REFRESH_BACKOFF_BASE_MS: number = 30_000;

/**
 * The longest wait between two failed refreshes: 15 minutes.
 *
 * @example
 * refreshBackoffMs(50) === REFRESH_BACKOFF_MAX_MS; // 900 000
 */
export const REFRESH_BACKOFF_MAX_MS: number = 900_000; // 15 min

/**
 * A refresh in flight for this long (60 s) counts as lost, so a new one may start.
 *
 * @example
 * const s = markRefreshStarted(state, t);
 * shouldRefreshToken(s, t + REFRESH_IN_FLIGHT_TIMEOUT_MS); // true again (if it was due)
 */
export const REFRESH_IN_FLIGHT_TIMEOUT_MS: number = 60_000;

/**
 * Where the refresh cycle stands. Every field is a wall-clock time in ms (`Date.now()` scale)
 * or `null`, except `failures`, the count of failed refreshes since the last saved token.
 *
 * @example
 * const state: RefreshState = markTokenSaved();
 * state.tokenSavedAt; // now
 */
export interface RefreshState {
  /** When the current token was saved; `null` when there is none (signed out). */
  readonly tokenSavedAt: number | null;
  /** When the refresh now in flight started; `null` when none is. */
  readonly inFlightSince: number | null;
  /** Failed refreshes since the token was saved. */
  readonly failures: number;
  /** When the last refresh failed; `null` when none has. */
  readonly lastFailureAt: number | null;
}

/**
 * Options of `shouldRefreshToken` and `nextRefreshAt`.
 *
 * @example
 * const options: RefreshTimingOptions = { intervalMs: 60 * 60 * 1000 }; // hourly
 */
export interface RefreshTimingOptions {
  /** Time from a saved token to a due refresh. Default `REFRESH_INTERVAL_MS` (6 h). */
  intervalMs?: number;
}

/**
 * The state before any token is saved: never due.
 *
 * @example
 * shouldRefreshToken(initialRefreshState); // false
 */
export const initialRefreshState: RefreshState = /* @__PURE__ */ Object.freeze({
  tokenSavedAt: null,
  inFlightSince: null,
  failures: 0,
  lastFailureAt: null,
});

/**
 * The state right after a token was saved (login, registration or a successful refresh).
 *
 * @example
 * let state = markTokenSaved(); // after login stored the token
 */
export function markTokenSaved(now: number = Date.now()): RefreshState {
  return Object.freeze({ tokenSavedAt: now, inFlightSince: null, failures: 0, lastFailureAt: null });
}

/**
 * The wait before retrying after `failures` failed refreshes: 30 s, 60 s, 120 s, … capped at
 * 15 min; 0 when nothing failed.
 *
 * @example
 * refreshBackoffMs(3); // 120 000
 */
export function refreshBackoffMs(failures: number, random?: () => number): number {
  if (!(failures >= 1)) return 0;
  // The core's one backoff (src/http/waiting.ts); with `random`, ±10 % jitter.
  return backoffDelay(Math.min(failures - 1, 32), {
    baseMs: REFRESH_BACKOFF_BASE_MS,
    factor: 2,
    maxMs: REFRESH_BACKOFF_MAX_MS,
    ...(random ? { jitter: 0.2, random } : {}),
  });
}

/**
 * The wall-clock time from which `shouldRefreshToken(state, now)` is true, or `null` when no
 * token is saved. Use it to schedule the next timer tick.
 *
 * @example
 * const at = nextRefreshAt(state);
 * if (at !== null) setTimeout(tick, Math.max(0, at - Date.now()));
 */
export function nextRefreshAt(state: RefreshState, options?: RefreshTimingOptions): number | null {
  if (state.tokenSavedAt === null) return null;
  let at = state.tokenSavedAt + (options?.intervalMs ?? REFRESH_INTERVAL_MS);
  if (state.failures > 0 && state.lastFailureAt !== null) {
    at = Math.max(at, state.lastFailureAt + refreshBackoffMs(state.failures));
  }
  if (state.inFlightSince !== null) {
    at = Math.max(at, state.inFlightSince + REFRESH_IN_FLIGHT_TIMEOUT_MS);
  }
  return at;
}

/**
 * Whether a refresh is due at `now`: a token was saved, the interval has passed since, no
 * refresh is in flight (or the one in flight is lost) and any failure backoff has elapsed.
 *
 * @example
 * if (shouldRefreshToken(state)) {
 *   state = markRefreshStarted(state);
 *   const ok = await auth.refreshToken().then(() => true, () => false);
 *   state = markRefreshCompleted(state, ok);
 * }
 */
export function shouldRefreshToken(
  state: RefreshState,
  now: number = Date.now(),
  options?: RefreshTimingOptions,
): boolean {
  const at = nextRefreshAt(state, options);
  return at !== null && now >= at;
}

/**
 * Records that a refresh request was sent at `now`.
 *
 * @example
 * state = markRefreshStarted(state);
 * shouldRefreshToken(state); // false while it is in flight
 */
export function markRefreshStarted(state: RefreshState, now: number = Date.now()): RefreshState {
  return Object.freeze({ ...state, inFlightSince: now });
}

/**
 * Records how the refresh ended. A success counts as a token saved at `now`; a failure adds one
 * to `failures`, so the next try waits out the backoff.
 *
 * @example
 * state = markRefreshCompleted(state, false); // retry in 30 s
 * state = markRefreshCompleted(state, true);  // next refresh in 6 h
 */
export function markRefreshCompleted(
  state: RefreshState,
  success: boolean,
  now: number = Date.now(),
): RefreshState {
  if (success) return markTokenSaved(now);
  return Object.freeze({
    tokenSavedAt: state.tokenSavedAt,
    inFlightSince: null,
    failures: state.failures + 1,
    lastFailureAt: now,
  });
}
