// The step-up's wrong passwords, counted per player ACROSS calls, prompts, step-up actors and tabs
// (issues 23, 26). Only a password the SERVER rejected counts toward the lock. An attempt is
// RESERVED before a password is sent and settled by its answer: a password rejection counts it as
// wrong (whenever it comes), any other answer releases it, no answer (network, timeout, abort, a
// page closed or reloaded: the password may have reached the server) leaves it PENDING until
// STEP_UP_PENDING_MS after it was sent (REVIEW-T T-8: it stayed counted 15 min, and three reloads
// locked the player out as "too many wrong passwords"). A pending attempt takes one of the
// attempts, so calls sent at once (several forms, several tabs) never send more passwords than the
// lock allows, and a page closed right after each send gets STEP_UP_MAX_ATTEMPTS passwords per
// STEP_UP_PENDING_MS at most (the server's own password_check limit still applies); a change
// refused meanwhile is a `StepUpLockedError` with `pending: true` (its words say so, never
// "wrong"). After STEP_UP_MAX_ATTEMPTS wrong ones in a row, every change that would send a
// password is refused before sending (`StepUpLockedError`, code `step_up_locked`) until `retryAt`,
// in server time. The reference server limits `password_check` too (429 + Retry-After, like
// logins): its lock is honoured the same way.
//
// Where the count lives: a `StorageLike` given by `createUserModule`'s options (the client gives the
// origin's `localStorage`, so the tabs of an origin share one count), else memory per adapter.
// Each reservation and settlement is one synchronous read-modify-write of the player's record.
// Web Storage has no compare-and-set across tabs: two tabs reserving in the same instant can both
// read the same record (the stated limit of this mechanism; within a tab it is exact).
//
// On a clock that cannot be trusted (`trusted` false: a device clock stepped, a page that never
// learned the server's time; or a reading that is no finite number) nothing is capped: an end set
// meanwhile is kept as its length (a negative number), started at the first trusted reading in any
// tab; until then time runs on the page's monotonic clock (REVIEW-R R-10): a length counts down
// (written back, so a reload resumes it) and an end in server time lasts one lock period from when
// the page first read it, so no lock outlives two lock periods. A reading that is no finite number
// sends no password. A protective change (a pause, a self-exclusion, a stricter limit change:
// ./protective.ts) reserves even when locked (`reserve(true)`, REVIEW-R R-8): the server decides.

import { asPamError, isPamError, StepUpLockedError } from '../errors/index';
import type { StorageLike } from '../session/token-store';
import type { LimitsOption } from './protective';

export { StepUpLockedError };

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
/**
 * How long a password sent without an answer (network, timeout, abort, a page gone) takes one of
 * the attempts after it was sent: 1 minute. It never counts as wrong.
 *
 * @example
 * showPending(`a password sent is still unanswered: try again in ${STEP_UP_PENDING_MS / 1000} s`);
 */
export const STEP_UP_PENDING_MS = 60_000;
/** The lock a 429 without a readable `Retry-After` gets (the reference server's: 60 s). */
const SERVER_LOCK_FALLBACK_MS = 60_000;
/** A hostile Retry-After locks a day at most. */
const SERVER_LOCK_MAX_MS = 86_400_000;
/** No stored lock or reservation ends further ahead than this (a tampered record ends). */
const MAX_AHEAD_MS = 86_400_000; // the larger of STEP_UP_LOCK_MS and SERVER_LOCK_MAX_MS (a literal: CONTRIBUTING.md)
/** Reservations kept per record at most (a flood of sends cannot grow the stored record). */
const MAX_HELD = 16;
/** The storage key's prefix; the player's key follows. */
export const STEP_UP_STORAGE_PREFIX = 'pam-client.step-up:';

/** One player's record: wrong passwords in a row, the lock's end, the passwords awaiting an answer. */
interface AttemptsRecord {
  wrong: number;
  /** Server time the lock ends; 0: none; below 0: its length, from the first trusted reading. */
  lockedUntil: number;
  /** Pending: [reservation id, server time it expires (below 0: as `lockedUntil`)]. */
  held: [string, number][];
}

/** Whether what the store held (parsed, unchecked: typed as it should be) is a record of ours. */
const isRecord = (r: AttemptsRecord | null): r is AttemptsRecord => {
  return (
    typeof r === 'object' &&
    r !== null &&
    Number.isSafeInteger(r.wrong) &&
    r.wrong >= 0 &&
    Number.isFinite(r.lockedUntil) &&
    Array.isArray(r.held) &&
    r.held.length <= MAX_HELD &&
    r.held.every((h) => Array.isArray(h) && typeof h[0] === 'string' && Number.isFinite(h[1]))
  );
};

