// REVIEW29B (regression, outage): a pending limit change written as a bare timestamp (the form
// docs/responsible-gaming.md's table still accepts: "a change then, values unknown") is now timed
// as one that may tighten, 18 hours BEFORE its São Paulo reading (`earliestTimeOf`), and once
// "due" its unknown values make the limit unknown: `canBet` false. Only a looser change is ever
// pending on the server (a stricter one applies at once: limits-routes, "an increase takes effect
// in 24 hours"), so every player who raised a limit is barred from 6 hours after asking until a
// read after it took effect: at least 18 hours of "cannot bet" the server never imposed. Before
// this pass the same read was free to bet (the old limit shown; by reading bbafd7cd). Root:
// src/responsible-gaming/restrictions.ts `limitOf` (values unknown -> earliest; unknown once due).
import { restrictionsOf } from 'pam-client';
import { describe, expect, test } from 'vitest';
import { freeUserInfo } from '../support/free-user-info';

describe('REVIEW29B: a bare-timestamp limit change bars betting hours before it exists', () => {
  test('a loss limit of 100 with a change at tomorrow 13:00 is not unknown 17 hours before', () => {
    const userInfo = freeUserInfo({
      user_limit_loss: 100,
      user_limit_loss_active: 1,
      user_limit_loss_period: 'monthly',
      user_limit_loss_change: '2026-12-03 13:00:00',
    });
    // 17 hours before 2026-12-03 13:00 São Paulo (16:00Z): the server still holds 100 a month.
    const now = Date.parse('2026-12-02T23:00:00Z');
    const r = restrictionsOf(userInfo, now);
    expect(r.unreadable).toEqual([]);
    expect(r.limits.loss).toMatchObject({ amount: 100, known: true });
    expect(r.canBet).toBe(true);
  });
});
