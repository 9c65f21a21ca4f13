// The tabs' counters from one definition: the bound the channel's schema accepts, the range a new
// login id is drawn from, and the next counter a tab takes are the same constant, so no message a
// tab accepts can make the next one it (or any tab) sends invalid. Tests draw their counters from
// the same constants (`COUNTER_MAX`).

import { isSessionCounter, MAX_SESSION_COUNTER } from 'pam-client/internal';

/**
 * The highest session counter (`StoredSession.seq`) and login id (`sid`) a tab draws, counts to,
 * stores, sends or accepts: the store's own bound (`MAX_SESSION_COUNTER`, 2^48).
 *
 * @example
 * fc.integer({ min: 0, max: COUNTER_MAX }); // a counter any tab may send
 */
export const COUNTER_MAX = MAX_SESSION_COUNTER;

/** Whether `v` is a counter or login id a tab may send and accept: a whole number in 0..COUNTER_MAX. */
export const isCounter = (v: unknown): v is number => isSessionCounter(v) && (v as number) <= COUNTER_MAX;

/**
 * The counter of the next session after this tab's clock: one more, never past `COUNTER_MAX`
 * (reachable only by a forged message; at the top, sessions are ordered by their login id and
 * player, so tabs still converge).
 */
export const nextCounter = (clock: number): number =>
  Math.min(Math.max(0, Number.isSafeInteger(clock) ? clock : 0) + 1, COUNTER_MAX);

/**
 * How far ahead of this tab's clock a heard counter may be. Honest tabs of an origin are never more
 * than a few logins and refreshes apart (and a new tab reads the shared store's counter), while a
 * single forged message at the top of the range would otherwise leave no room above it (the next
 * login tied at `COUNTER_MAX`, never newer). A counter further ahead is foreign: it neither raises
 * the clock nor ends, replaces or becomes this tab's session. A forger needs 2^28 messages, each
 * heard, to climb the whole range.
 */
export const COUNTER_WINDOW = 1_048_576; // 2 ** 20 (a literal: CONTRIBUTING.md)

/** Whether a heard counter is within `COUNTER_WINDOW` of this tab's clock (null: none, accepted). */
export const isPlausible = (clock: number, heard: number | null | undefined): boolean =>
  heard === null || heard === undefined || heard <= clock + COUNTER_WINDOW;

/** A heard counter raises this tab's clock, within the bound. */
export const raiseClock = (clock: number, heard: number | null | undefined): number =>
  Math.min(COUNTER_MAX, Math.max(clock, typeof heard === 'number' && Number.isFinite(heard) ? heard : 0));

/** A new login id, uniform over 0..COUNTER_MAX, from a draw in [0, 1). */
export const drawLoginId = (random: () => number): number => {
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0;
  return Math.min(COUNTER_MAX, Math.floor(unit * (COUNTER_MAX + 1)));
};