/** A password on its way: reserved before sending, settled by its answer. */
export interface StepUpTicket {
  readonly id: string;
}

/** One player's count, as the adapter's storage holds it now. Time is the count's server clock. */
export interface StepUpAttempts {
  /** Throws `StepUpLockedError` while the lock is in force (three wrong passwords, a 429). */
  assertUnlocked(cause?: unknown): void;
  /** Throws `StepUpLockedError` unless a password may be sent now (locked, or all reserved). */
  assertOpen(cause?: unknown): void;
  /**
   * Reserves an attempt BEFORE a password is sent; throws `StepUpLockedError` when none is left,
   * unless `always` (a protective change: ./protective.ts; the server decides).
   */
  reserve(always?: boolean): StepUpTicket;
  /** The answer to `ticket`'s password: `error` undefined for a success (a right password); `wrong`: a wrong one. */
  settle(ticket: StepUpTicket, error?: unknown, wrong?: boolean): void;
  /** Passwords that may still be sent before the lock (wrong and pending ones taken off). */
  left(): number;
}

/**
 * Who a count belongs to: the player's id, else the login's (`sid`); null when unknown.
 *
 * @example
 * const who: StepUpPlayer = { userId: session.userId, sid: session.sid };
 */
export interface StepUpPlayer {
  /** The player's id: the count's key when known. */
  userId?: number | string | null;
  /** The login's id: the key when the player's id is not known yet. */
  sid?: number | string | null;
}

/**
 * Where and by which clock an adapter counts (`createUserModule`'s options, `countStepUpPerPlayer`).
 *
 * @example
 * const where: StepUpCountOptions = { serverNow: () => Date.now(), storage: () => globalThis.localStorage };
 */
export interface StepUpCountOptions {
  /** Server time, epoch ms (`environment.serverNow`): the lock's `retryAt` is on this clock. Default `Date.now`. */
  serverNow?: () => number;
  /**
   * Whether `serverNow` can be trusted now (the client: the one clock trusted and taught the
   * server's time). While false, time runs on the page's monotonic clock. Default: always.
   */
  trusted?: () => boolean;
  /**
   * Shared by the tabs of an origin (the client gives `localStorage`, looked up at each use so that
   * creating a client touches nothing); null, or a lookup that finds none: memory per adapter.
   */
  storage?: StorageLike | null | (() => StorageLike | null | undefined);
}

/**
 * Options of `createUserModule`: who the step-up's wrong passwords are counted for, on which clock,
 * and where the count is kept (the client gives the player signed in, its server clock and the
 * origin's `localStorage`).
 *
 * @example
 * const user = createUserModule(http, {
 *   signedIn: () => ({ userId: session.userId, sid: session.sid }),
 *   serverNow: () => Date.now() + serverOffsetMs,
 *   storage: () => globalThis.localStorage,
 * });
 */
export interface UserModuleOptions extends StepUpCountOptions, LimitsOption {
  /**
   * Who is signed in now, asked on each sensitive change: wrong step-up passwords are counted per
   * player (by player id, else by login id), so one player's lock never reaches the next; signing
   * out and in again, or a token refresh, keeps a player's count. Without options the adapter keeps
   * one count in memory for whoever it sends for.
   */
  signedIn?: () => StepUpPlayer | null | undefined;
}

const countingOn = new WeakMap<object, UserModuleOptions>();
/** The options `createUserModule` (or `countStepUpPerPlayer`) gave the adapter `http`, if any. */
export const countingOf = (http: object): UserModuleOptions | undefined => countingOn.get(http);
const memoryOf = new WeakMap<object, StorageLike>();

/**
 * Keeps the step-up count of the adapter `http` per player (what `createUserModule(http, options)`
 * asks for): `signedIn` is asked on each sensitive
 * change who is signed in now (by player id, else by login id). One player's wrong passwords
 * never lock the next one; signing out and in again, or a token refresh, keeps a player's count.
 * `options.storage` shares the count (the tabs of an origin: `localStorage`); `options.serverNow`
 * is the clock of the lock. Without a call an adapter keeps one count in memory for whoever it
 * sends for.
 *
 * @example
 * countStepUpPerPlayer(http, () => ({ userId: session.userId, sid: session.sid }), {
 *   serverNow: env.serverNow,
 *   storage: globalThis.localStorage,
 * });
 */
