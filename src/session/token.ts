/**
 * A session's token: its stored form (`StoredSession`, checked whenever it is read back; where it
 * is kept, `TokenStore`, is ./token-store) and its refresh cycle (spec 3.2), pure functions over a small frozen state. The spec leaves the
 * state's fields and the due-condition after a failure open; docs/contract.md fixes them: due when a
 * token was saved, the interval has passed since, no refresh is in flight (one in flight for
 * over 60 s counts as lost: API.md) and, after `n` failures, `min(30 s * 2^(n-1), 15 min)` has passed
 * since the last one, which alone decides then (a refresh forced before the interval that failed is
 * retried at the backoff, RETRY24).
 */

import { RequestValidationError, readCallers } from '../errors/validation';
import { clampDelay } from '../http/waiting';
import { isHeaderSafeToken } from '../schemas/common';
import { MAX_SESSION_COUNTER } from './counter';

// The stored form.

/**
 * What a token store keeps between page loads: the access token and when it was saved.
 *
 * @example
 * const session: StoredSession = { accessToken: 'eyJ…', tokenType: 'Bearer', expiresAt: null, savedAt: Date.now() };
 */
export interface StoredSession {
  accessToken: string;
  tokenType: string;
  /** Epoch ms when the token expires, when the server said (`expires_in`), in `timeBase`'s time. */
  expiresAt: number | null;
  /** Epoch ms when the token was saved, in `timeBase`'s time; the refresh cycle counts from here. */
  savedAt: number;
  /**
   * Which time `savedAt` and `expiresAt` are in: `'server'`, the server's (`serverNow()`, the one
   * clock: a device clock stepped since does not move them); absent (or `'device'`), the device
   * clock of the tab that wrote it (sessions stored by versions before this field). An expiry
   * the device clock calls past is then checked with the server, never believed alone.
   */
  timeBase?: 'server' | 'device';
  userId?: number;
  /**
   * The session's place in a logical clock shared by the tabs of an origin (a Lamport counter):
   * each login or refresh takes one more than the highest it has seen. Sessions are ordered by
   * it, not by `savedAt`, so a wall clock stepping back never makes a newer session look older.
   */
  seq?: number;
  /**
   * The `seq` of the login this session comes from: refreshes keep it. A logout ends every
   * session of its login, even one another tab refreshed meanwhile.
   */
  sid?: number;
}

// The counters' bound, `MAX_SESSION_COUNTER`: its one definition is ./counter.ts.
export { MAX_SESSION_COUNTER };

/** A wall-clock instant (epoch ms): finite. */
const isInstant = (v: unknown): v is number => Number.isFinite(v); // (false for a non-number)
/** Absent, or a `seq`/`sid`: a safe integer in `[0, MAX_SESSION_COUNTER]`. */
const isCounter = (v: unknown): boolean =>
  v === undefined || (Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= MAX_SESSION_COUNTER);
/**
 * A string of at most `max` code points (as `z.maxLength` counts: a pair of surrogates is one);
 * more than `2 * max` units never is, so a hostile long string is not spread.
 */
const isText = (v: unknown, max: number): v is string =>
  typeof v === 'string' && (v.length <= max || (v.length <= 2 * max && [...v].length <= max));

/**
 * A `StoredSession` when `value` is one (a frozen copy), else `null`: for anything read back from
 * storage or another tab, which may hold foreign or corrupt data.
 *
 * @example
 * parseStoredSession(JSON.parse(raw)); // StoredSession | null, never throws
 */
