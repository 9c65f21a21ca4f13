// Review 38 helpers: zoned (exact) restriction dates, and a minutes/reads meter.
import { sp } from '../review36/flow';
import { freeUserInfo } from '../support/free-user-info';

export const S = 1000;
export const M = 60_000;
export const H = 3_600_000;
export const D = 24 * H;
const iso = (ms: number) => new Date(ms - (ms % 1000)).toISOString().slice(0, 19) + 'Z';
/** A pause of `days` from `from`, dates zoned (exact: no +10 h naive slack). */
export const pausedZ = (from: number, days = 7) =>
  freeUserInfo({ user_pause: days, user_pause_at: iso(from), user_pause_in: iso(from + days * D) });
/** A 7-day pause as the API writes it (naive São Paulo dates), ending at `writtenEnd` (held 10 h more). */
export const pausedUntilNaive = (writtenEnd: number) =>
  freeUserInfo({ user_pause: 7, user_pause_at: sp(writtenEnd - 7 * D), user_pause_in: sp(writtenEnd) });
/** A 7-day pause from `t0` (naive start, no end written: the reader takes its length). */
export const pausedSinceNaive = (t0: number) =>
  freeUserInfo({ user_pause: 7, user_pause_at: sp(t0), user_pause_in: null });