export function countStepUpPerPlayer(
  http: object,
  signedIn: UserModuleOptions['signedIn'],
  options: StepUpCountOptions = {},
): void {
  countingOn.set(http, { ...options, signedIn });
}

/** This page's monotonic clock: never stepped with the device's wall clock. */
const monotonic = () => globalThis.performance?.now() ?? Date.now();
/** Per storage and key, the record this page last read or wrote, and when (monotonic ms). */
const stampsOf = new WeakMap<object, Map<string, [string, number]>>();

let ticketSeq = 0;
const newTicketId = () => `${(ticketSeq++).toString(36)}.${Math.floor(Math.random() * 2 ** 40).toString(36)}`;

/** The count of the player signed in on the adapter `http` now. */
export function stepUpAttemptsOf(http: object): StepUpAttempts {
  const counting = countingOn.get(http);
  const given = counting?.storage;
  let storage = given as StorageLike | null | undefined;
  let who: StepUpPlayer | null | undefined;
  try {
    if (typeof given === 'function') storage = given();
  } catch {
    storage = null; // a storage that cannot be reached (a sandboxed frame): memory
  }
  // Keys are STEP_UP_STORAGE_PREFIX + a player: never an Object.prototype name.
  const m: Record<string, string> = {};
  storage ||=
    memoryOf.get(http) ??
    memoryOf
      .set(http, {
        getItem: (k) => m[k] ?? null,
        setItem: (k, v) => {
          m[k] = v;
        },
        removeItem: (k) => {
          delete m[k];
        },
      })
      .get(http)!;
  try {
    who = counting?.signedIn?.();
  } catch {
    // a getter that fails names nobody (`who` stays undefined): the adapter's shared count
  }
  const key =
    STEP_UP_STORAGE_PREFIX +
    (who?.userId != null
      ? `player ${String(who.userId)}`
      : who?.sid != null
        ? `login ${String(who.sid)}`
        : 'anyone');
  return attemptsIn(storage, key, counting?.serverNow ?? Date.now, counting?.trusted);
}

