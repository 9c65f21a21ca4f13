// The types of playTimeMachine (machines/playTimeMachine.ts, which exports them): its input, its
// context, the events it takes and the ones it emits.
import type { LimitPeriodName, PlayTime } from 'pam-client';
import type { PlayClockRecord, PlayClockStore } from './clock';

/** The time limit as `restrictionsOf(userInfo).limits.time` gives it (any `LimitState` fits). */
export interface PlayTimeLimit {
  amount: number | null;
  period: LimitPeriodName | null;
  active: boolean;
  /**
   * False: the limit is not known yet (no profile read yet, or none could be read). The time is
   * counted all the same (nothing is shown), so the limit, once known, counts it at once.
   */
  known?: boolean;
}

/**
 * What `playTimeMachine` needs.
 *
 * @example
 * createActor(playTimeMachine, { input: { limit: restrictionsOf(userInfo).limits.time, store } });
 */
export interface PlayTimeInput {
  /**
   * The time limit. Counting runs while it is active with an amount and a period, or not known
   * (`known` false: signed-in time counts before the limit is read, review X-2).
   */
  limit: PlayTimeLimit | null;
  /** The clock every tab of the origin shares. Default: `createLocalStoragePlayClock()`. */
  store?: PlayClockStore;
  /**
   * The clock beats are stamped on (every tab of the origin shares the stamps: the device's).
   * Default: the one clock's steady base (`steadyClock()`, docs/time.md).
   */
  now?: () => number;
  /**
   * A clock that never jumps (`PamClock.monotonic`), for the length of this tab's own beats: a
   * device clock stepped forward or back between two beats neither adds nor loses time. Default:
   * `now` when given, else the page's monotonic clock.
   */
  monotonic?: () => number;
  /**
   * Server time, for the period (the São Paulo day, week or month the limit counts in). Default
   * `now`. Durations are counted on `now`, so tabs that learned slightly different server
   * offsets never count the same second twice.
   */
  serverNow?: () => number;
  /**
   * Whether `serverNow` can be trusted (`PamClock.trusted`). While it cannot, a beat is counted both
   * in the period `serverNow` says and in the one this tab's beats carried on at the monotonic pace
   * say, and the larger count is shown (docs/time.md). Default: always trusted.
   */
  trusted?: () => boolean;
  /**
   * Whether `serverNow` ever learned the server's time (`PamClock.learned`: an answer's `Date` was
   * read). While it has not, `serverNow` is the device clock, which nothing checked (set a day
   * ahead, it would start a fresh period): this tab's beats count nothing and write nothing (a tab
   * that learned counts the origin's time), the time shown is not known (`PlayTime.known` false: no
   * time left, no alert), and the next beat comes within 1 s. Default: learned.
   */
  learned?: () => boolean;
  /** One unit of `user_limit_time`. Default 60 000 (the amount is in MINUTES; spec silent). */
  unitMs?: number;
  /** Heartbeat. Default 15 000 ms; at least 1 s. */
  beatMs?: number;
  /** A longer gap between two beats (sleep, frozen tabs, no tab open) is not counted. Default 2 × beatMs. */
  maxGapMs?: number;
  /** Share of the limit at which `timeLimitWarning` is emitted. Default 0.8 (0 < share <= 1). */
  warnAt?: number;
  /** The player and login counted for (a session stamps its alerts with it). Default none. */
  owner?: { userId: number | null; sid: number | null } | null;
}

/**
 * The context of `playTimeMachine`: the limit, the time counted and its clocks (services).
 *
 * @example
 * selectPlayTime(actor.getSnapshot()); // read it through the selector
 */
export interface PlayTimeContext {
  store: PlayClockStore;
  /** A service: the wall clock (default the one clock's steady base). */
  now: () => number;
  /** A service: the clock durations are counted on. */
  monotonic: () => number;
  /** A service: the server's time, which the period is read in. */
  serverNow: () => number;
  /** A service: whether `serverNow` can be trusted (none: always). */
  trusted?: () => boolean;
  /** A service: whether `serverNow` learned the server's time (none: always). */
  learned?: () => boolean;
  limit: PlayTimeLimit | null;
  unitMs: number;
  beatMs: number;
  maxGapMs: number;
  warnAt: number;
  /** The shared clock as this tab last saw it. */
  clock: PlayClockRecord | null;
  /**
   * This tab's last beat (on `now` and on `monotonic`), the period it counted in, and on an
   * untrusted clock the other period it counted in (`alt`) and its server time carried on at the
   * monotonic pace (`est`).
   */
  own: {
    at: number;
    mono?: number;
    periodKey: string;
    alt?: string;
    est?: number;
    lost?: boolean;
    /** The last beat could not place the time (see `PlayTime.known`): nothing it shows is known. */
    unknown?: boolean;
    /** The last beat came with another tab's play clock (`BEAT`'s `record`): not told on. */
    heard?: boolean;
  } | null;
  owner: { userId: number | null; sid: number | null } | null;
}

/**
 * - `LIMIT`: the time limit changed (a profile re-read): counting follows the new one at once.
 * - `BEAT`: beat now (a wake-up, the tab shown again) instead of waiting for the next heartbeat;
 *   with `record`, another tab's play clock heard on the cross-tab channel (read as untrusted:
 *   a malformed one is none), whose higher counts are taken first, never one lowered (tabs with
 *   no `localStorage` share no store).
 */
export type PlayTimeEvent =
  | { type: 'LIMIT'; limit: PlayTimeLimit | null }
  | { type: 'BEAT'; record?: unknown }
  | {
      type: 'CLOCK';
      clock: PlayClockRecord;
      at: number;
      mono: number;
      periodKey: string;
      alt?: string;
      est?: number;
      lost?: boolean;
      unknown?: boolean;
      heard?: boolean;
    }
  /**
   * Sent by `restoreActor` (XState persists no timer): the beat is armed again. The machine sends
   * it too, with the wait it read (`next`, ms, kept within 1 s and `beatMs`), after each beat.
   */
  | { type: 'xstate.restore'; next?: number };

/** A `LIMIT` event. */
export type Limit = Extract<PlayTimeEvent, { type: 'LIMIT' }>;

/** Emitted when the used time first reaches the warning share, and when it reaches the limit. */
export type PlayTimeEmitted =
  | { type: 'timeLimitWarning'; playTime: PlayTime }
  | { type: 'timeLimitReached'; playTime: PlayTime };
