// The one clock (issue 26, docs/time.md). Every machine and flow reads time from here: a steady
// base that never goes back, and the server's time as `base + offset`, the offset learned on that
// SAME base from the answers' `Date` header. Tiny on purpose: no browser API is touched at import,
// nothing from environment.ts is imported, so a machine alone does not pull the browser in.

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
   * False after a device-clock jump (the wall and monotonic clocks disagree beyond the threshold)
   * or while the samples disagree (no majority within `2 × boundMs`), until a fresh answer
   * re-learns the offset.
   */
  trusted(): boolean;
  /**
   * One answer's `Date` header (epoch ms, whole seconds), read against `now()` at receipt. Only
   * answers under the API's base URL. `roundTripMs`, when known, narrows the estimate; a sample
   * whose round trip exceeds `maxRoundTripMs` is dropped.
   */
  learn(serverMs: number, roundTripMs?: number): void;
  /** Trust changes (called synchronously while the clock is read or taught); returns the unsubscribe. */
  subscribe(listener: (trusted: boolean) => void): () => void;
  /** The stated precision bound of `serverNow()` after a trusted sample: `500 + maxRoundTripMs`. */
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

/** How a clock is built. Every part has a default; none touches a browser API at import. */
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
  /** How many answers the offset is the median of. Default 5. */
  samples?: number;
  /** The longest round trip a sample may have; `boundMs = 500 + maxRoundTripMs`. Default 1500. */
  maxRoundTripMs?: number;
  /**
   * The disagreement between wall and monotonic clocks, between two readings, that counts as a
   * jump; 1 ms per second elapsed is added for rate drift. Default 1000.
   */
  jumpThresholdMs?: number;
}

const DEFAULT_SAMPLES = 5;
const DEFAULT_MAX_ROUND_TRIP_MS = 1500;
const DEFAULT_JUMP_MS = 1000;
/** Half the `Date` header's 1-second resolution: where in its second the server's time was. */
const HALF_SECOND = 500;
/** Rate drift allowed between wall and monotonic clocks (1000 ppm). */
const DRIFT_PER_MS = 1e-3;
/** Below this many samples, the device clock (offset 0) votes too, so one first outlier is not trusted. */
const PRIOR_VOTES_BELOW = 3;

/**
 * The page's monotonic clock, ms (`performance.now()`, or `Date.now()` where there is none).
 *
 * @example
 * const started = monotonicNow(); // ... monotonicNow() - started: a duration no clock step moves
 */
export const monotonicNow = (): number => globalThis.performance?.now() ?? Date.now();

/** The median of `values` (the lower middle for an even count). */
function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/**
 * A steady base over a wall and a monotonic clock, reporting jumps. After the wall clock is stepped
 * back, time goes on at the monotonic pace until the wall clock catches up; forward (a step or a
 * sleep, where the monotonic clock may stand still) the wall clock is followed.
 */
function steadyBase(wall: () => number, monotonic: () => number, jumpMs: number, onJump: () => void) {
  let lastRawWall = wall();
  let lastWall = lastRawWall;
  let lastMono = monotonic();
  return (): number => {
    const w = wall();
    const m = monotonic();
    const dm = Math.max(0, m - lastMono);
    if (Math.abs(w - lastRawWall - dm) > jumpMs + dm * DRIFT_PER_MS) onJump();
    const next = Math.max(w, lastWall + dm);
    lastRawWall = w;
    lastWall = next;
    lastMono = m;
    // Whole milliseconds, like Date.now() (the monotonic clock has fractions).
    return Math.floor(next);
  };
}

/**
 * The wall clock, never going backwards: after the device clock is stepped back (a user, a bad
 * NTP sync), time goes on at the monotonic clock's pace until the wall clock catches up; a jump
 * forward or a sleep is followed as the wall clock says. Token lives are real time.
 *
 * @example
 * const now = steadyClock(); // the base `createClock()` uses
 */
export function steadyClock(
  wall: () => number = () => Date.now(),
  monotonic: () => number = monotonicNow,
): () => number {
  return steadyBase(wall, monotonic, Number.POSITIVE_INFINITY, () => {});
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
  const size = Math.max(1, Math.floor(options.samples ?? DEFAULT_SAMPLES));
  const maxRoundTripMs = options.maxRoundTripMs ?? DEFAULT_MAX_ROUND_TRIP_MS;
  const boundMs = HALF_SECOND + maxRoundTripMs;
  const listeners = new Set<(trusted: boolean) => void>();
  let window: number[] = [];
  // The device clock votes (offset 0) until enough answers agree; not after a jump, when the
  // device clock is the suspect.
  let priorVotes = true;
  let jumped = false;
  let offset = 0;
  let lastTrust = true;

  const votes = (): number[] => (priorVotes && window.length < PRIOR_VOTES_BELOW ? [0, ...window] : window);
  const agreed = (): boolean => {
    const all = votes();
    if (all.length === 0) return true;
    const mid = medianOf(all);
    const close = all.filter((v) => Math.abs(v - mid) <= 2 * boundMs).length;
    return close * 2 > all.length;
  };
  const notify = () => {
    const trust = !jumped && agreed();
    if (trust === lastTrust) return;
    lastTrust = trust;
    for (const listener of [...listeners]) listener(trust);
  };
  const onJump = () => {
    jumped = true;
    window = [];
    priorVotes = false;
  };
  const monotonic = options.base ?? options.monotonic ?? monotonicNow;
  const base =
    options.base ??
    steadyBase(
      options.wall ?? (() => Date.now()),
      monotonic,
      options.jumpThresholdMs ?? DEFAULT_JUMP_MS,
      onJump,
    );
  const now = (): number => {
    const t = base();
    if (jumped) notify();
    return t;
  };

  return {
    boundMs,
    now,
    serverNow: () => now() + offset,
    trusted: () => {
      now();
      return lastTrust;
    },
    offsetMs: () => offset,
    monotonic,
    learn(serverMs, roundTripMs) {
      const at = now();
      if (!Number.isFinite(serverMs)) return;
      const rtt = roundTripMs !== undefined && Number.isFinite(roundTripMs) ? roundTripMs : undefined;
      if (rtt !== undefined && (rtt < 0 || rtt > maxRoundTripMs)) return;
      const sample = serverMs + (rtt === undefined ? HALF_SECOND : (1000 + rtt) / 2) - at;
      window = [...window, sample].slice(-size);
      jumped = false;
      offset = medianOf(votes());
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
