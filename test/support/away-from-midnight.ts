// A start time for a test's simulated clock away from a São Paulo midnight (03:00 UTC; Brazil keeps
// no daylight saving): a read made before it is yesterday's, stale after it, so a test that takes
// reads across it sees a daily re-read it did not script. From 21:00 to 03:00 there, six hours on
// (so the test starts between 03:00 and 09:00 there, hours from either midnight).

const H = 3_600_000;

/** `now`, or six hours later when São Paulo's hour at `now` is 21:00 or later, or before 03:00. */
export function awayFromSaoPauloMidnight(now: number): number {
  const spHour = Math.floor((((now - 3 * H) % (24 * H)) + 24 * H) / H) % 24;
  return spHour >= 21 || spHour < 3 ? now + 6 * H : now;
}
