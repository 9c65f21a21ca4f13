// The one clock (issue 26, docs/time.md). Every machine and flow reads time from here: a steady
// base that never goes back, and the server's time as `base + offset`, the offset learned on that
// SAME base from the answers' `Date` header. Tiny on purpose: no browser API is touched at import,
// nothing from environment.ts is imported, so a machine alone does not pull the browser in.
// Beside it, the two readings of time the machines share: the São Paulo day (the profile flow's
// SPA re-check) and a duration read from a machine's input (`finiteOr`); and the trust of the
// machines' own events (`trusted`, `internal`: the mark no outside code can forge).

// xstate first, for the bundles only (issue 33, sizes; nothing here uses it): this module is the
// first of the machines' shared chunk, so its first import decides the order in which that chunk
// imports xstate and the core, and so where an app's bundle puts them. With xstate first, the
// core's code lands beside the machines' code, in gzip's 32 KB window, instead of 37 KB of xstate
// before it: machine-alone rows -22 to -56 B, client rows -80 to -230 B (measured; side-effect
// free, `sideEffects: false`, so no bundler keeps anything for it). ofetch next, for the same
// reason (twenty-second pass): a client's bundle then holds ofetch, ufo and destr (10 KB) right
// after xstate, before the core, not between the core and the machines (lean client -122 B, preset
// + Vue -126 B, every flow -146 B; a machine alone has no ofetch: the import is dropped, nothing
// pulled in).
import 'xstate';
import 'ofetch';
import type { PamError } from 'pam-client';
import { asPamError, playPeriodOf } from 'pam-client/internal';
import { READINGS, TRUSTED } from './machine-setup';

/**
 * The client's one clock: a steady base and the server's time on top of it.
 *
 * @example
 * const clock = createClock();
 * clock.learn(Date.parse(response.headers.get('date')!)); // one answer under the API's base URL
 * clock.trusted() ? clock.serverNow() : 'unknown';
 */
export interface PamClock {
  /** The steady base, ms: never goes back (a device clock stepped back is followed at the monotonic pace). */
  now(): number;
  /** The server's time, ms: `now()` plus the learned offset (the median of the last samples). */
  serverNow(): number;
  /**
   * False after a device-clock jump (the wall and monotonic clocks moved 500 ms apart since a kept
   * answer) until two answers agree, and while the answers disagree: one answer alone never grants
   * trust, and two never outvote the device clock at first (docs/time.md rule 5).
   */
  trusted(): boolean;
  /** One answer's `Date` header (epoch ms, whole seconds), read against `now()` at receipt. Only answers under the API's base URL. */
  learn(serverMs: number): void;
  /**
   * Whether an answer's `Date` was ever read. Until then `serverNow()` is the device clock, which
   * nothing checked: a restriction with dates is not judged on it (docs/time.md). A clock without
   * this method (an app's own `PamClock`) counts as having learned.
   */
  learned?(): boolean;
  /** Trust changes, and the first `Date` learned (called synchronously while the clock is read or taught); returns the unsubscribe. */
  subscribe(listener: (trusted: boolean) => void): () => void;
  /** The stated precision bound of `serverNow()` while trusted, ms: 2 000 (docs/time.md). */
  readonly boundMs: number;
  /** The offset in use (`serverNow() - now()`), ms. */
  offsetMs(): number;
  /**
   * A clock that never jumps, ms from any origin (the monotonic clock; `base` for a clock built
   * over an app's own base): for durations within one page, such as play time's own beats. It
   * may stand still while the device sleeps.
   */
  monotonic(): number;
}

/**
 * How a clock is built. Every part has a default; none touches a browser API at import.
 *
 * @example
 * createClock({ wall: () => Date.now(), monotonic: () => performance.now(), samples: 5 });
 */
export interface ClockOptions {
  /** The device's wall clock. Default `Date.now`. */
  wall?: () => number;
  /** A monotonic clock. Default `performance.now()` (or `Date.now` where there is none). */
  monotonic?: () => number;
  /**
   * A base given as is (an app's own `environment.now`): used instead of the steady wall/monotonic
   * pair, with no jump detection (the app owns that clock).
   */
  base?: () => number;
  /** How many answers the offset is the median of (at least 5: a smaller count is taken as 5). Default 5. */
  samples?: number;
}

// The stated bound of `serverNow()` (`boundMs`): 2 000 ms, half the `Date` header's second, 1 s of
// round trip, 0.5 s of drift. The wall-vs-monotonic drift, accumulated since a kept answer, beyond
// which the device clock jumped: 500 ms. (Both written as literals where used: a bundle keeps a
// named constant as a variable, issue 33.)