export function parseStoredSession(value: unknown): StoredSession | null {
  // Checked by hand, not by a zod schema: nothing here is reported but "not a session", and the
  // schema alone carried zod's integer, bound and nullable checks into every client bundle (issue
  // 33). The rules are the schema's (test/schemas/stored-session.property.test.ts keeps it as the
  // oracle): an object (not an array); a token that can be a header value (one that cannot would
  // fail every call: a corrupt store reads as empty); a type of at most 64 units; finite instants,
  // `expiresAt` null or one; a safe-integer `userId`; counters in range; a `timeBase` of at most 16
  // units (liberal: an unknown value, a newer writer's, reads as the device's, checked with the
  // server). Foreign keys are dropped.
  if (typeof value !== 'object' || value === null) return null;
  // (A field whose getter throws, a revoked Proxy: no session, never a throw; review 158.)
  let fields: Record<string, unknown>;
  try {
    if (Array.isArray(value)) return null;
    fields = { ...value };
  } catch {
    return null;
  }
  const { accessToken, tokenType, expiresAt, savedAt, userId, seq, sid, timeBase } = fields;
  if (
    !isHeaderSafeToken(accessToken) ||
    !isText(tokenType, 64) ||
    !(expiresAt === null || isInstant(expiresAt)) ||
    !isInstant(savedAt) ||
    !(userId === undefined || Number.isSafeInteger(userId)) ||
    !isCounter(seq) ||
    !isCounter(sid) ||
    !(timeBase === undefined || isText(timeBase, 16))
  )
    return null;
  return Object.freeze({
    accessToken,
    tokenType,
    expiresAt,
    savedAt,
    ...(timeBase === 'server' && { timeBase }),
    ...(userId !== undefined && { userId: userId as number }),
    ...(seq !== undefined && { seq: seq as number }),
    ...(sid !== undefined && { sid: sid as number }),
  });
}

// The refresh cycle.

/**
 * How long a token lives before a refresh is due: 6 hours (spec section 8).
 *
 * @example
 * shouldRefreshToken(markTokenSaved(0), REFRESH_INTERVAL_MS); // true
 */
export const REFRESH_INTERVAL_MS: number = 21_600_000; // 6 h (a literal: CONTRIBUTING.md)

/**
 * A refresh in flight for over this long (60 s) counts as lost, so a new one may start.
 *
 * @example
 * const s = markRefreshStarted(state, t);
 * shouldRefreshToken(s, t + REFRESH_IN_FLIGHT_TIMEOUT_MS); // false: not over 60 s yet
 * shouldRefreshToken(s, t + REFRESH_IN_FLIGHT_TIMEOUT_MS + 1); // true again (if it was due)
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
 * A copy of `state` (each field read once) when it is a refresh state and `now` a time; else the
 * typed `invalid_request` of `operation` at the field wrong (as `downloadIncomeReport` refuses a
 * report that is none): a caller's value never makes a TypeError or a `NaN` (review L4). A time
 * is finite; `failures` a count.
 */
function stateOf(operation: string, state: RefreshState, now: number): RefreshState {
  const s = readCallers(operation, () => ({ ...state }));
  const wrong = isInstant(now)
    ? (['tokenSavedAt', 'inFlightSince', 'failures', 'lastFailureAt'] as const).find((key) =>
        key === 'failures'
          ? !(Number.isInteger(s[key]) && s[key] >= 0)
          : !(s[key] === null || isInstant(s[key])),
      )
    : 'now';
  if (wrong)
    throw new RequestValidationError(operation, [
      { path: wrong === 'now' ? [wrong] : ['state', wrong], code: 'invalid_type', message: 'invalid' },
    ]);
  return s;
}

/**
 * The state right after a token was saved (login, registration or a successful refresh).
 *
 * @example
 * let state = markTokenSaved(); // after login stored the token
 */
export function markTokenSaved(now: number = Date.now()): RefreshState {
  return Object.freeze({ ...stateOf('markTokenSaved', initialRefreshState, now), tokenSavedAt: now });
}

/**
 * The wait before retrying after `failures` failed refreshes: 30 s, 60 s, 120 s, … capped at
 * 15 min; 0 when nothing failed.
 *
 * @example
 * refreshBackoffMs(3); // 120 000
 */
