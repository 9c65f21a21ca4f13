// Mandatory prudential limits (Portaria SPA/MF 2.579/2025, amending 1.231/2024): every player
// must have a LOSS limit and a TIME limit. Which of them a player has not set, for the view.

import { type LimitKind, limitOf } from './restrictions';

/**
 * The limits Portaria SPA/MF 2.579/2025 makes mandatory.
 *
 * @example
 * const ask: MandatoryLimit[] = missingMandatoryLimits(userInfo);
 */
export type MandatoryLimit = Extract<LimitKind, 'loss' | 'time'>;

/** In the order an onboarding asks for them. */
const MANDATORY_LIMITS: readonly MandatoryLimit[] = ['loss', 'time'];

/**
 * The mandatory limits (loss, time) the player has NOT set in `userInfo` (a profile's, or
 * anything: never throws). A limit is set when it is active with a readable amount (0 counts: it
 * allows nothing) and a readable period. Fail closed: one whose fields cannot be read is listed
 * as missing, so the app asks for it again rather than assume it is there. A pending change never
 * counts, whatever its date: without a time, none is known to have applied.
 *
 * @example
 * const missing = missingMandatoryLimits(view.userInfo); // e.g. ['time']
 * if (missing.length > 0) askLimits(missing);
 */
export function missingMandatoryLimits(userInfo: unknown): MandatoryLimit[] {
  try {
    const info: Record<string, unknown> = Object(userInfo); // a primitive or null: no field
    return MANDATORY_LIMITS.filter((kind) => {
      // No time (NaN, not 0: a change dated before 1970 is no more applied than any): none is due.
      const limit = limitOf(info, kind, NaN);
      return !(limit.known && limit.active && limit.amount !== null && limit.period !== null);
    });
  } catch {
    return [...MANDATORY_LIMITS]; // a hostile object: nothing can be read
  }
}
