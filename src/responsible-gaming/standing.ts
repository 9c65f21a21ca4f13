// What a profile read must say before the player may be shown free to bet, beyond the restrictions
// themselves (`restrictionsOf`): the account's standing, and an answer to every exclusion flag. One
// definition for the session (pam-client/machines, through pam-client/internal: `profileReadOf`,
// with the restrictions) and the server (pam-client/server). Fail closed: what the read does not
// say is unknown, never "free".

import { readBoolean } from '../schemas/common';

/**
 * Where a player's account stands by `user.cancelled_account` (spec 2.3, 5.2): `open` only for
 * `false`; `cancelled` for `true`; `unknown` for anything else (absent, null, `1`, `'yes'`, no
 * user), and for an account the read does not say is active (`is_active` false in any form
 * `readBoolean` reads, `0`, `'0'`, `'false'`, or one it cannot read: what an inactive account may do
 * is not stated, so it is never shown free to bet; review 87: `0` was read as active). Absent or null
 * says nothing of it. A cancelled account outranks every restriction (docs/responsible-gaming.md).
 *
 * @example
 * accountStanding({ cancelled_account: 1 }); // 'unknown'
 * accountStanding({ cancelled_account: false, is_active: false }); // 'unknown'
 */
export function accountStanding(user: unknown): 'open' | 'cancelled' | 'unknown' {
  const u = user as { cancelled_account?: unknown; is_active?: unknown } | null | undefined;
  const flag = u?.cancelled_account;
  const active = readBoolean(u?.is_active);
  return flag === true ? 'cancelled' : flag === false && (active ?? true) === true ? 'open' : 'unknown';
}

/**
 * Whether a profile read answers every exclusion flag (spec 2.14): present and not null. A flag
 * absent or sent as null says nothing about that exclusion (the status is then unknown; the
 * restrictions still read null as "not set", `restrictionsOf`, unless a date of it is ahead: a
 * contradiction, unknown there too).
 *
 * @example
 * exclusionsAnswered({ spa_exclusion: 0, operator_exclusion: null, user_exclusion: 0 }); // false
 */
export const exclusionsAnswered = (userInfo: Record<string, unknown> | null | undefined): boolean =>
  ['spa_exclusion', 'operator_exclusion', 'user_exclusion'].every((k) => userInfo?.[k] != null);
