// An instance's own records of the holds a server keeps (`fin:`, `cut:`, ./rotation.ts), and how
// many ended logins one instance remembers: a sweep of the lapsed ones and a bounded map.

import { IN_FLIGHT_MS } from './store';

/** Ended logins remembered by one instance (the oldest forgotten first; a store keeps them all). */
export const MAX_ENDED = 100_000;

/** An instance's own record of a hold (`fin:`, `cut:`): until when, and whether a clearing answer took it. */
export type Hold = { until: number; clears: boolean };

/** `id`'s record in `map` at `now`, while it lasts; the lapsed ones swept first (oldest first: each is
 * held as long, so the first one still held ends the sweep). */
export function heldIn(map: Map<string, Hold>, id: string, now: number): Hold | undefined {
  for (const [k, h] of map) {
    if (h.until > now) break;
    map.delete(k);
  }
  const h = map.get(id);
  return h && h.until > now ? h : undefined;
}

/** Records `id` in `map` for `IN_FLIGHT_MS` from `now` (re-set last: the sweep reads them oldest first). */
export function keepHold(map: Map<string, Hold>, id: string, now: number, clears: boolean): void {
  if (map.size >= MAX_ENDED) map.delete(map.keys().next().value!);
  map.delete(id);
  map.set(id, { until: now + IN_FLIGHT_MS, clears });
}
