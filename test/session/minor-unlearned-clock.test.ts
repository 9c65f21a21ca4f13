// REVIEW29B: the session judges `user.birth_date` (REVIEW29A-9) at its own time, and on a clock
// that never read an answer's `Date` (`unlearned`: the device's time, which nothing checked) it
// still shows the read `current` (docs/responsible-gaming.md: the unlearned rule "does not count
// the birth date"). Every other dated fact of a read is `stale` there, because a device clock set
// ahead would end it early; a birth date is exactly such a fact: a 17-year-old whose 18th
// birthday is tomorrow, on a device clock set two days ahead (or simply wrong), is shown
// `current` and free to bet. Root: machines/session/profile-rules.ts `sessionRestrictionsOf`,
// the unlearned test reads `profileReadOf(userInfo, EARLIEST)` without the user.
import { describe, expect, test } from 'vitest';
import { sessionRestrictionsOf } from '../../machines/session/profile-rules';
import { brazilPartsOf } from '../../src/responsible-gaming/time';
import { freeUserInfo } from '../support/free-user-info';

const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

describe('REVIEW29B: under 18 on a clock that never learned the server time', () => {
  test('a player 18 only by an unchecked device clock is not shown current and free to bet', () => {
    // The true (server) time: the day before the 18th birthday. The device is 2 days ahead.
    const trueNow = Date.parse('2026-12-02T15:00:00Z');
    const device = trueNow + 2 * DAY;
    const b = brazilPartsOf(trueNow + DAY);
    const birthDate = `${b.year - 18}-${pad(b.month)}-${pad(b.day)}`;
    const user = { id: 7, cancelled_account: false, birth_date: birthDate };
    const r = sessionRestrictionsOf(freeUserInfo(), {
      readAt: device,
      now: device,
      failed: false,
      unlearned: true,
      user,
    });
    expect({ status: r.status, canBet: r.canBet }).not.toEqual({ status: 'current', canBet: true });
    expect(r.canBet).toBe(false);
  });
});
