// REVIEW29A-6 (LOW, fail open in a window): a LOOSER limit change that changes the period (weekly
// 60 min to daily 60 min: 420 min a week) is applied at its naive `effective_at` read as São Paulo
// time, while a looser change of the amount alone is held to the latest instant that naive time may
// mean (+10 h, docs/responsible-gaming.md, REVIEW-R R-4). An API writing naive times west of São
// Paulo (UTC-04:00 to -12:00) shows the looser limit up to 9 hours before the server applies it.
// The comment in src/responsible-gaming/restrictions.ts (`limitOf`) says "as shipped".
import { compareLimit, restrictionsOf } from 'pam-client';
import { describe, expect, test } from 'vitest';
import { defaultLimits } from '../../src/testing/seed';

/** 12:00 in São Paulo (15:00 UTC), 2 Dec 2026. */
const NOW = Date.UTC(2026, 11, 2, 15);
// The spec's defaults (src/testing/seed.ts), every limit set below.
const info: Record<string, unknown> = { ...defaultLimits() };
for (const kind of ['deposit', 'bet', 'loss', 'time']) {
  info[`user_limit_${kind}`] = 60;
  info[`user_limit_${kind}_active`] = 1;
  info[`user_limit_${kind}_period`] = 'weekly';
  info[`user_limit_${kind}_change`] = null;
}
// One hour ago read as São Paulo time: within the 10 hours a naive time may still be ahead.
const EFFECTIVE = '2026-12-02 11:00:00';

describe('REVIEW29A-6: a looser change of period held like a looser change of amount', () => {
  test('the two changes are both looser', () => {
    const current = { amount: 60, period: 'weekly', active: true } as const;
    expect(compareLimit(current, { amount: 60, period: 'daily', active: true })).toBe('looser');
    expect(compareLimit(current, { amount: 600, period: 'weekly', active: true })).toBe('looser');
  });

  test('a raise of the amount is held (the weekly 60 still shows)', () => {
    const change = JSON.stringify({ amount: 600, period: 'weekly', active: 1, effective_at: EFFECTIVE });
    expect(restrictionsOf({ ...info, user_limit_time_change: change }, NOW).limits.time).toMatchObject({
      amount: 60,
      period: 'weekly',
    });
  });

  test('a change to a looser period is held too', () => {
    const change = JSON.stringify({ amount: 60, period: 'daily', active: 1, effective_at: EFFECTIVE });
    expect(restrictionsOf({ ...info, user_limit_time_change: change }, NOW).limits.time).toMatchObject({
      amount: 60,
      period: 'weekly',
    });
  });
});
