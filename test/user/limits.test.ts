import { describe, expect, it } from 'vitest';
import { createOfetchAdapter, getUserProfile, updateLimits } from '../../src/index';
import { UpdateLimitsPayload } from '../../src/schemas/index';
import { REAL_TIME_TIMEOUT_MS, signedIn, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

const KINDS = ['deposit', 'bet', 'loss', 'time'] as const;

/** The seed user's adapter, signed in, as an app that imports standalone operations holds it. */
function adapter() {
  const token = ctx.server.issueToken(ctx.server.seed.plain.id);
  return createOfetchAdapter({
    baseURL: ctx.server.url,
    getAccessToken: () => token,
    timeout: REAL_TIME_TIMEOUT_MS,
  });
}

describe('updateLimits: an amount without its *_active flag is an active limit', () => {
  for (const kind of KINDS) {
    it(`stores user_limit_${kind}_active = 1 when only the ${kind} amount is sent`, async () => {
      const http = adapter();
      const password_check = ctx.server.seed.plain.password;
      // Start from a switched-off limit, so an absent flag left alone would stay 0.
      await updateLimits(http, {
        [`user_limit_${kind}`]: 10,
        [`user_limit_${kind}_active`]: 0,
        password_check,
      });
      expect((await getUserProfile(http)).userInfo[`user_limit_${kind}_active`]).toBe(0);

      await updateLimits(http, { [`user_limit_${kind}`]: 5 });

      expect(ctx.server.requests.at(-1)?.body).toEqual({
        [`user_limit_${kind}`]: 5,
        [`user_limit_${kind}_active`]: 1,
      });
      const { userInfo } = await getUserProfile(http);
      expect(userInfo[`user_limit_${kind}`]).toBe(5);
      expect(userInfo[`user_limit_${kind}_active`]).toBe(1);
    });
  }

  it('does the same through createUserModule, for every kind in one payload', async () => {
    const { user, auth } = signedIn(ctx.server);
    await user.updateLimits({
      user_limit_deposit: 300,
      user_limit_bet: 40,
      user_limit_loss: 200,
      user_limit_time: 90,
      user_limit_time_period: 'daily',
    });
    const { userInfo } = await auth.getUserProfile();
    for (const kind of KINDS) expect(userInfo[`user_limit_${kind}_active`]).toBe(1);
    expect(userInfo.user_limit_time_period).toBe('daily');
  });

  it('keeps a flag that is given, and adds none without an amount', async () => {
    const { user } = signedIn(ctx.server);
    await user.updateLimits({
      user_limit_deposit: 100,
      user_limit_deposit_active: 0,
      user_limit_bet_period: 'weekly',
      password_check: ctx.server.seed.plain.password,
    });
    expect(ctx.server.requests.at(-1)?.body).toEqual({
      user_limit_deposit: 100,
      user_limit_deposit_active: 0,
      user_limit_bet_period: 'weekly',
      password_check: ctx.server.seed.plain.password,
    });
  });

  it('is what the schema itself answers, so the types and the wire agree', () => {
    expect(UpdateLimitsPayload.parse({ user_limit_loss: 50 })).toEqual({
      user_limit_loss: 50,
      user_limit_loss_active: 1,
    });
    expect(UpdateLimitsPayload.parse({ user_limit_loss_period: 'monthly' })).toEqual({
      user_limit_loss_period: 'monthly',
    });
  });
});
