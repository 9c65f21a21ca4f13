// Holds: review 87's readings. `accountStanding`: anything but an `is_active` read true (or absent /
// null) is `unknown`; a limit change's time after 1970-01-02 still reads (the earliest real one),
// at or before it is unreadable (the limit unknown, never lifted).
import { describe, expect, it } from 'vitest';
import { restrictionsOf } from '../../src/responsible-gaming/restrictions';
import { accountStanding } from '../../src/responsible-gaming/standing';
import { freeUserInfo } from '../support/free-user-info';

describe('review 87 readings', () => {
  it.each([
    [true, 'open'],
    [1, 'open'],
    ['TRUE', 'open'],
    [null, 'open'],
    [undefined, 'open'],
    [0, 'unknown'],
    ['0.00', 'unknown'],
    ['yes', 'unknown'],
    ['', 'unknown'],
    [2, 'unknown'],
  ])('is_active %j: %s', (is_active, standing) => {
    expect(accountStanding({ cancelled_account: false, is_active })).toBe(standing);
  });

  it.each(['1969-12-31 21:00:00', '1970-01-01T00:00:00Z', '1970-01-01 14:00:00', '1970-01-01'])(
    'a bet limit of 0 with a change effective %s stays barred',
    (at) => {
      const info = freeUserInfo({
        user_limit_bet: 0,
        user_limit_bet_active: 1,
        user_limit_bet_period: 'daily',
        user_limit_bet_change: JSON.stringify({ amount: 500, period: 'daily', active: 1, effective_at: at }),
      });
      expect(restrictionsOf(info, Date.parse('2026-11-23T15:00:00Z')).canBet).toBe(false);
    },
  );

  it('a change effective at a real date long past is applied', () => {
    const info = freeUserInfo({
      user_limit_bet: 0,
      user_limit_bet_active: 1,
      user_limit_bet_period: 'daily',
      user_limit_bet_change: JSON.stringify({
        amount: 500,
        period: 'daily',
        active: 1,
        effective_at: '2001-01-03 12:00:00',
      }),
    });
    const r = restrictionsOf(info, Date.parse('2026-11-23T15:00:00Z'));
    expect(r.unreadable).toEqual([]);
  });
});
