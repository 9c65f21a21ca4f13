// A limit change the server accepted, kept as sent over a lagging re-read (REVIEW-R R-2): the
// profile flow's rule for it (./profile.ts applies it, ./profile-rules.ts holds it in context).

import { compareLimit } from 'pam-client';
import { profileReadOf } from 'pam-client/internal';
import { type AcceptedLimits, LIMIT_KINDS } from './profile-rules';

/**
 * `userInfo` read at `now` with the limits accepted applied, kind by kind, where each is proven
 * stricter than the read's (`compareLimit`, the server's own rule: a lagging replica shows the old
 * limit, or none); null when none is. A stricter limit applies at once: the time limit the play
 * time runs against, and so `canBet`. Any other change waits as the server keeps it, a
 * pending one: a looser one, and one neither looser nor stricter (600 a month -> 30 a day: less
 * in a day, more in a month), which is looser than the read as the read is looser than it (P3).
 */
export function keptLimits(
  userInfo: Record<string, unknown>,
  now: number,
  a: AcceptedLimits,
): Record<string, unknown> | null {
  let out = userInfo;
  // One read per candidate: `out`'s is the one read when it was taken.
  let read = profileReadOf(out, now)[0];
  for (const k of LIMIT_KINDS) {
    const mine = { ...out };
    for (const f in a.fields)
      if (f.startsWith(`user_limit_${k}`) && !f.endsWith('_change')) mine[f] = a.fields[f];
    const r = profileReadOf(mine, now)[0];
    if (compareLimit(read.limits[k], r.limits[k]) === 'stricter') {
      out = mine;
      read = r;
    }
  }
  return out === userInfo ? null : out;
}
