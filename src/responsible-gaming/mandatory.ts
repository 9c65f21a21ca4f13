// Mandatory prudential limits (Portaria SPA/MF 2.579/2025, amending 1.231/2024): every player
// must have a LOSS limit and a TIME limit. Which of them a player has not set, for the view.

import { type LimitKind, limitOf, plausibleTime } from './restrictions';
import { earliestTimeOf, latestTimeOf } from './time';

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
 * anything: never throws) at `now` (epoch ms). A limit is set when it is active with a readable
 * amount (0 counts: it allows nothing) and a readable period, once the pending changes due at
 * `now` apply: a change that switches it off, or leaves it unreadable, lists it (REVIEW29A-2) from
 * the earliest instant its `effective_at` may mean, and one that sets it lists it until the latest
 * (not `restrictionsOf`'s timing, right for betting: a looser change late, a stricter one early;
 * whether the limit is set fails closed both ways, REVIEW30 R30-3). Fail closed: one whose fields cannot be read is listed as missing, so the
 * app asks for it again rather than assume it is there. Without `now` (or with one that is no
 * plausible instant, as `restrictionsOf` judges it), no time says whether a pending change has
 * applied: a limit is listed when it is missing with its change applied or without it.
 *
 * @example
 * const missing = missingMandatoryLimits(view.userInfo, Date.now()); // e.g. ['time']
 * if (missing.length > 0) askLimits(missing);
 */
export function missingMandatoryLimits(userInfo: unknown, now?: number): MandatoryLimit[] {
  try {
    const info: Record<string, unknown> = Object(userInfo); // a primitive or null: no field
    const at = plausibleTime(now);
    return MANDATORY_LIMITS.filter((kind) =>
      // No time: none due (NaN), and every one due (Infinity).
      (at > 0 ? [at] : [at, Infinity]).some((t) =>
        // Missing when every change is applied from its earliest instant, or from its latest.
        [earliestTimeOf, latestTimeOf].some((timeOf) => {
          const limit = limitOf(info, kind, t, [], timeOf);
          return !(limit.known && limit.active && limit.amount !== null && limit.period !== null);
        }),
      ),
    );
  } catch {
    return [...MANDATORY_LIMITS]; // a hostile object: nothing can be read
  }
}
