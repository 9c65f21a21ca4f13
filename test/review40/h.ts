// Review 40 helpers (self-contained: runs on ec5ba272 too).
import { freeUserInfo } from '../support/free-user-info';

export const S = 1000;
export const M = 60_000;
export const H = 3_600_000;
export const D = 24 * H;
const iso = (ms: number) => new Date(ms - (ms % 1000)).toISOString().slice(0, 19) + 'Z';
/** A pause of `days` from `from`, dates zoned (exact). */
export const pausedZ = (from: number, days = 7) =>
  freeUserInfo({ user_pause: days, user_pause_at: iso(from), user_pause_in: iso(from + days * D) });
