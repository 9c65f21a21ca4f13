import { createAuthModule, createOfetchAdapter, createRegistrationModule } from 'pam-client';
import type { ReferenceServer } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { REAL_TIME_TIMEOUT_MS, useClockedReferenceServer } from '../support/server';
import { call } from './helpers';

// Issue 14 item 4 on the server: a registration that yields a usable account, document checks
// with prefill data, an e-mail already taken, the 2FA answer, and the age and SPA refusals.

const BASE = {
  email: 'nova@example.com',
  password: 'Nova-Senha-1',
  country: 'BR',
  nationalities: '["BR"]',
  optIn: false,
};
const validate = (server: ReferenceServer, number: string) =>
  call(server, 'POST', '/auth/validate-document', { body: { number } });

describe('reference server: registration', () => {
  // The clock stands at 2025-03-01T12:00:00Z, a Saturday morning in São Paulo.
  const { server } = useClockedReferenceServer();

  it('registers, logs out and logs back in with the new account (e-mail or CPF), on the real adapter', async () => {
    let token: string | null = null;
    const http = createOfetchAdapter({
      baseURL: server.url,
      getAccessToken: () => token,
      timeout: REAL_TIME_TIMEOUT_MS,
    });
    const auth = { ...createAuthModule(http), ...createRegistrationModule(http) };
    const answer = await auth.registerSimplified({
      ...BASE,
      number: '123.456.789-09',
      birth_date: '1988-07-21',
    });
    expect(answer).toMatchObject({ token_type: 'bearer', user: { email: BASE.email, first_name: 'João' } });
    token = (answer as { access_token: string }).access_token;
    expect((await auth.getUserProfile()).user).toMatchObject({
      email: BASE.email,
      name: 'João da Silva',
      mother_name: 'Maria da Silva',
      document: { type: 'cpf', number: '12345678909' },
    });
    await auth.logout();
    await expect(auth.getUserProfile()).rejects.toMatchObject({ status: 401 });
    for (const login of [BASE.email, '123.456.789-09']) {
      const again = await auth.login({ login, password: BASE.password });
      expect(again).toMatchObject({ user: { email: BASE.email } });
    }
  });

  it('validateDocument: seed table, seed accounts, generated data for any valid CPF, false for an invalid one', async () => {
    expect((await validate(server, '135.792.468-28')).json).toEqual({
      docnumber: '13579246828',
      docnumber_valid: true,
      name: 'Beatriz Costa',
      birth_date: '1995-03-08',
      gender: 'F',
      mother_name: 'Lúcia Costa',
    });
    const generated = (await validate(server, '111.444.777-35')).json; // the twoFactor seed's CPF
    expect(generated).toMatchObject({ docnumber_valid: true, name: 'Bruno Lima' });
    const any = await validate(server, '987.654.321-00');
    expect(any.status).toBe(200);
    expect(any.json).toMatchObject({ docnumber: '98765432100', docnumber_valid: true });
    expect(any.json.name).toMatch(/^\S+ \S+$/);
    expect(any.json.birth_date).toMatch(/^(19[5-9]\d|2000)-\d\d-\d\d$/);
    expect((await validate(server, '98765432100')).json).toEqual(any.json); // the same every time
    for (const number of ['987.654.321-01', '000.000.000-00', '12']) {
      const invalid = await validate(server, number);
      expect([invalid.status, invalid.json.docnumber_valid, Object.keys(invalid.json)]).toEqual([
        200,
        false,
        ['docnumber', 'docnumber_valid'],
      ]);
    }
  });

  it('refuses a CPF that already has an account (however typed) on its own field, and creates nothing', async () => {
    // Issue 30.1: a new player who types an existing player's CPF is refused on the CPF (`number`),
    // with her own e-mail, name and birth date; her e-mail stays free.
    const register = (body: Record<string, unknown>) =>
      call(server, 'POST', '/auth/register-simplified', { body });
    const mine = { ...BASE, email: 'renata@example.com', name: 'Renata Lopes', birth_date: '1991-06-10' };
    for (const number of [server.seed.plain.cpf, '529.982.247-25', ' 529 982 247 25 ']) {
      const taken = await register({ ...mine, number });
      expect([taken.status, taken.json]).toEqual([
        422,
        { message: 'The given data was invalid.', errors: { number: ['This CPF already has an account.'] } },
      ]);
    }
    const login = await call(server, 'POST', '/auth/login', {
      body: { login: mine.email, password: mine.password },
    });
    expect(login.status).toBe(401);
    // A CPF registered in this run is taken too.
    expect((await register({ ...BASE, number: '135.792.468-28' })).status).toBe(200);
    const again = await register({ ...mine, number: '13579246828' });
    expect(again.json.errors).toEqual({ number: ['This CPF already has an account.'] });
  });

  it('refuses an e-mail already taken, a minor and an SPA-barred CPF with 422 field errors', async () => {
    const register = (body: Record<string, unknown>) =>
      call(server, 'POST', '/auth/register-simplified', { body });
    const taken = await register({ ...BASE, email: 'PLAYER@example.com' });
    expect([taken.status, taken.json]).toEqual([
      422,
      { message: 'The given data was invalid.', errors: { email: ['The email has already been taken.'] } },
    ]);
    const minor = (await validate(server, '901.234.567-70')).json;
    expect(minor).toMatchObject({ docnumber_valid: true, name: 'Pedro Alves', birth_date: '2008-03-01' });
    const young = await register({ ...BASE, number: '90123456770', birth_date: minor.birth_date });
    // Refused on both fields: the form's birth date, and the register's for the CPF (issue 23 defect 10).
    expect(young.json.errors).toEqual({
      number: ['The holder of this CPF must be at least 18 years old.'],
      birth_date: ['You must be at least 18 years old.'],
    });
    const eighteenToday = await register({ ...BASE, birth_date: '2007-03-01' });
    expect(eighteenToday.status).toBe(200);
    const barred = await register({ ...BASE, email: 'renato@example.com', number: '246.813.579-28' });
    expect(barred.json.errors).toEqual({
      number: ['This CPF is in the SPA register of people barred from betting.'],
    });
    expect(
      (await register({ ...BASE, email: 'x@example.com', birth_date: '01/02/1990' })).json.errors,
    ).toEqual({
      birth_date: ['The birth date must be a date (YYYY-MM-DD).'],
    });
  });

  it(`answers type 'two_factor_code' for an e-mail at 2fa.example.com; the code then signs in`, async () => {
    const body = { ...BASE, email: 'nova@2fa.example.com' };
    const res = await call(server, 'POST', '/auth/register-simplified', { body });
    expect(res.json).toEqual({ type: 'two_factor_code', message: 'A code was sent.' });
    const login = { login: body.email, password: body.password };
    expect((await call(server, 'POST', '/auth/login', { body: login })).json.type).toBe('two_factor_code');
    const signed = await call(server, 'POST', '/auth/login', {
      body: { ...login, two_factor_code: '123456' },
    });
    expect(signed.status).toBe(200);
    expect(signed.json.user.email).toBe(body.email);
    const profile = await call(server, 'GET', '/auth/user-profile?check_spa_again=1', {
      token: signed.json.access_token,
    });
    expect(profile.json.userInfo).toMatchObject({ two_factor_enabled: true, two_factor_type: 'email' });
  });
});