export function refreshBackoffMs(failures: number, random?: (() => number) | null): number {
  if (!(failures >= 1)) return 0;
  // The core's backoff (src/http/waiting.ts's `backoffDelay`, base * 2^n capped, rounded and
  // clamped) written out for this one schedule, so the refresh cycle alone does not carry the
  // general one; with `random`, ±10 % jitter (`backoffDelay`'s `jitter: 0.2`: 1 - 0.1 + 0.2 r).
  // (The 30 s base and 15 min cap as literals, no named constants: a bundle keeps a named constant
  // as a variable; test/session/refresh.test.ts pins the schedule equal to `backoffDelay`'s.)
  const raw = Math.min(900_000, 30_000 * 2 ** Math.min(failures - 1, 32));
  return clampDelay(Math.round(raw * (random ? 0.9 + 0.2 * random() : 1)));
}

/**
 * The wall-clock time from which `shouldRefreshToken(state, now)` is true, or `null` when no
 * token is saved. Use it to schedule the next timer tick. A `state` that is none (not an object,
 * a time not finite, `failures` not a count) is a `RequestValidationError` (`invalid_request`).
 *
 * @example
 * const at = nextRefreshAt(state);
 * if (at !== null) setTimeout(tick, Math.max(0, at - Date.now()));
 * @internal A test seam (CONTRIBUTING.md): the refresh cycle's tests read the schedule through it.
 */
export function nextRefreshAt(state: RefreshState, options?: RefreshTimingOptions): number | null {
  const s = stateOf('nextRefreshAt', state, 0);
  const at = dueAt(s, options?.intervalMs ?? REFRESH_INTERVAL_MS);
  // Lost only once in flight for OVER the timeout: the first whole ms after it. (Here, not in
  // `dueAt`: `refreshSchedule`'s machine is never idle with a refresh in flight, and has its own
  // flight timeout; lean bundles carry `dueAt` only.)
  return at !== null && s.inFlightSince !== null
    ? Math.max(at, s.inFlightSince + REFRESH_IN_FLIGHT_TIMEOUT_MS + 1)
    : at;
}

/**
 * `nextRefreshAt` at an interval given (the schedule's, which has its own default), a refresh in
 * flight left out (`nextRefreshAt` adds it).
 */
function dueAt(state: RefreshState, intervalMs: number): number | null {
  if (state.tokenSavedAt === null) return null;
  // After a failure, the backoff alone: a refresh started early (forced: an app call's 401, a
  // `REFRESH`) that failed with no verdict is tried again then, not at the interval (RETRY24).
  return state.lastFailureAt !== null && state.failures > 0
    ? state.lastFailureAt + refreshBackoffMs(state.failures)
    : state.tokenSavedAt + intervalMs;
}

/**
 * Whether a refresh is due at `now`: a token was saved, the interval has passed since (after a
 * failure, the backoff since it instead: a refresh forced early that failed is retried then), no
 * refresh is in flight (or the one in flight is lost) and any failure backoff has elapsed. A time
 * of `state` more than a minute after `now` (the clock stepped back since) is ignored, and so is
 * a save after a refresh started or failed: the refresh is never put off much beyond the interval
 * after `now` (at most by a minute for each time, a flight's minute and one backoff), however far
 * the clock stepped. A `state` that is none, or a `now` not finite, is a `RequestValidationError`
 * (`invalid_request`).
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
  // Options whose reading throws (a getter, a Proxy): an interval that is none, refused below as
  // `invalid_request` (the foreign error and its message dropped).
  let intervalMs = Number.NaN;
  try {
    intervalMs = options?.intervalMs ?? REFRESH_INTERVAL_MS;
  } catch {}
  const { tokenSavedAt, inFlightSince, failures, lastFailureAt } = stateOf(
    'shouldRefreshToken',
    state,
    intervalMs >= 0 && isInstant(intervalMs) ? now : Number.NaN,
  );
  // Each time of the state holds the refresh back until its wait has passed, unless it is more
  // than a minute after `now`: the clock stepped back since, and it is ignored (fail toward
  // refreshing: a token refreshed late expires). Within the minute (a clock's small correction), it
  // counts. A save after a refresh started or failed (which only come after it) says the same.
  // The interval and a backoff are waited once they have passed (`>=`); a flight is lost only once
  // it has been in flight for over its timeout (`over`: API.md, "for over 60 s").
  const waited = (t: number | null, wait: number, over?: boolean) =>
    t === null || t - now > 60_000 || (over ? now > t + wait : now >= t + wait);
  return (
    tokenSavedAt !== null &&
    // After a failure the backoff alone decides (as `nextRefreshAt`): a forced refresh that failed
    // is retried then, not at the interval.
    ((failures > 0 && lastFailureAt !== null) ||
      tokenSavedAt > Math.min(inFlightSince ?? tokenSavedAt, lastFailureAt ?? tokenSavedAt) ||
      waited(tokenSavedAt, intervalMs)) &&
    waited(failures > 0 ? lastFailureAt : null, refreshBackoffMs(failures)) &&
    waited(inFlightSince, REFRESH_IN_FLIGHT_TIMEOUT_MS, true)
  );
}

/**
 * Records that a refresh request was sent at `now`.
 *
 * @example
 * state = markRefreshStarted(state);
 * shouldRefreshToken(state); // false while it is in flight
 */
