// Probe (holds): pure functions of the core entry behave as API.md says.
import {
  initialRefreshState,
  isPamError,
  markRefreshCompleted,
  markRefreshStarted,
  markTokenSaved,
  missingMandatoryLimits,
  REFRESH_INTERVAL_MS,
  restrictionsOf,
  shouldRefreshToken,
  transformWalletResponse,
} from 'pam-client';
import { describe, expect, test } from 'vitest';

describe('refresh state', () => {
  const T = 1_800_000_000_000;
  test('due after 6 h, not before; in flight blocks; lost after 60 s', () => {
    const s = markTokenSaved(T);
    expect(shouldRefreshToken(s, T + REFRESH_INTERVAL_MS - 1)).toBe(false);
    expect(shouldRefreshToken(s, T + REFRESH_INTERVAL_MS)).toBe(true);
    const f = markRefreshStarted(s, T + REFRESH_INTERVAL_MS);
    expect(shouldRefreshToken(f, T + REFRESH_INTERVAL_MS + 1000)).toBe(false);
    expect(shouldRefreshToken(f, T + REFRESH_INTERVAL_MS + 60_001)).toBe(true);
    expect(Object.isFrozen(initialRefreshState)).toBe(true);
    expect(shouldRefreshToken(initialRefreshState, T)).toBe(false);
  });
  test('backoff 30 s doubling capped 15 min', () => {
    let s = markRefreshStarted(markTokenSaved(T), T + REFRESH_INTERVAL_MS);
    let now = T + REFRESH_INTERVAL_MS;
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      s = markRefreshCompleted(s, false, now);
      let w = 0;
      while (!shouldRefreshToken(s, now + w)) w += 1000;
      waits.push(w);
      now += w;
      s = markRefreshStarted(s, now);
    }
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000]);
    s = markRefreshCompleted(s, true, now);
    expect(shouldRefreshToken(s, now + REFRESH_INTERVAL_MS - 1)).toBe(false);
  });
  test('pure: input not mutated', () => {
    const s = markTokenSaved(T);
    const c = { ...s };
    markRefreshStarted(s, T + 1);
    markRefreshCompleted(s, false, T + 2);
    expect(s).toEqual(c);
  });
});

describe('wallet', () => {
  test.each([null, undefined, 'x', 1, true, []])('non-object %s throws typed', (v) => {
    let e: unknown;
    try {
      transformWalletResponse(v);
    } catch (x) {
      e = x;
    }
    expect(isPamError(e) && (e as { code: string }).code).toBe('invalid_response');
  });
  test('forms', () => {
    const w = transformWalletResponse({
      real: { credit: '10.5', withdraw_enabled: '1', wallet_id: 3 },
      bonus: { creditHold: '7' },
    });
    expect(w.real.credit).toBe(10.5);
    expect(w.real.withdrawEnabled).toBe(true);
    expect(w.real.walletId).toBe(3);
    expect(w.cashback.credit).toBe(0);
  });
});

describe('restrictions fail closed', () => {
  const NOW = Date.parse('2026-06-01T12:00:00Z');
  const base = {
    spa_exclusion: 0,
    operator_exclusion: 0,
    user_exclusion: 0,
    user_pause: 0,
    user_limit_deposit: null,
    user_limit_deposit_active: 0,
    user_limit_deposit_period: null,
    user_limit_bet: null,
    user_limit_bet_active: 0,
    user_limit_bet_period: null,
    user_limit_loss: 100,
    user_limit_loss_active: 1,
    user_limit_loss_period: 'daily',
    user_limit_time: 60,
    user_limit_time_active: 1,
    user_limit_time_period: 'daily',
  };
  test('base free', () => expect(restrictionsOf(base, NOW).canBet).toBe(true));
  test.each([
    ['spa "1"', { spa_exclusion: '1' }],
    ['spa true', { spa_exclusion: true }],
    ['spa 2', { spa_exclusion: 2 }],
    ['spa "yes"', { spa_exclusion: 'yes' }],
    ['spa []', { spa_exclusion: [] }],
    ['spa {}', { spa_exclusion: {} }],
    ['op " 1 "', { operator_exclusion: ' 1 ' }],
    ['excl 6 no dates', { user_exclusion: 6 }],
    ['excl -1', { user_exclusion: -1 }],
    ['excl "-1"', { user_exclusion: '-1' }],
    ['pause 7 no dates', { user_pause: 7 }],
    ['pause "" with in ahead', { user_pause: '', user_pause_in: '2026-06-05 00:00:00' }],
    ['pause 0 with in ahead', { user_pause: 0, user_pause_in: '2026-06-05 00:00:00' }],
    [
      'pause null with at ahead',
      { user_pause: null, user_pause_at: '2026-06-01 10:00:00', user_pause_in: '2026-06-05 00:00:00' },
    ],
    ['excl 0 with min ahead', { user_exclusion: 0, user_exclusion_min: '2027-01-01' }],
    ['spa 0 at ahead', { spa_exclusion: 0, spa_exclusion_at: '2026-06-02 00:00:00' }],
    ['bet limit 0', { user_limit_bet: 0, user_limit_bet_active: 1, user_limit_bet_period: 'daily' }],
    ['loss limit "0"', { user_limit_loss: '0', user_limit_loss_active: '1' }],
    ['loss limit 0.00', { user_limit_loss: '0.00' }],
    ['loss active missing', { user_limit_loss_active: undefined }],
    ['pause with in only ahead', { user_pause: 7, user_pause_in: '2026-06-05T00:00:00Z' }],
  ])('%s blocks betting', (_n, patch) => {
    const r = restrictionsOf({ ...base, ...patch }, NOW);
    expect(r.canBet).toBe(false);
  });
  test('missing mandatory when loss off', () => {
    expect(missingMandatoryLimits({ ...base, user_limit_loss_active: 0 }, NOW)).toContain('loss');
    expect(missingMandatoryLimits({ ...base, user_limit_time: null }, NOW)).toContain('time');
    expect(missingMandatoryLimits({ ...base, user_limit_time_period: 'hourly' }, NOW)).toContain('time');
  });
});