/** The count kept in `storage` under `key`, on the clock `now` (trusted while `trusted` says so). */
function attemptsIn(
  storage: StorageLike,
  key: string,
  now: () => number,
  trusted?: () => boolean,
): StepUpAttempts {
  const stamps = stampsOf.get(storage) ?? new Map<string, [string, number]>();
  stampsOf.set(storage, stamps);
  /**
   * The record; on a trusted reading (`sure`) with the ends kept as lengths started, expired locks
   * and reservations dropped, ends capped at `t + MAX_AHEAD_MS`. An unreadable one (tampered,
   * foreign, or `wrong` used up with no lock) locks ONCE for one lock period (fail closed), written
   * back so the lock's end does not move with the clock.
   */
  const read = (t: number, sure: boolean): AttemptsRecord => {
    let raw: string | null = null;
    try {
      raw = storage.getItem(key);
    } catch {
      // A storage that cannot be read (private mode, quota): nothing counted there.
    }
    if (raw === null) return { wrong: 0, lockedUntil: 0, held: [] };
    let r: AttemptsRecord | null = null;
    try {
      r = JSON.parse(raw);
    } catch {
      // not JSON: `r` stays null (tampered)
    }
    // Tampered or foreign: the player may have used every attempt; locked for one lock's time.
    if (!isRecord(r) || (r.wrong >= STEP_UP_MAX_ATTEMPTS && r.lockedUntil === 0)) {
      const locked = { wrong: STEP_UP_MAX_ATTEMPTS, lockedUntil: endAt(-STEP_UP_LOCK_MS, t, sure), held: [] };
      write(locked);
      return locked;
    }
    // When this page first saw this very record (read, on any clock, or written).
    const [seen, from] = stamps.get(key) ?? [];
    const gone = seen === raw ? monotonic() - from! : 0;
    if (seen !== raw) stamps.set(key, [raw, monotonic()]);
    if (!sure) {
      // No server time to trust (REVIEW-R R-10): time runs on this page's monotonic clock from
      // when it first saw this very record (a trusted reading's sight counts: seen over at 17 min,
      // then trust lost, a lock held till 32, CI seed 1160984286); a length counts down, written
      // back (a reload resumes from it), and an end in server time lasts one lock period from then
      // at most.
      // An end that is over: 0. An end in server time lasts `ms` from then at most.
      const left = (until: number, ms = STEP_UP_LOCK_MS) =>
        until < 0 ? Math.min(0, until + gone) : gone < ms ? until : 0;
      const next = {
        wrong: r.wrong,
        lockedUntil: left(r.lockedUntil),
        held: r.held
          .map(([id, until]): [string, number] => [id, left(until, STEP_UP_PENDING_MS)])
          .filter(([, u]) => u),
      };
      // A lock over ends the run of wrong passwords, as on a trusted reading.
      if (r.lockedUntil && !next.lockedUntil) next.wrong = 0;
      // Written back only when changed: an end in server time keeps its start.
      if (JSON.stringify(next) !== raw) write(next);
      return next;
    }
    // Lengths started; ends far ahead (tampered, or written by a clock far ahead) capped; written back.
    let changed = false;
    const fix = (until: number) => {
      const end = Math.min(until < 0 ? t - until : until, t + MAX_AHEAD_MS);
      changed ||= end !== until;
      return end;
    };
    r.lockedUntil = fix(r.lockedUntil);
    r.held = r.held.map(([id, until]): [string, number] => [id, fix(until)]);
    if (r.lockedUntil && t >= r.lockedUntil) [r.wrong, r.lockedUntil] = [0, 0];
    r.held = r.held.filter(([, until]) => until > t);
    if (changed) write(r);
    return r;
  };
  const write = (r: AttemptsRecord) => {
    try {
      if (!(r.wrong || r.lockedUntil || r.held.length)) storage.removeItem(key);
      else {
        const raw = JSON.stringify(r);
        storage.setItem(key, raw);
        stamps.set(key, [raw, monotonic()]);
      }
    } catch {
      // A full or broken storage: this change is not shared (the tab keeps counting what it reads).
    }
  };
  // A read record's lock is in force while it has one: a trusted read dropped an ended one.
  const leftIn = (r: AttemptsRecord) =>
    r.lockedUntil ? 0 : Math.max(0, STEP_UP_MAX_ATTEMPTS - r.wrong - r.held.length);
  /**
   * Throws when no password may be sent: locked (until the lock's end), or every attempt left
   * pending (`pending`, until the first one expires).
   */
  const refuseIfNone = (r: AttemptsRecord, t: number, cause?: unknown) => {
    if (leftIn(r) > 0) return;
    // A length not started yet: from this reading. Not locked, the record holds a pending one
    // (`read` locks a record whose wrong ones are used up with no lock).
    const at = (until: number) => (until < 0 ? t - until : until);
    const pending = !r.lockedUntil;
    throw new StepUpLockedError(
      pending ? Math.min(...r.held.map(([, until]) => at(until))) : at(r.lockedUntil),
      {
        cause,
        pending,
      },
    );
  };
  /**
   * `f` on the record as it stands now, at the count's time and trust. A reading that is no finite
   * number (or throws) is no time: nothing ends, and `f` runs only for `settle` and `left`
   * (`anyTime`); anything that would send a password throws its typed error.
   */
  const atNow =
    <A extends unknown[], R>(
      f: (r: AttemptsRecord, t: number, sure: boolean, ...args: A) => R,
      anyTime?: 1,
    ) =>
    (...args: A): R => {
      let t = NaN;
      let sure = false;
      try {
        t = now();
        sure = Number.isFinite(t) && trusted?.() !== false;
      } catch (thrown) {
        if (!anyTime) throw asPamError(thrown);
      }
      if (!anyTime && !Number.isFinite(t)) throw asPamError(t);
      return f(read(t, sure), t, sure, ...args);
    };
  return {
    assertUnlocked: atNow((r, t, _, cause?: unknown) => {
      if (r.lockedUntil) refuseIfNone(r, t, cause);
    }),
    assertOpen: atNow((r, t, _, cause?: unknown) => refuseIfNone(r, t, cause)),
    reserve: atNow((r, t, sure, always?: boolean) => {
      always || refuseIfNone(r, t);
      const id = newTicketId();
      // (Kept to MAX_HELD: protective sends are not capped.)
      r.held = [...r.held, [id, endAt(-STEP_UP_PENDING_MS, t, sure)]].slice(-MAX_HELD) as [string, number][];
      write(r);
      return { id };
    }),
    settle: atNow((r, t, sure, ticket: StepUpTicket, error?: unknown, wrong?: boolean) => {
      // What was thrown, read once (`thrownOf`): a value whose reading throws is no answer known.
      const [, code, rejected, lockMs] = error === undefined ? [] : thrownOf(error);
      // No answer: the password may have reached the server; it stays pending until it expires.
      // `wrong` given: an answer (false: not a wrong password).
      if (wrong === undefined && NO_ANSWER.has(code!)) return;
      r.held = r.held.filter(([id]) => id !== ticket.id);
      // A right password ends the run of wrong ones; a lock stays (a 429 that answered another
      // password after this one left does not end because this one was right).
      if (wrong ?? rejected) {
        r.wrong++;
        if (r.wrong >= STEP_UP_MAX_ATTEMPTS) r.lockedUntil = lockTo(r.lockedUntil, STEP_UP_LOCK_MS, t, sure);
      } else if (error === undefined) r.wrong = 0;
      else if (lockMs) r.lockedUntil = lockTo(r.lockedUntil, lockMs, t, sure);
      write(r);
    }, 1),
    left: atNow(leftIn, 1),
  };
}

