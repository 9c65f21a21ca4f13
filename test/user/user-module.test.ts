import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AvailableYearsResponse, IncomeReportData, LoginHistoryResponse } from '../../src/index';
import { SEED_ACCOUNTS } from '../../src/testing/index';
import { signedIn, useReferenceServer } from '../support/server';

// The server's clock moves only when a test moves it (a report's progress included): no real waits.
let serverNow = Date.UTC(2030, 0, 1);
const ctx = useReferenceServer({ reportStepMs: 50, now: () => serverNow });

/** The seed user's password: the sensitive changes send it as `password_check` (step-up). */
const PASSWORD = SEED_ACCOUNTS.plain.password;

/** The one request the server saw, as `METHOD url`, with its body and auth header. */
function lastRequest() {
  const req = ctx.server.requests.at(-1);
  if (!req) throw new Error('the server saw no request');
  return { line: `${req.method} ${req.url}`, body: req.body, authorization: req.headers.authorization };
}

describe('createUserModule', () => {
  // Each row: the call, then what the server must have seen. All of spec 4.2 to 4.5.
  const writes = [
    {
      name: 'updateProfile',
      run: (u: ReturnType<typeof signedIn>['user'], id: number) =>
        u.updateProfile(id, { first_name: 'Ana', gender: 2, terms: true }),
      line: (id: number) => `POST /users/update/${id}`,
      body: { first_name: 'Ana', gender: 2, terms: true },
    },
    {
      name: 'updateEmail',
      run: (u: ReturnType<typeof signedIn>['user']) =>
        u.updateEmail({ email: 'ana@example.com', password_check: 'Secret123!' }),
      line: () => 'PATCH /bff/users/self-email',
      body: { email: 'ana@example.com', password_check: 'Secret123!' },
    },
    {
      name: 'addPhone',
      run: (u: ReturnType<typeof signedIn>['user']) =>
        u.addPhone({ phone: '11999990000', ddi: '55', kyc_id: 7, password_check: PASSWORD }),
      line: () => 'PATCH /bff/users/add-phone',
      body: { phone: '11999990000', ddi: '55', kyc_id: 7, password_check: PASSWORD },
    },
    {
      name: 'updateAddress',
      run: (u: ReturnType<typeof signedIn>['user']) =>
        u.updateAddress({
          street: 'Rua A, 1',
          city: 'São Paulo',
          state: 'SP',
          zipcode: '01000-000',
          password_check: PASSWORD,
        }),
      line: () => 'PATCH /bff/users/update-address',
      body: {
        street: 'Rua A, 1',
        city: 'São Paulo',
        state: 'SP',
        zipcode: '01000-000',
        password_check: PASSWORD,
      },
    },
    {
      name: 'updateContracts',
      run: (u: ReturnType<typeof signedIn>['user']) => u.updateContracts('lgpd'),
      line: () => 'PATCH /bff/users/self-contracts',
      body: { type: 'lgpd' },
    },
    {
      name: 'updateMarketing',
      run: (u: ReturnType<typeof signedIn>['user']) => u.updateMarketing({ mkt_accepted: false }),
      line: () => 'PATCH /bff/users/self-mkt',
      body: { mkt_accepted: false },
    },
    {
      name: 'changePassword',
      run: (u: ReturnType<typeof signedIn>['user'], id: number) =>
        u.changePassword(id, {
          old_password: 'Secret123!',
          password: 'Newer456!',
          password_confirmation: 'Newer456!',
        }),
      line: (id: number) => `POST /users/change-password/${id}`,
      body: { old_password: 'Secret123!', password: 'Newer456!', password_confirmation: 'Newer456!' },
    },
    {
      name: 'toggleTwoFactor',
      run: (u: ReturnType<typeof signedIn>['user']) => u.toggleTwoFactor({ type: 'sms', enabled: true }),
      line: () => 'PATCH /bff/users/self-two-factor',
      body: { type: 'sms', enabled: true },
    },
    {
      name: 'connectSocial',
      run: (u: ReturnType<typeof signedIn>['user']) => u.connectSocial('facebook'),
      line: () => 'POST /bff/users/account-social/connect/facebook',
      body: undefined,
    },
    {
      name: 'disconnectSocial',
      run: (u: ReturnType<typeof signedIn>['user']) => u.disconnectSocial(1),
      line: () => 'DELETE /bff/users/account-social/1',
      body: undefined,
    },
    {
      name: 'updateLimits',
      run: (u: ReturnType<typeof signedIn>['user']) =>
        u.updateLimits({
          user_limit_deposit: 500,
          user_limit_deposit_active: 1,
          user_limit_deposit_period: 'weekly',
        }),
      line: () => 'PATCH /bff/users/update-limits',
      body: { user_limit_deposit: 500, user_limit_deposit_active: 1, user_limit_deposit_period: 'weekly' },
    },
    {
      name: 'setTimeoutLimits',
      run: (u: ReturnType<typeof signedIn>['user']) =>
        u.setTimeoutLimits({ user_pause: 7, reason: 2, password_check: PASSWORD }),
      line: () => 'PATCH /bff/users/timeout-limits',
      body: { user_pause: 7, reason: 2, password_check: PASSWORD },
    },
    {
      name: 'setSelfExclusion',
      run: (u: ReturnType<typeof signedIn>['user']) =>
        u.setSelfExclusion({ user_exclusion: -1, reason: 3, password_check: PASSWORD }),
      line: () => 'PATCH /bff/users/self-exclusion',
      body: { user_exclusion: -1, reason: 3, password_check: PASSWORD },
    },
  ];

  for (const row of writes) {
    it(`${row.name} sends ${row.line(1).split(' ')[0]} with the bearer token and the validated body`, async () => {
      const { user, token } = signedIn(ctx.server);
      const id = ctx.server.seed.plain.id;
      const answer = await row.run(user, id);
      expect(answer).toBeDefined();
      expect(lastRequest()).toEqual({ line: row.line(id), body: row.body, authorization: `Bearer ${token}` });
    });
  }

  it('stores what the writes changed, as the profile shows afterwards', async () => {
    const { user, auth } = signedIn(ctx.server);
    await user.updateLimits({
      user_limit_loss: 120,
      user_limit_loss_active: 1,
      user_limit_loss_period: 'daily',
    });
    await user.setTimeoutLimits({ user_pause: 3, reason: 1, password_check: PASSWORD });
    const { userInfo } = await auth.getUserProfile();
    expect(userInfo).toMatchObject({
      user_limit_loss: 120,
      user_limit_loss_active: 1,
      user_limit_loss_period: 'daily',
      user_pause: 3,
    });
  });

  it('getAddress reads GET /bff/users/address-by-user and keeps every key', async () => {
    const { user } = signedIn(ctx.server);
    const address = await user.getAddress();
    expect(address).toEqual(
      expect.objectContaining({ street: expect.any(String), zipcode: expect.any(String) }),
    );
    expect(lastRequest().line).toBe('GET /bff/users/address-by-user');
  });

  it('checkPassword posts { password } and returns { success }', async () => {
    const { user } = signedIn(ctx.server);
    await expect(user.checkPassword({ password: ctx.server.seed.plain.password })).resolves.toEqual({
      success: true,
    });
    await expect(user.checkPassword({ password: 'nope' })).resolves.toEqual({ success: false });
    expect(lastRequest()).toMatchObject({
      line: 'POST /bff/users/check-password',
      body: { password: 'nope' },
    });
  });

  it('getSocialAccounts reads an array of accounts', async () => {
    const { user } = signedIn(ctx.server);
    const accounts = await user.getSocialAccounts();
    expect(Array.isArray(accounts)).toBe(true);
    expect(accounts[0]).toEqual(expect.objectContaining({ id: 1 }));
    expect(lastRequest().line).toBe('GET /bff/users/account-social');
  });

  it('getLoginHistory defaults to page 1 and pages through', async () => {
    const { user } = signedIn(ctx.server);
    const first = await user.getLoginHistory();
    expectTypeOf(first).toEqualTypeOf<LoginHistoryResponse>();
    expect(lastRequest().line).toBe('GET /bff/users/login-history?page=1');
    expect(first).toMatchObject({ current_page: 1, per_page: 15 });
    expect(first.data).toHaveLength(15);
    const last = await user.getLoginHistory(first.last_page);
    expect(lastRequest().line).toBe(`GET /bff/users/login-history?page=${first.last_page}`);
    expect(last.current_page).toBe(first.last_page);
    expect(first.data?.[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), ip: expect.any(String) }),
    );
  });

  it('generates an income report and polls it to completion', async () => {
    const { user } = signedIn(ctx.server);
    const { years } = await user.getAvailableYears();
    expectTypeOf(years).toEqualTypeOf<AvailableYearsResponse['years']>();
    expect(lastRequest().line).toBe('GET /income-report/available-years');
    const year = years.find((y) => y !== 2024)!;
    const report = await user.generateIncomeReport({ reference_year: year, type: 'download' });
    expectTypeOf(report).toEqualTypeOf<IncomeReportData>();
    expect(lastRequest()).toMatchObject({
      line: 'POST /income-report/generate',
      body: { reference_year: year, type: 'download' },
    });
    expect(report.status).toBe(1);

    let status = report;
    for (let i = 0; i < 50 && status.status !== 3; i++) {
      serverNow += 20; // the report moves on with the server's clock
      status = await user.getIncomeReportStatus(report.id);
    }
    expect(lastRequest().line).toBe(`GET /income-report/${report.id}`);
    expect(status.status).toBe(3);
    expect(status.download_url).toBe(`/income-report/${report.id}/file`);
  });
});
