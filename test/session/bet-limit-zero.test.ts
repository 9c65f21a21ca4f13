// REVIEW29A-1 (HIGH, fail open): a bet limit of 0, active, is "a limit that allows nothing"
// (docs/responsible-gaming.md, "Amount 0 is a limit that allows nothing"), yet `canBet` stays
// true, in `restrictionsOf` and in the session's view. A time limit of 0 bars betting at once
// (play time reached); a bet limit of 0 is as certain: no stake fits in it.
import { restrictionsOf } from 'pam-client';
import { createPamClient } from 'pam-client/machines';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { until } from '../support/until-view';

const NONE = {
  user_pause: 0,
  user_pause_at: null,
  user_pause_in: null,
  user_pause_min: null,
  user_exclusion: 0,
  user_exclusion_at: null,
  user_exclusion_in: null,
  user_exclusion_min: null,
  operator_exclusion: 0,
  operator_exclusion_at: null,
  operator_exclusion_note: '',
  spa_exclusion: 0,
  spa_exclusion_at: null,
  spa_exclusion_note: '',
  ...Object.fromEntries(
    ['deposit', 'bet', 'loss', 'time'].flatMap((k) => [
      [`user_limit_${k}`, null],
      [`user_limit_${k}_active`, 0],
      [`user_limit_${k}_period`, null],
      [`user_limit_${k}_change`, null],
    ]),
  ),
};

describe('REVIEW29A-1: a bet limit of 0 allows no bet', () => {
  test('restrictionsOf: an active daily bet limit of 0 gives canBet false', () => {
    const r = restrictionsOf(
      { ...NONE, user_limit_bet: 0, user_limit_bet_active: 1, user_limit_bet_period: 'daily' },
      Date.UTC(2026, 11, 2, 15),
    );
    expect(r.known).toBe(true);
    expect(r.limits.bet).toMatchObject({ amount: 0, active: true });
    expect(r.canBet).toBe(false);
  });

  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  beforeAll(async () => {
    server = await startReferenceServer();
  });
  afterAll(() => server.close());

  test('the view: a player who sets a bet limit of 0 is not shown free to bet', async () => {
    const client = createPamClient({ baseURL: server.url, environment: { channel: null } });
    try {
      client.login({ login: server.seed.plain.email, password: server.seed.plain.password });
      await until(client, (v) => v.restrictions?.status === 'current');
      await client.user.updateLimits({
        user_limit_bet: 0,
        user_limit_bet_active: 1,
        user_limit_bet_period: 'daily',
      });
      const view = await until(
        client,
        (v) =>
          v.restrictions?.status === 'current' &&
          v.restrictions.limits.bet.active &&
          v.restrictions.limits.bet.amount === 0,
      );
      expect(view.restrictions?.limits.bet).toMatchObject({ amount: 0, active: true, known: true });
      expect(view.restrictions?.canBet).toBe(false);
    } finally {
      client.stop();
    }
  });
});
