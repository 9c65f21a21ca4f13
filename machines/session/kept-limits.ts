// A limit change the server accepted, kept as sent over a lagging re-read (REVIEW-R R-2): the
// profile flow's rule for it (./profile.ts applies it, ./profile-rules.ts holds it in context).

import { profileReadOf } from 'pam-client/internal';
import { type AcceptedLimits, LIMIT_KINDS, liftsAny } from './profile-rules';

/**
 * `userInfo` read at `now` with the limits accepted applied where it shows a looser one (a lagging
 * replica: the old limit, or none), kind by kind (a looser change accepted waits as a pending one:
 * the read's stricter limit stays); null when it shows each of them or stricter. A stricter limit
 * applies at once: the time limit the play time runs against, and so `canBet`.
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
    if (liftsAny(r, read)) {
      out = mine;
      read = r;
    }
  }
  return out === userInfo ? null : out;
}
