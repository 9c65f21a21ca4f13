// REVIEW29B (MED, fail open on the play-time limit): a limit change `compareLimit` can prove
// neither looser nor stricter (600 minutes a month -> 30 minutes a day: 930 a month, yet 30 < 600
// in a day) is timed as "may tighten" and shown APPLIED from 18 hours before its São Paulo reading
// (`earliestTimeOf`), as the only limit, `known`, with no pending change left. In that window the
// server (naive times are São Paulo's: docs/contract.md) still holds 600 a month; a player who has
// played 590 minutes this month has 10 left there, while the view's time limit (what the play clock
// counts against) is a fresh 30 a day. Held early it loosens in part; held late it would too: for
// an incomparable change neither single limit is fail closed (both may hold), yet one is shown
// known. Root: src/responsible-gaming/restrictions.ts `limitOf` (one judgement, one limit shown).
import { restrictionsOf } from 'pam-client';
import { describe, expect, test } from 'vitest';
import { freeUserInfo } from '../support/free-user-info';

describe('REVIEW29B: an incomparable limit change shown applied 18 hours early', () => {
  test('600 a month -> 30 a day, 17 hours before: the monthly limit is not dropped', () => {
    const userInfo = freeUserInfo({
      user_limit_time: 600,
      user_limit_time_active: 1,
      user_limit_time_period: 'monthly',
      user_limit_time_change: JSON.stringify({
        amount: 30,
        period: 'daily',
        effective_at: '2026-12-03 13:00:00',
      }),
    });
    const now = Date.parse('2026-12-02T23:00:00Z'); // 2026-12-02 20:00 São Paulo: 17 h before
    const time = restrictionsOf(userInfo, now).limits.time;
    // What may hold at `now`: 600 a month (the server, São Paulo time) or 30 a day. Shown as
    // certainly 30 a day, nothing pending, `known`: the 600 a month is gone from the view.
    const shownAsOnlyNew =
      time.known && time.amount === 30 && time.period === 'daily' && time.pendingChange === null;
    expect(shownAsOnlyNew).toBe(false);
  });
});
