// The tabs' counters from one definition: the bound the channel's schema accepts, the range a new
// login id is drawn from, and the next counter a tab takes (./order.ts) are the same constant, so
// no message a tab accepts can make the next one it (or any tab) sends invalid. Tests draw their
// counters from the same constants (`COUNTER_MAX`).

import { MAX_SESSION_COUNTER } from 'pam-client/internal';

/**
 * The highest session counter (`StoredSession.seq`) and login id (`sid`) a tab draws, counts to,
 * stores, sends or accepts: the store's own bound (`MAX_SESSION_COUNTER`, 2^48).
 *
 * @example
 * fc.integer({ min: 0, max: COUNTER_MAX }); // a counter any tab may send
 */
export const COUNTER_MAX = MAX_SESSION_COUNTER;

/** Whether `v` is a counter or login id a tab may send and accept: a whole number in 0..COUNTER_MAX. */
export const isCounter = (v: unknown): v is number =>
  Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= COUNTER_MAX;

/** A new login id, uniform over 0..COUNTER_MAX, from a draw in [0, 1). */
export const drawLoginId = (random: () => number): number => {
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0;
  return Math.min(COUNTER_MAX, Math.floor(unit * (COUNTER_MAX + 1)));
};
