// REVIEW30 R30-1 (MED): a restriction whose start or end the service writes as a bare date
// (`YYYY-MM-DD`, a DATE column) is read as that day's São Paulo midnight (+10 h of zone slack for
// an end), so a pause or self-exclusion asked late in the day is shown over up to ~14 hours before
// it ends: `canBet` true for a player still barred. A bare date only says "some time that day":
// failing closed, an end (`_in`, a derived end from `_at` + length) holds until the latest instant
// of that day may mean, never its first.
// Root cause: src/responsible-gaming/time.ts `lateBy` (a bare date gets the same 10 h as a naive
// timestamp, not the day's 24 h on top) and src/responsible-gaming/restriction-fields.ts `selfOf`
// (`until = since + n days + lateBy(at)`).

import { restrictionsOf } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { userInfo } from './user-info';

// 11:00 in São Paulo on 2026-12-09.
const NOW = Date.parse('2026-12-09T14:00:00Z');

describe('R30-1: a bare-date start or end never frees a player before the day it names is over', () => {
  it('control: the same profile with nothing set is free to bet', () => {
    expect(restrictionsOf(userInfo({}), NOW).canBet).toBe(true);
  });

  it('control: the same 7-day pause asked at 23:00 on 2026-12-02, written in full, still bars at 11:00 on 12-09', () => {
    const r = restrictionsOf(userInfo({ user_pause: 7, user_pause_at: '2026-12-02 23:00:00' }), NOW);
    expect(r.canBet).toBe(false);
    expect(r.inForce.map((x) => x.kind)).toEqual(['pause']);
  });

  it('a 7-day pause whose start is written as the bare date 2026-12-02 still bars at 11:00 on 12-09', () => {
    // The pause may have been asked at 23:59 on 12-02: it may run until 23:59 on 12-09.
    const r = restrictionsOf(userInfo({ user_pause: 7, user_pause_at: '2026-12-02' }), NOW);
    expect(r.canBet).toBe(false);
    expect(r.inForce.map((x) => x.kind)).toContain('pause');
  });

  it('a pause whose end is written as the bare date 2026-12-09 still bars at 11:00 on that day', () => {
    const r = restrictionsOf(userInfo({ user_pause: 7, user_pause_in: '2026-12-09' }), NOW);
    expect(r.canBet).toBe(false);
    expect(r.inForce.map((x) => x.kind)).toContain('pause');
  });

  it('a 3-month self-exclusion from the bare date 2026-09-09 still blocks the account at 11:00 on 12-09', () => {
    const r = restrictionsOf(userInfo({ user_exclusion: 3, user_exclusion_at: '2026-09-09' }), NOW);
    expect(r.canBet).toBe(false);
    expect(r.accountBlocked).toBe(true);
  });

  it('a looser bet-limit change effective on the bare date 2026-12-09 is not applied at 11:00 that day', () => {
    // Asked at 23:00 on 12-08 with the reference server's 24 h wait: due at 23:00 on 12-09, its
    // DATE column says only '2026-12-09'. Until the day is over the stricter limit may hold.
    const r = restrictionsOf(
      userInfo({
        user_limit_bet: 100,
        user_limit_bet_change: JSON.stringify({ amount: 1000, effective_at: '2026-12-09' }),
      }),
      NOW,
    );
    expect(r.limits.bet.amount).toBe(100);
  });
});
