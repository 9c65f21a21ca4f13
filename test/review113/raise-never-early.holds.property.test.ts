// Review 113, probe 3 (held): a limit raise is never shown in force before the latest instant its
// `effective_at` may mean. Generated: a current limit (amount, period, active: as a PHP back end
// may spell them), a pending `_change` (a JSON object naming any of amount/period/active, or a bare
// timestamp; its `effective_at` naive, bare date, `Z` or an offset), and a `now` around it. The
// profile goes through the client's answer reader, then `restrictionsOf`. Invariant: before
// `latestTimeOf(effective_at)`, the limit shown (when known) is never looser than the current one
// (`compareLimit`), and `canBet` never true with a limit unknown.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GET_USER_PROFILE } from '../../src/auth/operations';
import { compareLimit } from '../../src/responsible-gaming/limits';
import { restrictionsOf } from '../../src/responsible-gaming/restrictions';
import { latestTimeOf, parseServerTime } from '../../src/responsible-gaming/time';
import { parseResponse } from '../../src/schemas/common';
import { freeUserInfo } from '../support/free-user-info';

const BASE = Date.parse('2026-11-23T15:00:00Z');
const USER = {
  id: 7,
  email: 'a@example.com',
  username: 'a',
  name: 'A',
  first_name: 'A',
  last_name: 'B',
  phone: '1',
  ddi: '55',
  birth_date: '1990-05-14',
  gender: 'm',
  country: 'BR',
  language: 'pt',
  currency: 'BRL',
  document: {},
  country_data: {},
  wallet: {},
  token: 'x',
  is_active: true,
  cancelled_account: false,
  bonus_enabled: false,
  ftd_date: null,
  ftd_value: null,
  mother_name: 'M',
};
const INFO = {
  validate_email_at: null,
  login_at: '2026-11-23 10:00:00',
  login_attempt_qty: 0,
  seven_days_since_last_login: false,
  strong_password: true,
  force_request_kyc: false,
  two_factor_enabled: false,
};

const periods = fc.constantFrom('daily', 'weekly', 'monthly');
const amountSpelled = fc.oneof(
  fc.integer({ min: 0, max: 5000 }),
  fc.integer({ min: 0, max: 5000 }).map((n) => `${n}.00`),
  fc.integer({ min: 0, max: 5000 }).map((n) => ` ${n} `),
);
const flagSpelled = fc.constantFrom(1, 0, '1', '0', '1.00', '0.00', true, false, 'true', 'false');
/** A time `offsetMin` minutes from BASE, written one of the ways a server writes it. */
function written(ms: number, how: number): string {
  const iso = new Date(ms).toISOString(); // UTC
  const sp = new Date(ms - 3 * 3_600_000).toISOString(); // São Paulo wall clock (UTC-3)
  switch (how) {
    case 0:
      return `${sp.slice(0, 10)} ${sp.slice(11, 19)}`; // naive
    case 1:
      return sp.slice(0, 10); // bare date
    case 2:
      return `${iso.slice(0, 19)}Z`;
    case 3:
      return `${sp.slice(0, 19)}-03:00`;
    default:
      return `${new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 19)}+05:30`;
  }
}

const scenario = fc.record({
  kind: fc.constantFrom('deposit', 'bet', 'loss', 'time'),
  amount: amountSpelled,
  period: periods,
  active: flagSpelled,
  change: fc.record({ amount: amountSpelled, period: periods, active: flagSpelled }, { requiredKeys: [] }),
  bare: fc.boolean(),
  atMin: fc.integer({ min: -3000, max: 3000 }),
  how: fc.integer({ min: 0, max: 4 }),
  nowMin: fc.integer({ min: -3000, max: 3000 }),
});

describe('review 113: a raise waits (held)', () => {
  it('before the latest instant of its effective_at, the limit shown is never looser than the current one', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const at = written(BASE + s.atMin * 60_000, s.how);
        const key = `user_limit_${s.kind}`;
        const change = s.bare ? at : JSON.stringify({ ...s.change, effective_at: at });
        const userInfo = freeUserInfo({
          ...INFO,
          [key]: s.amount,
          [`${key}_active`]: s.active,
          [`${key}_period`]: s.period,
          [`${key}_change`]: change,
        });
        const parsed = parseResponse('getUserProfile', GET_USER_PROFILE.response, {
          user: USER,
          userInfo,
        }) as {
          userInfo: Record<string, unknown>;
        };
        const now = BASE + s.nowMin * 60_000;
        const r = restrictionsOf(parsed.userInfo, now, USER);
        const shown = r.limits[s.kind as 'bet'];
        const current = {
          amount: Number(String(s.amount).trim()),
          period: s.period,
          active: s.active as never,
        };
        expect(parseServerTime(at)).not.toBeNull();
        const before = now < latestTimeOf(at)! && shown.known;
        expect(before ? compareLimit(current, shown) : 'after', JSON.stringify({ s, at, shown })).not.toBe(
          'looser',
        );
        expect(!shown.known && r.canBet).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });
});
