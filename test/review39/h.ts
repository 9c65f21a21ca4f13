// Review 38 helpers: zoned (exact) restriction dates, and a minutes/reads meter.
import { freeUserInfo } from '../support/free-user-info';

export const S = 1000;
export const M = 60_000;
export const H = 3_600_000;
export const D = 24 * H;
const iso = (ms: number) => new Date(ms - (ms % 1000)).toISOString().slice(0, 19) + 'Z';
/** A pause of `days` from `from`, dates zoned (exact: no +10 h naive slack). */
export const pausedZ = (from: number, days = 7) =>
  freeUserInfo({ user_pause: days, user_pause_at: iso(from), user_pause_in: iso(from + days * D) });
