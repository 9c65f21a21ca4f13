// The São Paulo day as the profile flow compares and schedules it (IN SPA 31/2025: "a day" of the
// rules is a calendar day in America/Sao_Paulo), both read from the core's one `brazilDayAt`.

import { brazilDayAt } from 'pam-client/internal';

/**
 * The São Paulo calendar day holding `ms`, as `YYYY-MM-DD` (the key of "the first login of the
 * day"); null for a time no calendar holds.
 *
 * @example
 * brazilDayOf(Date.parse('2026-11-24T02:59:59Z')); // '2026-11-23'
 */
export const brazilDayOf = (ms: number): string | null => brazilDayAt(ms).date;

/**
 * The next midnight in São Paulo after `ms` (epoch ms): when the SPA re-check is due. `ms` itself
 * when it is not finite.
 *
 * @example
 * nextBrazilMidnight(Date.parse('2026-11-23T15:00:00Z')); // Date.parse('2026-11-24T03:00:00Z')
 */
export const nextBrazilMidnight = (ms: number): number => brazilDayAt(ms).end;