/**
 * The page's monotonic clock, ms (`performance.now()`, or `Date.now()` where there is none).
 *
 * @example
 * const started = monotonicNow(); // ... monotonicNow() - started: a duration no clock step moves
 */
export const monotonicNow = (): number => globalThis.performance?.now() ?? Date.now();

/**
 * The wall clock, never going backwards: after the device clock is stepped back (a user, a bad
 * NTP sync), time goes on at the monotonic clock's pace until the wall clock catches up; a jump
 * forward or a sleep (the monotonic clock may stand still while the device sleeps) is followed as
 * the wall clock says. Token lives are real time: a refresh due in 6 h stays due in 6 h.
 *
 * @example
 * const now = steadyClock(); // the base of `createClock()`, and every machine's default clock
 */
export function steadyClock(
  wall: () => number = () => Date.now(),
  // `monotonicNow` written out (smaller gzipped in a machine-alone bundle, issue 33).
  monotonic: () => number = () => globalThis.performance?.now() ?? Date.now(),
): () => number {
  let lastMono = monotonic();
  let last = wall();
  return () => {
    const mono = monotonic();
    last = Math.max(wall(), last + Math.max(0, mono - lastMono));
    lastMono = mono;
    // Whole milliseconds, like Date.now() (the monotonic clock has fractions).
    return Math.floor(last);
  };
}

/**
 * The one clock: a steady base, and the server's time learned on that same base from the median of
 * the last `samples` answers (docs/time.md).
 *
 * @example
 * const clock = createClock({ wall: () => fake.wall, monotonic: () => fake.mono });
 * createPamClient({ baseURL, environment: { clock } });
 */
