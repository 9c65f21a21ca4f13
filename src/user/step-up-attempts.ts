// The step-up's wrong passwords, counted per player ACROSS calls, prompts and step-up actors
// (issue 23): a new call, a new `onStepUp` prompt or a new `stepUpMachine` does not reset the
// count; a right password does. After STEP_UP_MAX_ATTEMPTS wrong ones in a row, every change that
// would send a password is refused before sending (`StepUpLockedError`) until `retryAt`. The
// reference server limits `password_check` too (429 + Retry-After, like logins): its lock is
// honoured the same way. Counted per player on each HTTP adapter: the one signed in, as told by
// `countStepUpPerPlayer` (the client tells it on every request); an adapter nobody told keeps one
// count, for whoever it sends for.

import { isPamError, RequestValidationError } from '../errors/index';

/**
 * Wrong step-up passwords in a row before the client locks (like the rejected 2FA codes of a login).
 *
 * @example
 * askPassword({ attemptsLeft: stepUpAttemptsLeftOf(error) ?? STEP_UP_MAX_ATTEMPTS });
 */
export const STEP_UP_MAX_ATTEMPTS = 3;
/**
 * How long the client refuses to send a password after the last allowed wrong one: 15 minutes.
 *
 * @example
 * showLocked(`try again in ${STEP_UP_LOCK_MS / 60_000} minutes`);
 */
export const STEP_UP_LOCK_MS = 900_000;
/** The lock a 429 without a readable `Retry-After` gets (the reference server's: 60 s). */
const SERVER_LOCK_FALLBACK_MS = 60_000;

/**
 * A sensitive change refused BEFORE sending: too many wrong step-up passwords (the client's
 * count, or the server's 429). `retryAt` (epoch ms) is when a password may be sent again. A
 * `RequestValidationError` (code `invalid_request`) whose one issue is
 * `{ path: ['password_check'], code: 'step_up_locked' }`; it never holds the password.
 *
 * @example
 * catch (e) {
 *   if (e instanceof StepUpLockedError) showLocked(new Date(e.retryAt));
 * }
 */
export class StepUpLockedError extends RequestValidationError {
  /** Epoch ms from which a password may be sent again. */
  declare readonly retryAt: number;
  constructor(retryAt: number, options?: { cause?: unknown }) {
    super('stepUp', [
      {
        path: ['password_check'],
        code: 'step_up_locked',
        message: 'too many wrong passwords: try again later',
      },
    ]);
    this.name = 'StepUpLockedError';
    this.retryAt = retryAt;
    if (options?.cause !== undefined) {
      Object.defineProperty(this, 'cause', { value: options.cause, enumerable: false, writable: false });
    }
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), retryAt: this.retryAt };
  }
}

/** One player's count on one adapter. */
export interface StepUpAttempts {
  /** Throws `StepUpLockedError` while locked (an expired lock starts a fresh count). */
  assertOpen(now: number, cause?: unknown): void;
  /** Wrong passwords still allowed before the lock. */
  left(now: number): number;
  failed(now: number): void;
  lockUntil(until: number): void;
  succeeded(): void;
  /** No wrong password counted and no lock: the same as a fresh count. */
  atRest(now: number): boolean;
}

function createAttempts(): StepUpAttempts {
  let wrong = 0;
  let lockedUntil = 0;
  const settle = (now: number) => {
    if (lockedUntil !== 0 && now >= lockedUntil) [wrong, lockedUntil] = [0, 0];
  };
  return {
    assertOpen(now, cause) {
      settle(now);
      if (lockedUntil > now) throw new StepUpLockedError(lockedUntil, { cause });
    },
    left(now) {
      settle(now);
      return lockedUntil > now ? 0 : Math.max(0, STEP_UP_MAX_ATTEMPTS - wrong);
    },
    failed(now) {
      settle(now);
      wrong++;
      if (wrong >= STEP_UP_MAX_ATTEMPTS) lockedUntil = Math.max(lockedUntil, now + STEP_UP_LOCK_MS);
    },
    lockUntil(until) {
      lockedUntil = Math.max(lockedUntil, until);
    },
    succeeded() {
      [wrong, lockedUntil] = [0, 0];
    },
    atRest(now) {
      settle(now);
      return wrong === 0 && lockedUntil === 0;
    },
  };
}

/** Who a count belongs to: the player's id, else the login's (`sid`); null when unknown. */
export interface StepUpPlayer {
  userId?: number | string | null;
  sid?: number | string | null;
}

const playerOn = new WeakMap<object, () => StepUpPlayer | null | undefined>();

/**
 * Keeps the step-up count of the adapter `http` per player: `signedIn` is asked on each sensitive
 * change who is signed in now (by player id, else by login id). One player's wrong passwords
 * never lock the next one; signing out and in again, or a token refresh, keeps a player's count.
 * Without it an adapter keeps one count for whoever it sends for.
 *
 * @example
 * countStepUpPerPlayer(http, () => ({ userId: session.userId, sid: session.sid }));
 */
export function countStepUpPerPlayer(http: object, signedIn: () => StepUpPlayer | null | undefined): void {
  playerOn.set(http, signedIn);
}

function playerKeyOn(http: object): string {
  let who: StepUpPlayer | null | undefined;
  try {
    who = playerOn.get(http)?.();
  } catch {
    who = undefined; // a getter that fails names nobody: the adapter's shared count
  }
  if (who?.userId != null) return `player ${String(who.userId)}`;
  if (who?.sid != null) return `login ${String(who.sid)}`;
  return '';
}

const byAdapter = new WeakMap<object, Map<string, StepUpAttempts>>();

/** The count of the player signed in on the adapter `http` (made on first use). */
export function stepUpAttemptsOf(http: object): StepUpAttempts {
  const counts = byAdapter.get(http) ?? new Map<string, StepUpAttempts>();
  byAdapter.set(http, counts);
  const key = playerKeyOn(http);
  const known = counts.get(key);
  if (known) return known;
  // Counts back at rest are dropped: a client signed in by many players keeps only live ones.
  const now = Date.now();
  for (const [k, a] of counts) if (a.atRest(now)) counts.delete(k);
  const attempts = createAttempts();
  counts.set(key, attempts);
  return attempts;
}

const leftAfter = new WeakMap<object, number>();

/** Marks a step-up error with the attempts the player had left when it was thrown. */
export function markAttemptsLeft(error: unknown, left: number): void {
  if (typeof error === 'object' && error !== null) leftAfter.set(error, left);
}

/**
 * The wrong passwords the player still had when `error` (a `step_up_required` from a sensitive
 * change) was thrown, counted across calls and actors; undefined for any other error. The
 * step-up machine starts its count from it.
 *
 * @example
 * catch (e) { askPassword(stepUpAttemptsLeftOf(e) ?? 3); }
 */
export function stepUpAttemptsLeftOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null ? leftAfter.get(error) : undefined;
}

/** Records the outcome of a request that carried a password. */
export function countOutcome(attempts: StepUpAttempts, error: unknown, now: number): void {
  if (!isPamError(error)) return;
  if (error.code === 'step_up_required' && (error as { reason?: unknown }).reason === 'invalid') {
    attempts.failed(now);
  } else if ((error as { status?: unknown }).status === 429) {
    const after = (error as { retryAfter?: unknown }).retryAfter;
    const ms =
      typeof after === 'number' && Number.isFinite(after) && after > 0
        ? after * 1000
        : SERVER_LOCK_FALLBACK_MS;
    attempts.lockUntil(now + Math.min(ms, 86_400_000)); // a hostile Retry-After: a day at most
  }
}
