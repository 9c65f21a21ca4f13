import { SEED_ACCOUNTS } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { useClockedReferenceServer } from '../support/server';
import { call, INVALID, login } from './helpers';

const AUTH_USER_KEYS = [
  'id',
  'email',
  'username',
  'name',
  'first_name',
  'last_name',
  'phone',
  'ddi',
  'birth_date',
  'gender',
  'country',
  'language',
  'currency',
  'document',
  'country_data',
  'wallet',
  'token',
  'is_active',
  'cancelled_account',
  'bonus_enabled',
  'ftd_date',
  'ftd_value',
  'mother_name',
];

const LIMIT_KEYS = [
  'user_pause',
  'user_pause_at',
  'user_pause_in',
  'user_pause_min',
  'user_exclusion',
  'user_exclusion_at',
  'user_exclusion_in',
  'user_exclusion_min',
  ...['deposit', 'bet', 'loss', 'time'].flatMap((k) => [
    `user_limit_${k}`,
    `user_limit_${k}_active`,
    `user_limit_${k}_period`,
    `user_limit_${k}_change`,
  ]),
  'operator_exclusion',
  'operator_exclusion_at',
  'operator_exclusion_note',
  'spa_exclusion',
  'spa_exclusion_at',
  'spa_exclusion_note',
];