/** An end `length` (below 0) from `t`: on an untrusted reading, the length itself (started later). */
const endAt = (length: number, t: number, sure: boolean) => (sure ? t - length : length);

/**
 * The lock's end after a lock of `ms` at `t`: the later one. On an untrusted reading, its length
 * (from the first trusted reading), unless the lock in force ends later by the reading's estimate.
 */
const lockTo = (until: number, ms: number, t: number, sure: boolean): number =>
  sure ? Math.max(until, t + ms) : until > 0 && until - t >= ms ? until : Math.min(until, -ms);

/** Errors that are no answer: the request may or may not have reached the server. */
const NO_ANSWER: ReadonlySet<string> = new Set(['network', 'timeout', 'aborted', 'unexpected']);

/**
 * What a thrown value says, read once (`thrownOf`): what the call throws, its code, whether the
 * server rejected the password (a step-up's `reason: 'invalid'`, or changePassword's
 * `old_password`: a 422 on that field), and the lock a 429 asks for (ms; 0: none).
 */
export type Thrown = [error: unknown, code: string, rejected?: boolean, lockMs?: number];

const readings = /* @__PURE__ */ new WeakSet<object>();

/**
 * The fields of a thrown value the user module decides on, each read once (brand and code: by
 * brand, never `instanceof`, so another copy's error counts too). A value that is no `PamError`,
 * or one whose reading throws (a getter, a Proxy's trap, a revoked Proxy: an app's adapter), is an
 * unknown failure: an `UnexpectedError` (as `asPamError` makes it: a class name only, never a
 * message), code `unexpected`, no answer known (a password sent stays pending). A reading given
 * again is returned as it is.
 */
export function thrownOf(error: unknown): Thrown {
  if (readings.has(error as object)) return error as Thrown;
  let read: Thrown;
  try {
    if (!isPamError(error)) throw error;
    const { code, reason, status, retryAfter, fieldErrors } = error as unknown as {
      code: string;
      reason?: unknown;
      status?: unknown;
      retryAfter?: unknown;
      fieldErrors?: { old_password?: unknown };
    };
    read = [
      error,
      code,
      (code === 'step_up_required' && reason === 'invalid') || fieldErrors?.old_password != null,
      // A 429's lock: its Retry-After (seconds), a day at most; unreadable: the fallback.
      status === 429
        ? Math.min(
            typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter > 0
              ? retryAfter * 1000
              : SERVER_LOCK_FALLBACK_MS,
            SERVER_LOCK_MAX_MS,
          )
        : 0,
    ];
  } catch (thrown) {
    read = [asPamError(thrown), 'unexpected'];
  }
  readings.add(read);
  return read;
}

const leftAfter = new WeakMap<object, number>();

/** Marks a step-up error with the attempts the player had left when it was thrown. */
export function markAttemptsLeft(error: unknown, left: number): void {
  if (typeof error === 'object' && error !== null) leftAfter.set(error, left);
}

/**
 * The wrong passwords the player still had when `error` was thrown: for a `step_up_required`
 * from a sensitive change, counted across calls, actors and tabs; 0 for a `step_up_locked`;
 * undefined for any other error. The step-up machine starts its count from it.
 *
 * @example
 * catch (e) { askPassword(stepUpAttemptsLeftOf(e) ?? 3); }
 */
export function stepUpAttemptsLeftOf(error: unknown): number | undefined {
  // Read as the user module reads what was thrown (`thrownOf`): a value whose reading throws (a
  // getter, a Proxy: an app's adapter) is no lock, and a step-up machine's assign never throws on
  // it (REVIEW-AG AG-1). A key that is no object: undefined (a WeakMap's `get`).
  return thrownOf(error)[1] === 'step_up_locked' ? 0 : leftAfter.get(error as object);
}
