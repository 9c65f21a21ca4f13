import { describe, expect, it } from 'vitest';
import type { RequestValidationError, UserModule } from '../../src/index';
import { refusedPaths } from '../support/refused';
import { signedIn, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

// biome-ignore lint/suspicious/noExplicitAny: the point is to pass what the types forbid
type Loose = any;

/** Runs a call that must be refused locally: a RequestValidationError naming `path`, nothing sent. */
async function expectRefused(run: (user: UserModule) => Promise<unknown>, path: string) {
  const { user } = signedIn(ctx.server);
  expect(await refusedPaths(run(user), ctx.server)).toContain(path);
}

describe('request validation (nothing is sent)', () => {
  describe('setTimeoutLimits: user_pause is an integer 1..45', () => {
    for (const days of [0, 46, -1, 1.5, Number.NaN, '7', null]) {
      it(`refuses user_pause ${String(days)}`, () =>
        expectRefused((u) => u.setTimeoutLimits({ user_pause: days as Loose, reason: 1 }), 'user_pause'));
    }
    for (const days of [1, 45]) {
      it(`accepts user_pause ${days}`, async () => {
        const { user } = signedIn(ctx.server);
        const password_check = ctx.server.seed.plain.password;
        await user.setTimeoutLimits({ user_pause: days, reason: 1, password_check });
        expect(ctx.server.requests.map((r) => r.body)).toEqual([
          { user_pause: days, reason: 1, password_check },
        ]);
      });
    }
    it('refuses a fractional reason', () =>
      expectRefused((u) => u.setTimeoutLimits({ user_pause: 3, reason: 0.5 }), 'reason'));
  });

  describe('setSelfExclusion: 3, 6, 12, 24, 36, 60 months or -1', () => {
    for (const months of [0, 1, 2, 4, 48, 61, -2, 12.5, '12']) {
      it(`refuses user_exclusion ${String(months)}`, () =>
        expectRefused(
          (u) => u.setSelfExclusion({ user_exclusion: months as Loose, reason: 1 }),
          'user_exclusion',
        ));
    }
    for (const months of [-1, 3, 60] as const) {
      it(`accepts user_exclusion ${months}`, async () => {
        const { user } = signedIn(ctx.server);
        await user.setSelfExclusion({
          user_exclusion: months,
          reason: 1,
          password_check: ctx.server.seed.plain.password,
        });
        expect(ctx.server.requests).toHaveLength(1);
      });
    }
  });

  describe('updateLimits', () => {
    it('refuses a period other than daily/weekly/monthly', () =>
      expectRefused(
        (u) => u.updateLimits({ user_limit_bet: 10, user_limit_bet_period: 'yearly' as Loose }),
        'user_limit_bet_period',
      ));
    for (const amount of [-0.01, Number.POSITIVE_INFINITY, Number.NaN, '100']) {
      it(`refuses the amount ${String(amount)}`, () =>
        expectRefused((u) => u.updateLimits({ user_limit_loss: amount as Loose }), 'user_limit_loss'));
    }
    it('refuses an *_active flag other than 0 or 1', () =>
      expectRefused(
        (u) => u.updateLimits({ user_limit_time: 60, user_limit_time_active: 2 as Loose }),
        'user_limit_time_active',
      ));
    it('refuses a misspelt key instead of dropping it', () =>
      expectRefused((u) => u.updateLimits({ user_limit_depositt: 100 } as Loose), 'user_limit_depositt'));
    it('refuses a payload that sets no limit', () => expectRefused((u) => u.updateLimits({ kyc_id: 3 }), ''));
    it('accepts a zero amount', async () => {
      const { user } = signedIn(ctx.server);
      await user.updateLimits({ user_limit_deposit: 0, user_limit_deposit_active: 0 });
      expect(ctx.server.requests).toHaveLength(1);
    });
  });

  describe('enums', () => {
    it('refuses an unknown contract type', () =>
      expectRefused((u) => u.updateContracts('tos' as Loose), 'type'));
    it('refuses an unknown two-factor method', () =>
      expectRefused((u) => u.toggleTwoFactor({ type: 'push' as Loose, enabled: true }), 'type'));
    it('refuses an unknown report delivery type', () =>
      expectRefused((u) => u.generateIncomeReport({ reference_year: 2025, type: 'pdf' as Loose }), 'type'));
    it('refuses a fractional reference year', () =>
      expectRefused(
        (u) => u.generateIncomeReport({ reference_year: 2024.5, type: 'email' }),
        'reference_year',
      ));
  });

  describe('path segments', () => {
    for (const id of [0, -1, 1.5, Number.NaN, '1', '1/../../auth/logout', null]) {
      it(`refuses the id ${JSON.stringify(id)} in every {id} route`, async () => {
        await expectRefused((u) => u.updateProfile(id as Loose, { first_name: 'x' }), 'id');
        await expectRefused(
          (u) =>
            u.changePassword(id as Loose, { old_password: 'a', password: 'b', password_confirmation: 'b' }),
          'id',
        );
        await expectRefused((u) => u.disconnectSocial(id as Loose), 'id');
        await expectRefused((u) => u.getIncomeReportStatus(id as Loose), 'id');
      });
    }
    for (const type of ['Google', '', 'a'.repeat(33), '../admin', 'face book', 'x?y=1', 'é']) {
      it(`refuses the social type ${JSON.stringify(type)}`, () =>
        expectRefused((u) => u.connectSocial(type), 'type'));
    }
    it('accepts a social type at the edge of the pattern', async () => {
      const { user } = signedIn(ctx.server);
      await user.connectSocial('a'.repeat(32));
      expect(ctx.server.requests[0]?.path).toBe(`/bff/users/account-social/connect/${'a'.repeat(32)}`);
    });
    for (const page of [0, -2, 1.5, '2']) {
      it(`refuses the login-history page ${JSON.stringify(page)}`, () =>
        expectRefused((u) => u.getLoginHistory(page as Loose), 'page'));
    }
  });

  describe('unknown keys and missing fields', () => {
    const cases: [string, (u: UserModule) => Promise<unknown>, string][] = [
      ['updateProfile', (u) => u.updateProfile(1, { nickname: 'x' } as Loose), 'nickname'],
      ['updateEmail', (u) => u.updateEmail({ email: 'a@b.co', confirm: true } as Loose), 'confirm'],
      ['updateEmail (not an e-mail)', (u) => u.updateEmail({ email: 'not-an-email' }), 'email'],
      ['addPhone (no ddi)', (u) => u.addPhone({ phone: '1199' } as Loose), 'ddi'],
      [
        'updateAddress (no zipcode)',
        (u) => u.updateAddress({ street: 's', city: 'c', state: 'st' } as Loose),
        'zipcode',
      ],
      ['updateMarketing', (u) => u.updateMarketing({ mkt_accepted: 'yes' as Loose }), 'mkt_accepted'],
      ['checkPassword', (u) => u.checkPassword({ password: 'x', old: 'y' } as Loose), 'old'],
      [
        'changePassword (confirmation differs)',
        (u) => u.changePassword(1, { old_password: 'a', password: 'b', password_confirmation: 'c' }),
        'password_confirmation',
      ],
      ['setTimeoutLimits', (u) => u.setTimeoutLimits({ user_pause: 3, reason: 1, days: 3 } as Loose), 'days'],
      ['setSelfExclusion (no reason)', (u) => u.setSelfExclusion({ user_exclusion: 6 } as Loose), 'reason'],
      [
        'generateIncomeReport',
        (u) => u.generateIncomeReport({ reference_year: 2025, type: 'email', x: 1 } as Loose),
        'x',
      ],
    ];
    for (const [name, run, path] of cases) {
      it(`${name} is refused at ${path}`, () => expectRefused(run, path));
    }
  });

  it('describes the problem without echoing the value', async () => {
    const { user } = signedIn(ctx.server);
    const error = (await user
      .changePassword(1, {
        old_password: 'Old-Secret-1',
        password: 'New-Secret-2',
        password_confirmation: 'New-Secret-3',
      })
      .catch((e) => e)) as RequestValidationError;
    expect(error.code).toBe('invalid_request');
    expect(error.message).toBe('Invalid changePassword request: password_confirmation: must match password');
    expect(JSON.stringify(error)).not.toMatch(/Secret-/);
  });
});
