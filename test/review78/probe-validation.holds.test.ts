// Probe: bad input to every user/auth call gets RequestValidationError and sends nothing.
import { createAuthModule, createOfetchAdapter, createUserModule, isPamError, secret } from 'pam-client';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const mk = () => {
  const token = server.issueToken(server.seed.plain.id);
  const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: () => token, retry: 0 });
  return { user: createUserModule(http), auth: createAuthModule(http) };
};

type C = [string, (m: ReturnType<typeof mk>) => Promise<unknown>];
const cases: C[] = [
  ['limits negative', (m) => m.user.updateLimits({ user_limit_deposit: -1 })],
  ['limits infinity', (m) => m.user.updateLimits({ user_limit_deposit: Infinity })],
  ['limits string', (m) => m.user.updateLimits({ user_limit_deposit: '100' as never })],
  [
    'limits active 2',
    (m) => m.user.updateLimits({ user_limit_deposit: 1, user_limit_deposit_active: 2 as never }),
  ],
  [
    'limits period yearly',
    (m) => m.user.updateLimits({ user_limit_loss: 1, user_limit_loss_period: 'yearly' as never }),
  ],
  ['limits empty', (m) => m.user.updateLimits({} as never)],
  ['limits only password', (m) => m.user.updateLimits({ password_check: 'x' } as never)],
  ['limits typo', (m) => m.user.updateLimits({ user_limit_deposti: 1 } as never)],
  ['limits kyc fraction', (m) => m.user.updateLimits({ user_limit_deposit: 1, kyc_id: 1.5 })],
  ['limits null', (m) => m.user.updateLimits(null as never)],
  ['limits array', (m) => m.user.updateLimits([] as never)],
  ['limits amount null', (m) => m.user.updateLimits({ user_limit_deposit: null } as never)],
  [
    'limits active null',
    (m) => m.user.updateLimits({ user_limit_deposit: 1, user_limit_deposit_active: null } as never),
  ],
  ['limits password empty', (m) => m.user.updateLimits({ user_limit_deposit: 1, password_check: '' })],
  [
    'limits password empty secret',
    (m) => m.user.updateLimits({ user_limit_deposit: 1, password_check: secret('') }),
  ],
  [
    'limits password number',
    (m) => m.user.updateLimits({ user_limit_deposit: 1, password_check: 123 as never }),
  ],
  ['pause 0', (m) => m.user.setTimeoutLimits({ user_pause: 0, reason: 1 })],
  ['pause 46', (m) => m.user.setTimeoutLimits({ user_pause: 46, reason: 1 })],
  ['pause 1.5', (m) => m.user.setTimeoutLimits({ user_pause: 1.5, reason: 1 })],
  ['pause "7"', (m) => m.user.setTimeoutLimits({ user_pause: '7' as never, reason: 1 })],
  ['pause no reason', (m) => m.user.setTimeoutLimits({ user_pause: 7 } as never)],
  ['pause reason 1.5', (m) => m.user.setTimeoutLimits({ user_pause: 7, reason: 1.5 })],
  ['excl 4', (m) => m.user.setSelfExclusion({ user_exclusion: 4 as never, reason: 1 })],
  ['excl -2', (m) => m.user.setSelfExclusion({ user_exclusion: -2 as never, reason: 1 })],
  ['excl "3"', (m) => m.user.setSelfExclusion({ user_exclusion: '3' as never, reason: 1 })],
  ['excl 0', (m) => m.user.setSelfExclusion({ user_exclusion: 0 as never, reason: 1 })],
  ['contracts foo', (m) => m.user.updateContracts('foo' as never)],
  ['contracts undefined', (m) => m.user.updateContracts(undefined as never)],
  ['contracts object', (m) => m.user.updateContracts({ type: 'tc' } as never)],
  ['mkt string', (m) => m.user.updateMarketing({ mkt_accepted: 'true' as never })],
  ['mkt extra', (m) => m.user.updateMarketing({ mkt_accepted: true, x: 1 } as never)],
  ['2fa push', (m) => m.user.toggleTwoFactor({ type: 'push' as never, enabled: true })],
  ['2fa enabled 1', (m) => m.user.toggleTwoFactor({ type: 'sms', enabled: 1 as never })],
  ['history 0', (m) => m.user.getLoginHistory(0)],
  ['history 1.5', (m) => m.user.getLoginHistory(1.5)],
  ['history "2"', (m) => m.user.getLoginHistory('2' as never)],
  ['history null', (m) => m.user.getLoginHistory(null as never)],
  ['history NaN', (m) => m.user.getLoginHistory(Number.NaN)],
  ['history huge', (m) => m.user.getLoginHistory(2 ** 60)],
  ['status 0', (m) => m.user.getIncomeReportStatus(0)],
  ['status -1', (m) => m.user.getIncomeReportStatus(-1)],
  ['status "1"', (m) => m.user.getIncomeReportStatus('1' as never)],
  ['status 1e21', (m) => m.user.getIncomeReportStatus(1e21)],
  ['social Google', (m) => m.user.connectSocial('Google')],
  ['social ../x', (m) => m.user.connectSocial('../x')],
  ['social empty', (m) => m.user.connectSocial('')],
  ['social 33', (m) => m.user.connectSocial('a'.repeat(33))],
  ['social newline', (m) => m.user.connectSocial('google\n')],
  ['disconnect 0', (m) => m.user.disconnectSocial(0)],
  ['disconnect "3"', (m) => m.user.disconnectSocial('3' as never)],
  ['profile id 0', (m) => m.user.updateProfile(0, { first_name: 'Ana' })],
  ['profile id 1.5', (m) => m.user.updateProfile(1.5, { first_name: 'Ana' })],
  ['profile gender string', (m) => m.user.updateProfile(1, { gender: 'm' as never })],
  ['profile gender NaN', (m) => m.user.updateProfile(1, { gender: Number.NaN })],
  ['profile terms string', (m) => m.user.updateProfile(1, { terms: 'yes' as never })],
  ['profile kyc string', (m) => m.user.updateProfile(1, { kyc_id: '1' as never })],
  ['profile birth minor', (m) => m.user.updateProfile(1, { birth_date: '2020-01-01' })],
  ['profile birth bad', (m) => m.user.updateProfile(1, { birth_date: '01/01/1990' })],
  ['profile unknown', (m) => m.user.updateProfile(1, { firstname: 'Ana' } as never)],
  ['profile email bad', (m) => m.user.updateProfile(1, { email: 'nope' })],
  ['email bad', (m) => m.user.updateEmail({ email: 'nope' })],
  ['email missing', (m) => m.user.updateEmail({} as never)],
  ['phone missing ddi', (m) => m.user.addPhone({ phone: '11999990000' } as never)],
  ['phone letters', (m) => m.user.addPhone({ phone: 'abc', ddi: '55' })],
  ['address missing', (m) => m.user.updateAddress({ street: 'a', city: 'b', state: 'c' } as never)],
  ['address empty street', (m) => m.user.updateAddress({ street: '', city: 'b', state: 'c', zipcode: '1' })],
  [
    'changepw mismatch',
    (m) => m.user.changePassword(1, { old_password: 'a', password: 'b', password_confirmation: 'c' }),
  ],
  [
    'changepw empty',
    (m) => m.user.changePassword(1, { old_password: '', password: 'b', password_confirmation: 'b' }),
  ],
  [
    'changepw mismatch secret',
    (m) => m.user.changePassword(1, { old_password: 'a', password: secret('b'), password_confirmation: 'c' }),
  ],
  ['checkpw empty', (m) => m.user.checkPassword({ password: '' })],
  ['checkpw missing', (m) => m.user.checkPassword({} as never)],
  ['report year fraction', (m) => m.user.generateIncomeReport({ reference_year: 2025.5, type: 'email' })],
  ['report type fax', (m) => m.user.generateIncomeReport({ reference_year: 2025, type: 'fax' as never })],
  [
    'report year string',
    (m) => m.user.generateIncomeReport({ reference_year: '2025' as never, type: 'email' }),
  ],
  ['login empty', (m) => m.auth.login({ login: '', password: 'x' })],
  ['login spaces', (m) => m.auth.login({ login: '   ', password: 'x' })],
  ['login no password', (m) => m.auth.login({ login: 'a@b.c' } as never)],
  ['login password empty', (m) => m.auth.login({ login: 'a@b.c', password: '' })],
  ['login code empty', (m) => m.auth.login({ login: 'a@b.c', password: 'x', two_factor_code: '' })],
  ['login code spaces', (m) => m.auth.login({ login: 'a@b.c', password: 'x', two_factor_code: '  ' })],
  ['login captcha empty', (m) => m.auth.login({ login: 'a@b.c', password: 'x', captcha_token: '' })],
  ['login extra', (m) => m.auth.login({ login: 'a@b.c', password: 'x', extra: 1 } as never)],
  ['login number', (m) => m.auth.login({ login: 12345678909 as never, password: 'x' })],
  ['login password secret', (m) => m.auth.login({ login: 'a@b.c', password: secret('x') as never })],
  ['forgot empty', (m) => m.auth.forgotPassword({ login: '' })],
  ['validate empty', (m) => m.auth.validateDocument({ number: '' })],
  [
    'register minor',
    (m) =>
      m.auth.registerSimplified({
        email: 'a@b.c',
        password: 'x',
        country: 'BR',
        nationalities: '["BR"]',
        optIn: true,
        birth_date: '2020-01-01',
      }),
  ],
  [
    'register nationalities not json',
    (m) =>
      m.auth.registerSimplified({
        email: 'a@b.c',
        password: 'x',
        country: 'BR',
        nationalities: 'BR',
        optIn: true,
      }),
  ],
  [
    'register optIn string',
    (m) =>
      m.auth.registerSimplified({
        email: 'a@b.c',
        password: 'x',
        country: 'BR',
        nationalities: '["BR"]',
        optIn: 'true' as never,
      }),
  ],
  [
    'register bad cpf',
    (m) =>
      m.auth.registerSimplified({
        email: 'a@b.c',
        password: 'x',
        country: 'BR',
        nationalities: '["BR"]',
        optIn: true,
        number: '11111111111',
      }),
  ],
  ['signal not signal', (m) => m.user.getAddress({ signal: {} as never })],
];

describe('probe: bad input sends nothing', () => {
  test.each(cases)('%s', async (_n, call) => {
    const m = mk();
    const e = await call(m).then(
      (v) => ({ resolved: v }),
      (x: unknown) => x,
    );
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(isPamError(e) && (e as { code: string }).code).toBe('invalid_request');
  });
});
