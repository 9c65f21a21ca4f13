import { type ReferenceServer, SEED_ACCOUNTS, startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Answer, call, INVALID, login, manualClock } from './helpers';

const { plain, twoFactor } = SEED_ACCOUNTS;
const PROFILE = '/auth/user-profile?check_spa_again=1';

describe('reference server: user area', () => {
  const clock = manualClock();
  let server: ReferenceServer;
  let token: string;

  const as = (method: string, path: string, body?: unknown): Promise<Answer> =>
    call(server, method, path, { token, body });
  const profile = async () => (await as('GET', PROFILE)).json;

  beforeAll(async () => {
    server = await startReferenceServer({ now: clock.now, reportStepMs: 1000 });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    clock.set(clock.start);
    server.reset();
    token = server.issueToken(plain.id);
  });

  it('bounds the pause to 1..45 days', async () => {
    for (const user_pause of [0, 46, 1.5, '10']) {
      const res = await as('PATCH', '/bff/users/timeout-limits', { user_pause, reason: 1 });
      expect(res.status).toBe(422);
      expect(res.json.message).toBe(INVALID);
      expect(Object.keys(res.json.errors)).toEqual(['user_pause']);
    }
    for (const user_pause of [1, 45]) {
      const res = await as('PATCH', '/bff/users/timeout-limits', {
        user_pause,
        reason: 2,
        password_check: plain.password,
      });
      expect(res.status).toBe(200);
      expect(res.json.success).toBe(true);
    }
    const info = (await profile()).userInfo;
    expect(info.user_pause).toBe(45);
    // 2025-03-01T12:00:00Z is 09:00 in São Paulo (UTC-3): naive local timestamps.
    expect(info.user_pause_at).toBe('2025-03-01 09:00:00');
    expect(info.user_pause_in).toBe('2025-04-15 09:00:00');
    expect(info.user_pause_min).toBeNull();
  });

  it('allows self-exclusion for 3, 6, 12, 24, 36, 60 months or -1 only', async () => {
    for (const user_exclusion of [2, 0, 13, -2]) {
      const res = await as('PATCH', '/bff/users/self-exclusion', { user_exclusion, reason: 1 });
      expect(res.status).toBe(422);
      expect(res.json.errors.user_exclusion).toHaveLength(1);
    }
    const password_check = plain.password;
    const sixty = await as('PATCH', '/bff/users/self-exclusion', {
      user_exclusion: 60,
      reason: 1,
      password_check,
    });
    expect(sixty.status).toBe(200);
    expect((await profile()).userInfo).toMatchObject({
      user_exclusion: 60,
      user_exclusion_at: '2025-03-01 09:00:00',
      user_exclusion_in: '2030-03-01 09:00:00',
      user_exclusion_min: null,
    });
    const forever = await as('PATCH', '/bff/users/self-exclusion', {
      user_exclusion: -1,
      reason: 1,
      password_check,
    });
    expect(forever.status).toBe(200);
    const info = (await profile()).userInfo;
    expect(info.user_exclusion).toBe(-1);
    expect(info.user_exclusion_in).toBeNull();
    const missing = await as('PATCH', '/bff/users/self-exclusion', { user_exclusion: 3 });
    expect(missing.json.errors).toEqual({ reason: ['The reason field is required.'] });
  });

  it('validates and stores deposit, bet, loss and time limits', async () => {
    const bad = await as('PATCH', '/bff/users/update-limits', {
      user_limit_deposit_period: 'yearly',
      user_limit_bet: -1,
      user_limit_loss_active: 2,
      user_limit_depositt: 10,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual([
      'user_limit_bet',
      'user_limit_deposit_period',
      'user_limit_depositt',
      'user_limit_loss_active',
    ]);
    const ok = await as('PATCH', '/bff/users/update-limits', {
      user_limit_deposit: 500,
      user_limit_deposit_active: 1,
      user_limit_deposit_period: 'weekly',
      user_limit_time_period: 'daily',
    });
    expect(ok.status).toBe(200);
    const info = (await profile()).userInfo;
    expect(info).toMatchObject({
      user_limit_deposit: 500,
      user_limit_deposit_active: 1,
      user_limit_deposit_period: 'weekly',
      // Stricter than no limit: applied at once, nothing pending.
      user_limit_deposit_change: null,
      user_limit_time_period: 'daily',
      user_limit_bet: 0,
      user_limit_bet_change: null,
    });
  });

  it('checks password_check: 422 password_check_invalid when wrong', async () => {
    const wrong = await as('PATCH', '/bff/users/add-phone', {
      phone: '1',
      ddi: '55',
      password_check: 'nope',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.code).toBe('password_check_invalid');
    expect(wrong.json.errors).toEqual({ password_check: ['The password is incorrect.'] });
    const right = await as('PATCH', '/bff/users/add-phone', {
      phone: '11911112222',
      ddi: '55',
      password_check: plain.password,
      kyc_id: 7,
    });
    expect(right.status).toBe(200);
    expect((await profile()).user).toMatchObject({ phone: '11911112222', ddi: '55' });
  });

  it('updates the profile only for the token user; bad ids are 404', async () => {
    expect((await as('POST', '/users/update/2', { first_name: 'X' })).status).toBe(403);
    for (const id of ['0', 'abc', '-1', '1.5']) {
      const res = await as('POST', `/users/update/${id}`, { first_name: 'X' });
      expect([id, res.status, res.json]).toEqual([id, 404, { message: 'Not found.' }]);
    }
    const update = { first_name: 'Beatriz', gender: 1, city: 'Santos' };
    expect((await as('POST', '/users/update/1', update)).json.code).toBe('password_check_required');
    const res = await as('POST', '/users/update/1', { ...update, password_check: plain.password });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: 'Profile updated.' });
    const { user } = await profile();
    expect(user).toMatchObject({ first_name: 'Beatriz', name: 'Beatriz Souza', gender: 'M' });
    expect((await as('GET', '/bff/users/address-by-user')).json.city).toBe('Santos');
    const typed = await as('POST', '/users/update/1', { gender: 'F', terms: 'yes' });
    expect(Object.keys(typed.json.errors).sort()).toEqual(['gender', 'terms']);
  });

  it('changes the password after checking the old one and the confirmation', async () => {
    const other = await as('POST', '/users/change-password/3', {
      old_password: plain.password,
      password: 'N3w!pass',
      password_confirmation: 'N3w!pass',
    });
    expect(other.status).toBe(403);
    const wrongOld = await as('POST', '/users/change-password/1', {
      old_password: 'nope',
      password: 'N3w!pass',
      password_confirmation: 'N3w!pass',
    });
    expect(wrongOld.status).toBe(422);
    expect(wrongOld.json.errors.old_password).toEqual(['The old password is incorrect.']);
    const mismatch = await as('POST', '/users/change-password/1', {
      old_password: plain.password,
      password: 'N3w!pass',
      password_confirmation: 'other',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.errors).toEqual({
      password_confirmation: ['The password confirmation does not match.'],
    });
    const ok = await as('POST', '/users/change-password/1', {
      old_password: plain.password,
      password: 'N3w!pass',
      password_confirmation: 'N3w!pass',
    });
    expect(ok.status).toBe(200);
    expect(await login(server, { ...plain, password: 'N3w!pass' })).toMatch(/\w+/);
    expect((await as('POST', '/bff/users/check-password', { password: 'N3w!pass' })).json).toEqual({
      success: true,
    });
    expect((await as('POST', '/bff/users/check-password', { password: plain.password })).json).toEqual({
      success: false,
    });
  });

  it('updates e-mail, address, contracts and marketing consent visibly', async () => {
    const password_check = plain.password;
    const taken = await as('PATCH', '/bff/users/self-email', { email: twoFactor.email, password_check });
    expect(taken.json.errors).toEqual({ email: ['The email has already been taken.'] });
    expect((await as('PATCH', '/bff/users/self-email', { email: 'not-an-email' })).status).toBe(422);
    expect(
      (await as('PATCH', '/bff/users/self-email', { email: 'ana@example.com', password_check })).status,
    ).toBe(200);
    const address = { street: 'Av. Paulista, 1000', city: 'São Paulo', state: 'SP', zipcode: '01310-100' };
    expect((await as('PATCH', '/bff/users/update-address', { ...address, password_check })).status).toBe(200);
    expect((await as('PATCH', '/bff/users/self-contracts', { type: 'terms' })).json.errors.type).toHaveLength(
      1,
    );
    expect((await as('PATCH', '/bff/users/self-contracts', { type: 'law' })).status).toBe(200);
    expect((await as('PATCH', '/bff/users/self-mkt', { mkt_accepted: 'no' })).status).toBe(422);
    expect((await as('PATCH', '/bff/users/self-mkt', { mkt_accepted: false })).status).toBe(200);

    const { user, userInfo } = await profile();
    expect(user.email).toBe('ana@example.com');
    expect(userInfo.validate_email_at).toBeNull();
    expect(userInfo.contracts.law).toBe(new Date(clock.start).toISOString());
    expect(userInfo.mkt_accepted).toBe(false);
    expect((await as('GET', '/bff/users/address-by-user')).json).toEqual({ ...address, country: 'BR' });
  });

  it('toggles two-factor, which the next login then requires', async () => {
    const bad = await as('PATCH', '/bff/users/self-two-factor', { type: 'push', enabled: true });
    expect(bad.json.errors.type).toHaveLength(1);
    expect((await as('PATCH', '/bff/users/self-two-factor', { type: 'sms', enabled: true })).status).toBe(
      200,
    );
    expect((await profile()).userInfo).toMatchObject({ two_factor_enabled: true, two_factor_type: 'sms' });
    const res = await call(server, 'POST', '/auth/login', {
      body: { login: plain.email, password: plain.password },
    });
    expect(res.json.type).toBe('two_factor_code');
    expect((await as('PATCH', '/bff/users/self-two-factor', { type: 'sms', enabled: false })).status).toBe(
      200,
    );
    const info = (await profile()).userInfo;
    expect(info.two_factor_enabled).toBe(false);
    expect(info).not.toHaveProperty('two_factor_type');
  });

  it('lists, connects and disconnects social accounts', async () => {
    const seeded = await as('GET', '/bff/users/account-social');
    expect(seeded.json).toEqual([
      { id: 1, provider: 'google', email: plain.email, connected_at: expect.any(String) },
    ]);
    const connected = await as('POST', '/bff/users/account-social/connect/facebook');
    expect(connected.status).toBe(200);
    expect(connected.json.success).toBe(true);
    expect(connected.json.redirect_url).toMatch(/^https:\/\/.+facebook/);
    expect((await as('POST', '/bff/users/account-social/connect/Bad%20Type')).status).toBe(404);
    expect((await as('DELETE', '/bff/users/account-social/1')).status).toBe(200);
    expect((await as('DELETE', '/bff/users/account-social/99')).status).toBe(404);
    expect((await as('DELETE', '/bff/users/account-social/x')).status).toBe(404);
    const after = await as('GET', '/bff/users/account-social');
    expect(after.json.map((a: { id: number; provider: string }) => [a.id, a.provider])).toEqual([
      [2, 'facebook'],
    ]);
  });

  it('pages the login history, newest first, 15 per page', async () => {
    clock.advance(60_000);
    await login(server, plain);
    const first = await as('GET', '/bff/users/login-history?page=1');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ current_page: 1, last_page: 4, per_page: 15, total: 46 });
    expect(first.json.data).toHaveLength(15);
    expect(first.json.data[0]).toMatchObject({ user_id: 1, created_at: new Date(clock.now()).toISOString() });
    const times = first.json.data.map((item: { created_at: string }) => item.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const defaulted = await as('GET', '/bff/users/login-history');
    expect(defaulted.json.data[0].id).toBe(first.json.data[0].id);
    expect((await as('GET', '/bff/users/login-history?page=4')).json.data).toHaveLength(1);
    const beyond = await as('GET', '/bff/users/login-history?page=5');
    expect(beyond.json).toMatchObject({ data: [], current_page: 5, last_page: 4, total: 46 });
    for (const page of ['0', 'abc', '-1', '1.5']) {
      const res = await as('GET', `/bff/users/login-history?page=${page}`);
      expect([page, res.status, res.json.errors?.page?.length]).toEqual([page, 422, 1]);
    }
  });

  it('moves an income report 1 -> 2 -> 3 on the server clock', async () => {
    expect((await as('GET', '/income-report/available-years')).json).toEqual({
      years: [2021, 2022, 2023, 2024, 2025],
    });
    const created = await as('POST', '/income-report/generate', { reference_year: 2023, type: 'download' });
    expect(created.status).toBe(200);
    expect(created.json).toEqual({
      id: 1,
      reference_year: 2023,
      status: 1,
      delivery_type: 'download',
      requested_at: new Date(clock.start).toISOString(),
      generated_at: null,
      path: null,
      download_url: null,
    });
    const status = async () => (await as('GET', '/income-report/1')).json;
    clock.advance(999);
    expect((await status()).status).toBe(1);
    clock.advance(1);
    expect((await status()).status).toBe(2);
    clock.advance(1000);
    const done = await status();
    expect(done.status).toBe(3);
    expect(done.generated_at).toBe(new Date(clock.start + 2000).toISOString());
    expect(done.path).toEqual(expect.any(String));
    expect(done.download_url).toBe('/income-report/1/file'); // a path under the API (REVIEW-AA AA-4)
    const file = await fetch(`${server.url}${done.download_url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect((await file.text()).startsWith('%PDF')).toBe(true);
  });

  it('fails the 2024 report with status 4, e-mails others without a download_url', async () => {
    await as('POST', '/income-report/generate', { reference_year: 2024, type: 'download' });
    await as('POST', '/income-report/generate', { reference_year: 2022, type: 'email' });
    clock.advance(2000);
    const failed = (await as('GET', '/income-report/1')).json;
    expect(failed).toMatchObject({ status: 4, generated_at: null, download_url: null });
    const mailed = (await as('GET', '/income-report/2')).json;
    expect(mailed).toMatchObject({ status: 3, delivery_type: 'email', download_url: null });
  });

  it('rejects bad report requests and hides other users reports', async () => {
    const year = await as('POST', '/income-report/generate', { reference_year: 2019, type: 'email' });
    expect(year.status).toBe(422);
    expect(Object.keys(year.json.errors)).toEqual(['reference_year']);
    const type = await as('POST', '/income-report/generate', { reference_year: 2023, type: 'fax' });
    expect(Object.keys(type.json.errors)).toEqual(['type']);
    await as('POST', '/income-report/generate', { reference_year: 2023, type: 'email' });
    const other = server.issueToken(twoFactor.id);
    expect((await call(server, 'GET', '/income-report/1', { token: other })).status).toBe(404);
    expect((await as('GET', '/income-report/2')).status).toBe(404);
    expect((await as('GET', '/income-report/abc')).status).toBe(404);
  });

  it('rejects a non-JSON nationalities string at registration', async () => {
    const res = await call(server, 'POST', '/auth/register-simplified', {
      body: { email: 'n@example.com', password: 'x', country: 'BR', nationalities: '[BR', optIn: false },
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      nationalities: ['The nationalities field must be a valid JSON string.'],
    });
  });
});
