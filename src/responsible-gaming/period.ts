import { brazilPartsOf, brazilTimeToEpoch } from './time';

/** The period a limit counts over (spec section 8). */
export type LimitPeriodName = 'daily' | 'weekly' | 'monthly';

/** One period of a limit in São Paulo time: `[start, end)` in epoch ms, and a stable key. */
export interface PlayPeriod {
  /** e.g. `daily:2026-11-23`, `weekly:2026-11-23` (its Monday), `monthly:2026-11`. */
  key: string;
  start: number;
  end: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The limit period that holds `now`, in America/Sao_Paulo: a calendar day, a week from Monday
 * 00:00 (ISO weeks; the spec does not say, see docs/responsible-gaming.md), or a calendar month.
 *
 * @example
 * playPeriodOf('daily', Date.parse('2026-11-23T02:00:00Z')).key; // 'daily:2026-11-22'
 */
export function playPeriodOf(period: LimitPeriodName, now: number): PlayPeriod {
  const p = brazilPartsOf(now);
  if (period === 'monthly') {
    return {
      key: `monthly:${p.year}-${pad(p.month)}`,
      start: brazilTimeToEpoch(p.year, p.month, 1),
      end: brazilTimeToEpoch(p.year, p.month + 1, 1),
    };
  }
  // Days before today that still belong to the period (Monday = 0 for a week).
  const back = period === 'weekly' ? (p.weekday + 6) % 7 : 0;
  const first = new Date(Date.UTC(p.year, p.month - 1, p.day - back));
  const [y, m, d] = [first.getUTCFullYear(), first.getUTCMonth() + 1, first.getUTCDate()];
  return {
    key: `${period}:${y}-${pad(m)}-${pad(d)}`,
    start: brazilTimeToEpoch(y, m, d),
    end: brazilTimeToEpoch(y, m, d + (period === 'weekly' ? 7 : 1)),
  };
}