export function markRefreshStarted(state: RefreshState, now: number = Date.now()): RefreshState {
  return Object.freeze({ ...stateOf('markRefreshStarted', state, now), inFlightSince: now });
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
  const s = stateOf('markRefreshCompleted', state, typeof success === 'boolean' ? now : Number.NaN);
  if (success) return markTokenSaved(now);
  return Object.freeze({ ...s, inFlightSince: null, failures: s.failures + 1, lastFailureAt: now });
}

/**
 * How long before its expiry a token is refreshed: 10 % of its life, at least 30 s and at most
 * 5 min, and never more than half its life (a 40 s token is refreshed after 20 s).
 *
 * @example
 * expiryMarginMs(60 * 60_000); // 300_000: a 1 h token is refreshed 5 min before it expires
 */
export function expiryMarginMs(lifeMs: number): number {
  return Math.min(300_000, Math.max(30_000, lifeMs / 10), lifeMs / 2);
}

/**
 * The refresh cycle's times, as a machine that schedules it needs them (the token-refresh
 * machine, through `pam-client/internal`): when a refresh is due (`null` when no token is saved)
 * and the wait after one more failure. A tuple: the machine reads one of them at a time
 * (`refreshSchedule(…)[0]`), and it costs its bundle no property names. (No flight timeout: the
 * machine has its own, `flightMs`.)
 */
export type RefreshSchedule = [dueAt: number | null, backoffMs: number];

/** Options of `refreshSchedule`. */
export interface RefreshScheduleOptions extends RefreshTimingOptions {
  /**
   * How long the token lives (from its `expires_in`), or null when unknown: the refresh is then
   * due `expiryMarginMs(lifeMs)` before it expires when that is earlier, never under 1 s after the save.
   */
  lifeMs?: number | null;
}

/**
 * The refresh cycle's schedule: when the next refresh is due (the interval after the save, or
 * earlier for a token about to expire; after a failure, its backoff) and the wait after one more
 * failure (30 s, 60 s, … capped at 15 min; stretched by 0–20 % with `random`, which is read only
 * when given).
 *
 * @example
 * const [dueAt] = refreshSchedule(state, { intervalMs, lifeMs });
 * const backoffMs = refreshSchedule(state, {}, Math.random)[1];
 */
export function refreshSchedule(
  state: RefreshState,
  { intervalMs = REFRESH_INTERVAL_MS, lifeMs }: RefreshScheduleOptions = {},
  random?: (() => number) | null,
): RefreshSchedule {
  if (lifeMs !== null && lifeMs !== undefined) {
    // At least 1 s from the save (`MIN_REFRESH_INTERVAL_MS`): a refresh cycle never spins.
    intervalMs = Math.min(intervalMs, Math.max(1_000, lifeMs - expiryMarginMs(lifeMs)));
  }
  return [dueAt(state, intervalMs), refreshBackoffMs(state.failures + 1, random)];
}