describe('reference server: authentication', () => {
  const { server, clock } = useClockedReferenceServer();
  const { plain, twoFactor, cancelled } = SEED_ACCOUNTS;

  it('binds to 127.0.0.1 on a free port and exposes the seed accounts', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.seed).toEqual(SEED_ACCOUNTS);
    expect(server.seed.twoFactor.twoFactorCode).toBe('123456');
    expect(server.seed.plain.password).toBe('Secret123!');
  });

  it('logs in by e-mail in any case and answers a full LoginResponse', async () => {
    const res = await call(server, 'POST', '/auth/login', {
      body: { login: 'PLAYER@Example.com', password: plain.password, captcha_token: 'c', app_source: 'web' },
    });
    expect(res.status).toBe(200);
    expect(res.json.expires_in).toBe(8 * 60 * 60);
    expect(res.json.token_type).toBe('bearer');
    expect(res.json.access_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(res.json.type).toBeUndefined();
    expect(Object.keys(res.json.user).sort()).toEqual([...AUTH_USER_KEYS].sort());
    expect(res.json.user).toMatchObject({
      id: 1,
      email: plain.email,
      cancelled_account: false,
      is_active: true,
    });
    expect(res.json.user.token).toBe(res.json.access_token);
    expect(res.json.userInfo).toEqual({
      validate_email_at: expect.any(String),
      login_at: new Date(clock.start).toISOString(),
      login_attempt_qty: 0,
      seven_days_since_last_login: false,
      strong_password: true,
      force_request_kyc: false,
      two_factor_enabled: false,
    });
  });

  it('logs in by CPF, as digits or formatted', async () => {
    for (const login of [plain.cpf, '529.982.247-25']) {
      const res = await call(server, 'POST', '/auth/login', { body: { login, password: plain.password } });
      expect(res.status).toBe(200);
      expect(res.json.user.id).toBe(plain.id);
    }
  });

  it('refuses wrong credentials with 401', async () => {
    const wrong = await call(server, 'POST', '/auth/login', {
      body: { login: plain.email, password: 'nope' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ message: 'Invalid credentials.' });
    const unknown = await call(server, 'POST', '/auth/login', { body: { login: 'x@y.z', password: 'nope' } });
    expect(unknown.status).toBe(401);
  });

  it('asks for the two-factor code, rejects a wrong one, accepts the right one', async () => {
    const first = await call(server, 'POST', '/auth/login', {
      body: { login: twoFactor.email, password: twoFactor.password },
    });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ type: 'two_factor_code', message: 'A code was sent.' });

    const wrong = await call(server, 'POST', '/auth/login', {
      body: { login: twoFactor.email, password: twoFactor.password, two_factor_code: '000000' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json).toEqual({
      message: 'Invalid two-factor code.',
      errors: { two_factor_code: ['The code is invalid.'] },
    });

    const right = await call(server, 'POST', '/auth/login', {
      body: { login: twoFactor.cpf, password: twoFactor.password, two_factor_code: twoFactor.twoFactorCode },
    });
    expect(right.status).toBe(200);
    expect(right.json.user.id).toBe(twoFactor.id);
    expect(right.json.userInfo).toMatchObject({ two_factor_enabled: true, two_factor_type: 'email' });
  });

  it('answers cancelled_account without a token, and 401 on a wrong password', async () => {
    const res = await call(server, 'POST', '/auth/login', {
      body: { login: cancelled.email, password: cancelled.password },
    });
    expect(res.status).toBe(200);
    expect(res.json.type).toBe('cancelled_account');
    expect(typeof res.json.message).toBe('string');
    expect(res.json.access_token).toBeUndefined();
    const wrong = await call(server, 'POST', '/auth/login', {
      body: { login: cancelled.email, password: 'x' },
    });
    expect(wrong.status).toBe(401);
  });

  it('throttles a login after five failures in 15 minutes with 429 and Retry-After', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await call(server, 'POST', '/auth/login', {
        body: { login: plain.email, password: 'bad' },
      });
      expect(res.status).toBe(401);
      clock.advance(1000);
    }
    // Locked even with the right password; the login is compared case-insensitively.
    const locked = await call(server, 'POST', '/auth/login', {
      body: { login: 'Player@example.com', password: plain.password },
    });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('60');
    expect(locked.json).toEqual({ message: 'Too many attempts.' });

    clock.advance(61_000);
    const after = await call(server, 'POST', '/auth/login', {
      body: { login: plain.email, password: plain.password },
    });
    expect(after.status).toBe(200);
    expect(after.json.userInfo.login_attempt_qty).toBe(5);
  });

  it('forgets failures older than 15 minutes', async () => {
    for (let i = 0; i < 5; i++) {
      await call(server, 'POST', '/auth/login', { body: { login: plain.email, password: 'bad' } });
    }
    clock.advance(15 * 60 * 1000 + 1);
    const res = await call(server, 'POST', '/auth/login', { body: { login: plain.email, password: 'bad' } });
    expect(res.status).toBe(401);
  });

  it('answers 401 Unauthenticated on protected routes without a valid token', async () => {
    const routes: [string, string][] = [
      ['POST', '/auth/logout'],
      ['GET', '/auth/user-profile?check_spa_again=1'],
      ['POST', '/users/refresh-token'],
      ['GET', '/bff/users/address-by-user'],
      ['PATCH', '/bff/users/self-mkt'],
      ['GET', '/bff/users/login-history?page=1'],
      ['PATCH', '/bff/users/self-exclusion'],
      ['GET', '/income-report/available-years'],
      ['POST', '/users/update/1'],
    ];
    for (const [method, path] of routes) {
      const missing = await call(server, method, path);
      expect([path, missing.status, missing.json]).toEqual([path, 401, { message: 'Unauthenticated.' }]);
      const bogus = await call(server, method, path, { token: 'not-a-token' });
      expect([path, bogus.status]).toEqual([path, 401]);
    }
  });

  it('rotates the token on refresh: the new one works, the old one is revoked', async () => {
    const old = await login(server, plain);
    const res = await call(server, 'POST', '/users/refresh-token', { token: old });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(['access_token']);
    expect(res.json.access_token).not.toBe(old);
    expect((await call(server, 'GET', '/auth/user-profile?check_spa_again=1', { token: old })).status).toBe(
      401,
    );
    const profile = await call(server, 'GET', '/auth/user-profile?check_spa_again=1', {
      token: res.json.access_token,
    });
    expect(profile.status).toBe(200);
    expect(profile.json.user.id).toBe(plain.id);
  });

  it('expires tokens after tokenTtlSeconds of server clock, refresh included', async () => {
    const token = await login(server, plain);
    clock.advance(8 * 60 * 60 * 1000 - 1);
    expect((await call(server, 'GET', '/bff/users/address-by-user', { token })).status).toBe(200);
    clock.advance(1);
    expect((await call(server, 'GET', '/bff/users/address-by-user', { token })).status).toBe(401);
    const refresh = await call(server, 'POST', '/users/refresh-token', { token });
    expect(refresh.status).toBe(401);
    expect(refresh.json).toEqual({ message: 'Unauthenticated.' });
  });

  it('expireTokens() and logout end sessions', async () => {
    const a = server.issueToken(plain.id);
    const b = server.issueToken(twoFactor.id);
    expect(server.requests).toHaveLength(0); // issueToken is not a request
    const out = await call(server, 'POST', '/auth/logout', { token: a });
    expect(out.status).toBe(204);
    expect(out.body).toBeUndefined();
    expect((await call(server, 'POST', '/users/refresh-token', { token: a })).status).toBe(401);
    expect((await call(server, 'GET', '/bff/users/address-by-user', { token: b })).status).toBe(200);
    server.expireTokens();
    expect((await call(server, 'GET', '/bff/users/address-by-user', { token: b })).status).toBe(401);
    expect(() => server.issueToken(999)).toThrow();
  });

  it('serves the profile with every UserLimits field at its default', async () => {
    const token = server.issueToken(plain.id);
    const res = await call(server, 'GET', '/auth/user-profile?check_spa_again=1', { token });
    expect(res.status).toBe(200);
    expect(res.json.user.email).toBe(plain.email);
    for (const key of LIMIT_KEYS) expect(res.json.userInfo).toHaveProperty(key);
    expect(res.json.userInfo).toMatchObject({
      user_pause: 0,
      user_pause_at: null,
      user_limit_deposit_period: 'monthly',
      user_limit_time: 0,
      user_limit_bet_change: null,
      operator_exclusion_note: '',
      spa_exclusion_at: null,
      two_factor_enabled: false,
    });
  });

  it('validates documents by CPF check digits', async () => {
    const seeded = await call(server, 'POST', '/auth/validate-document', {
      body: { number: '529.982.247-25' },
    });
    expect(seeded.json).toEqual({
      docnumber: '52998224725',
      docnumber_valid: true,
      name: 'Ana Souza',
      birth_date: '1990-05-14',
      gender: 'F',
      mother_name: 'Maria Souza',
    });
    const other = await call(server, 'POST', '/auth/validate-document', { body: { number: '12345678909' } });
    expect(other.json).toEqual({
      docnumber: '12345678909',
      docnumber_valid: true,
      name: 'João da Silva',
      birth_date: '1988-07-21',
      gender: 'M',
      mother_name: 'Maria da Silva',
    });
    for (const number of ['52998224724', '11111111111', '123']) {
      const bad = await call(server, 'POST', '/auth/validate-document', { body: { number } });
      expect(bad.json).toEqual({ docnumber: number, docnumber_valid: false });
    }
    const missing = await call(server, 'POST', '/auth/validate-document', { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.number).toEqual(['The number field is required.']);
  });

  it('registers a user who can then log in', async () => {
    const body = {
      email: 'new@example.com',
      password: 'Another1!',
      country: 'BR',
      nationalities: '["BR"]',
      optIn: true,
      name: 'Nina Rocha',
      number: '123.456.789-09',
    };
    const res = await call(server, 'POST', '/auth/register-simplified', { body });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({
      id: 10,
      email: 'new@example.com',
      first_name: 'Nina',
      last_name: 'Rocha',
    });
    expect(typeof res.json.access_token).toBe('string');
    const again = await call(server, 'POST', '/auth/login', {
      body: { login: '12345678909', password: 'Another1!' },
    });
    expect(again.json.user.id).toBe(10);
    const dup = await call(server, 'POST', '/auth/register-simplified', {
      body: { ...body, number: undefined },
    });
    expect(dup.status).toBe(422);
    expect(dup.json.errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it('accepts a password-recovery request whether or not the account exists', async () => {
    for (const login of [plain.email, 'ghost@example.com']) {
      const res = await call(server, 'POST', '/auth/forgot-password', { body: { login } });
      expect(res.status).toBe(200);
      expect(res.json.success).toBe(true);
    }
  });

  it('rejects unknown keys, wrong types and malformed JSON in a login', async () => {
    const extra = await call(server, 'POST', '/auth/login', {
      body: { login: plain.email, password: plain.password, remember: true },
    });
    expect(extra.status).toBe(422);
    expect(extra.json).toEqual({
      message: INVALID,
      errors: { remember: ['The remember field is not allowed.'] },
    });
    const typed = await call(server, 'POST', '/auth/login', { body: { login: 42 } });
    expect(typed.json.errors).toEqual({
      login: ['The login field must be a string.'],
      password: ['The password field is required.'],
    });
    const res = await fetch(`${server.url}/auth/login`, { method: 'POST', body: '{not json' });
    expect(res.status).toBe(400);
  });

  it('answers 404 JSON for unknown routes and known paths with another method', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['GET', '/auth/login'],
      ['DELETE', '/income-report/available-years'],
    ] as const) {
      const res = await call(server, method, path);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'Not found.' });
    }
  });

  it('answers 404 for malformed path parameters before asking for a token', async () => {
    for (const [method, path] of [
      ['POST', '/users/update/abc'],
      ['POST', '/users/change-password/0'],
      ['DELETE', '/bff/users/account-social/01'],
      ['GET', '/income-report/generate'],
      ['POST', '/bff/users/account-social/connect/Google'],
      ['POST', `/bff/users/account-social/connect/${'a'.repeat(33)}`],
    ] as const) {
      const res = await call(server, method, path);
      expect([path, res.status]).toEqual([path, 404]);
    }
  });
});