export function createClock(options: ClockOptions = {}): PamClock {
  const { wall = () => Date.now(), base: given } = options;
  const samples = Math.max(5, options.samples ?? 5);
  const monotonic = given ?? options.monotonic ?? monotonicNow;
  const base = given ?? steadyClock(wall, monotonic);
  const listeners = new Set<(trusted: boolean) => void>();
  // The answers since the last jump: [offset, `creep` and `steps` when it was learned].
  let window: number[][] = [];
  // The last trusted offset (the device clock's 0 at first), one vote for or against a candidate;
  // none after a jump, when the device clock is the suspect.
  let anchor: number | undefined = 0;
  // Wall minus monotonic since the last jump: readings apart by 1 ms or less (rounding, rate drift)
  // add up with their sign, larger ones (steps, unseen sleeps) by their size, whatever the sign.
  let creep = 0;
  let steps = 0;
  let offset = 0;
  let trust = true;
  let learned = false;
  // An app's own base is not read when the clock is built (a session's services are built in its
  // first transition, which reads no clock); the device's are, to measure jumps from.
  let lastWall = wall();
  let lastMono = given ? 0 : monotonic();

  /** The offset (the median) and the trust, from the samples (docs/time.md rule 5); `tell`: listeners hear it even unchanged. */
  const settle = (tell?: boolean) => {
    const votes = window.map(([o = 0]) => o);
    const sorted = [...votes].sort((a, b) => a - b);
    const i = (sorted.length - 1) >> 1;
    const [low = offset, high = low] = sorted.slice(i, i + 2);
    // An even count: the middle nearer the device clock (offset 0), or after a jump nearer the
    // newest answer (the best guess, untrusted still).
    const toward = anchor === undefined ? (votes[votes.length - 1] ?? low) : 0;
    offset = sorted.length % 2 || Math.abs(low - toward) <= Math.abs(high - toward) ? low : high;
    const near = (v: number) => Math.abs(v - offset) <= 4_000; // twice the bound
    const agreeing = votes.filter(near).length;
    // Until the window is full, the anchor votes too: for the candidate near it, against one far
    // from it. The candidate needs a strict majority of the votes and two votes more for it than
    // the anchor's against (two answers, or one beside the anchor: never one answer alone).
    const vote = anchor === undefined || votes.length >= samples ? 0 : near(anchor) ? 1 : -1;
    const next = votes.length
      ? (agreeing + +(vote > 0)) * 2 > votes.length + Math.abs(vote) && agreeing + vote > 1
      : vote > 0;
    if (next) anchor = offset;
    if (next === trust && !tell) return;
    trust = next;
    // (One an earlier listener of this round unsubscribed is not called: review 151.)
    for (const listener of [...listeners]) if (listeners.has(listener)) listener(next);
  };
  const now = (): number => {
    if (!given) {
      const w = wall();
      const m = monotonic();
      const d = w - lastWall - (m - lastMono);
      if (Math.abs(d) > 1) steps += Math.abs(d);
      else creep += d;
      lastWall = w;
      lastMono = m;
      // Drift since any kept answer (or the last jump) beyond the allowance: a jump. Steps under it
      // add up, back and forth alike, and no allowance grows with time (docs/time.md rule 5).
      if (
        (window.length ? window : [[0, 0, 0]]).some(
          ([, c = 0, s = 0]) => steps - s + Math.abs(creep - c) > 500,
        )
      ) {
        creep = 0;
        steps = 0;
        window = []; // read against a base that may have moved with the wall clock
        anchor = undefined;
        settle();
      }
    }
    return base();
  };

  return {
    boundMs: 2_000,
    now,
    serverNow: () => now() + offset,
    trusted: () => {
      now();
      return trust;
    },
    offsetMs: () => offset,
    monotonic,
    learned: () => learned,
    learn(serverMs) {
      const at = now();
      if (!Number.isFinite(serverMs)) return;
      // The header's second is rounded down: the server's time is in [Date, Date + 1 s + round trip).
      window = [...window, [serverMs + 500 - at, creep, steps]].slice(-samples);
      // The first `Date`: listeners hear it (a dated restriction may now be judged), trust changed or not.
      const first = !learned;
      learned = true;
      settle(first);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

// The São Paulo day as the profile flow compares and schedules it (IN SPA 31/2025: "a day" of the
// rules is a calendar day in America/Sao_Paulo), both read from the core's one calendar: the day
// of `playPeriodOf` (the daily limit's period, the same São Paulo day).

/**
 * The São Paulo calendar day holding `ms`, as `YYYY-MM-DD` (the key of "the first login of the
 * day"); null for a time no calendar holds.
 *
 * @example
 * brazilDayOf(Date.parse('2026-11-24T02:59:59Z')); // '2026-11-23'
 */
export const brazilDayOf = (ms: number): string | null => {
  const day = playPeriodOf('daily', ms);
  return Number.isNaN(day.end) ? null : day.key.slice(6);
};

/**
 * The next midnight in São Paulo after `ms` (epoch ms): when the SPA re-check is due. NaN when
 * `ms` is not finite.
 *
 * @example
 * nextBrazilMidnight(Date.parse('2026-11-23T15:00:00Z')); // Date.parse('2026-11-24T03:00:00Z')
 */
export const nextBrazilMidnight = (ms: number): number => playPeriodOf('daily', ms).end;

// The one reader of a numeric setting from an input: a machine's intervals and shares fall back to
// their default rather than spin (0, NaN) or never fire (Infinity).

/**
 * `value` when it is a finite number >= `min`, else `fallback` (undefined, NaN, too small, not a
 * number: `Number.isFinite` is true for finite numbers only, and converts nothing).
 */
export const finiteOr = (value: number | undefined, fallback: number, min: number): number =>
  Number.isFinite(value) && (value as number) >= min ? (value as number) : fallback;

// Time (and chance) on events (issue 32.3): a transition judges the reading an event carries,
// never the clock. An event without one (an app's, a timer's, an actor's answer) is taken by
// `READ` first: its action reads the clock and tells the event again with the reading.

/** Whether a reading is a time a `Date` can hold (±8.64e15 ms): 1e20 is finite, yet no time. */
export const isTime = (at: unknown): at is number => typeof at === 'number' && Math.abs(at) <= 8.64e15;

/**
 * A clock's reading: a finite number, or, for a clock that gave none (it threw, or gave NaN,
 * ±Infinity, a string), the typed error that says so (an `UnexpectedError`, code `unexpected`,
 * whose `cause` names what was thrown or given, never its message).
 *
 * @example
 * const at = readingOf(context.now);
 * if (typeof at !== 'number') return fail(at); // a PamError
 */
export const readingOf = (clock: () => number): number | PamError => {
  try {
    const at = clock();
    return isTime(at) ? at : asPamError(at);
  } catch (thrown) {
    return asPamError(thrown);
  }
};

/**
 * What `readClock` adds to an event: the clock's reading `at`, a draw `roll` of the random source,
 * and `clockError` when the clock gave no time (`readingOf`): `at` is then the fallback.
 */
export type Read = { type: string; at?: number; roll?: number; clockError?: PamError };

/**
 * The one reading a machine makes, an action named `readClock`: the event told again with `at`
 * (the clock's `now()`) and, for an actor's answer or a timer (`xstate.*`), `roll`, a draw of the
 * machine's random source when it has one (a backoff's jitter). A clock that gives no time (it
 * throws, or gives no finite number) neither crashes the machine nor is read again and again: the
 * event is told at `fallback` (default 0, the epoch: nothing after it is pulled forward), with the
 * typed error as `clockError` for the machine to keep (`noReading`).
 *
 * @example
 * machineSetup({ actions: { readClock }, ... }).createMachine({ on: { TICK: [READ, CHECK] } });
 */
export const readClock = (
  {
    context: c,
    event,
    self,
  }: {
    context: { now: () => number; random?: (() => number) | null };
    event: { type: string };
    self: { send: (event: never) => void };
  },
  fallback?: number | null,
): void => {
  const at = readingOf(c.now);
  // A draw in [0, 1]; a source that throws or gives anything else (NaN, -5: a delay of 0, polls back
  // to back) draws the middle (review 96: it crashed the actor, or spun).
  const x = event.type[0] === 'x' && c.random;
  let r: unknown;
  try {
    r = x && x();
  } catch {}
  const read = {
    ...event,
    ...(typeof at === 'number' ? { at } : { at: fallback ?? 0, clockError: at }),
    roll: x && ((r as number) >= 0 && (r as number) <= 1 ? r : 0.5),
  };
  READINGS.add(read);
  // (The machine's own event stays its own once read: a restore's, review 114.)
  if (TRUSTED.has(event)) TRUSTED.add(read);
  self.send(read as never);
};

/** Whether the event was read on a clock that gave no time (`readClock`'s `clockError`): a guard. */
export const noReading = ({ event }: { event: object }): boolean => !!(event as Read).clockError;

// READ's guard, a named arrow (its name shows in the diagrams; a function expression costs a
// bundle more).
const unread = ({ event }: { event: object }): boolean => !Number.isFinite((event as Read).at);

/**
 * The first transition of an event the machine judges at a reading: unread (or a reading that is
 * no finite number: NaN, Infinity, a string), have it read.
 */
export const READ = {
  guard: unread,
  actions: 'readClock',
} as const;

// The mark of the machines' own events: an event built here (a self-send, a listener's event) is
// trusted, and an internal one carries the private mark, so no outside code can forge one. Here,
// in the clock's leaf (it imports nothing of the machines), so any module (the environment's
// wake-up listener included) may use it.

/**
 * The type of the mark (never exported from the package, so no outside code can construct an
 * internal event). A class with a private member is nominal: an object literal never has
 * this type, so an internal event cannot be written from outside without a cast. (A `unique
 * symbol` key would do the same, but declaration files cannot name a module-private symbol.)
 */
export declare class InternalMark {
  private readonly nominal: never;
}
const MARK = Symbol('pam-client.session.internal') as unknown as InternalMark;
export type Marked = { readonly $internal: InternalMark };

// The mark is the event object itself, not a value on it: an inspector sees `$internal` and could
// copy it onto a forged event, but only objects built here are in TRUSTED. TICKETS lets each one
// through the outside door (an app-facing `send`, `system._relay` with no source) once, so an
// event object seen by an inspector cannot be sent again from outside either.
const TICKETS = new WeakSet<object>();

/** Marks an event built by the machines' own code (a self-send, a listener's event) as trusted. */
export const trusted = <E extends object>(event: E): E => {
  TRUSTED.add(event);
  TICKETS.add(event);
  return event;
};

/** Marks an internal event (typed by its union in ./events.ts). Only the machines' own modules import this. */
export const internal = <E extends { type: string }>(event: E): E & Marked =>
  trusted({ ...event, $internal: MARK }) as E & Marked;

/** True only for the very objects `internal()` built (a copy with the same mark is not one). */
export const isInternal = (event: object): boolean =>
  TRUSTED.has(event) && (event as Partial<Marked>).$internal === MARK;

/** Whether `event` was built by `trusted()`/`internal()`. */
export const isTrusted = (event: unknown): boolean =>
  typeof event === 'object' && event !== null && TRUSTED.has(event);

/** Lets a trusted event through the outside door once (false for anything else, or a second time). */
export const takeTicket = (event: unknown): boolean =>
  typeof event === 'object' && event !== null && TICKETS.delete(event);
