// describeError at the moments players meet most (issue 20 items 4 and 5), over real sockets
// against the reference server: the title names the problem, the fields are keyed by the API's
// names (so the form's inputs can be highlighted) and never show a raw key, and the English
// server messages whose case the library knows get its own words in pt-BR.
import {
  createDescribeError,
  describeError,
  type ErrorDescription,
  errorMessagesEn,
  errorMessagesPtBR,
  HttpError,
  RequestValidationError,
} from 'pam-client';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { clientsFor, REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});
function client() {
  const c = createPamClient({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    environment: { channel: null },
  });
  clients.push(c);
  return c;
}
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable('the call should have failed'),
    (e: unknown) => e,
  );
const RAW_KEY = /\b[a-z]+(_[a-z0-9]+)+\b|^\w+:/;
function expectNoRawKeys(d: ErrorDescription) {
  for (const text of [d.title, ...Object.values(d.fields).flat()]) expect(text).not.toMatch(RAW_KEY);
}

describe('describeError: a wrong two-factor code', () => {
  it('says the code is wrong (not "check the highlighted fields") and highlights two_factor_code', async () => {
    const c = client();
    const { email, password } = ctx.server.seed.twoFactor;
    c.login({ login: email, password });
    await until(() => c.view.status === 'twoFactorRequired', 'the code is asked for');
    c.submitCode('000000');
    await until(() => c.view.status === 'twoFactorRequired' && c.view.error !== null, 'the code refused');
    const view = c.view;
    for (const options of [{}, { status: view.status, codeAttemptsLeft: view.codeAttemptsLeft }]) {
      const en = describeError(view.error, options);
      expect(en.title).toBe('The code is not correct. Please try again.');
      expect(en.fields).toEqual({ two_factor_code: ['The code is not correct.'] });
      const pt = describeError(view.error, { ...options, locale: 'pt-BR' });
      expect(pt.title).toBe('O código não está correto. Tente novamente.');
      expect(pt.fields).toEqual({ two_factor_code: ['O código não está correto.'] });
      expectNoRawKeys(en);
      expectNoRawKeys(pt);
    }
  });

  it('after five rejected codes, says the attempts are used up', async () => {
    const c = client();
    const { email, password } = ctx.server.seed.twoFactor;
    c.login({ login: email, password });
    for (let i = 0; i < 5; i++) {
      await until(() => c.view.status === 'twoFactorRequired', 'the code is asked for');
      c.submitCode(`00000${i}`);
      await until(() => c.view.status !== 'verifyingCode' && c.view.error !== null, 'the code refused');
    }
    await until(() => c.view.status === 'failed', 'the login failed');
    const en = describeError(c.view.error, { status: c.view.status, retryAt: c.view.retryAt });
    expect(en.title).toMatch(/^Too many wrong codes/);
    expect(en.title).not.toMatch(/highlighted/);
    expect(en.fields.two_factor_code).toEqual(['The code is not correct.']);
    const pt = describeError(c.view.error, { status: c.view.status, locale: 'pt-BR' });
    expect(pt.title).toMatch(/^Código incorreto muitas vezes/);
    expectNoRawKeys(pt);
    // The same from the attempts count alone.
    expect(describeError(c.view.error, { codeAttemptsLeft: 0 }).title).toBe(en.title);
  });
});

describe('describeError: wrong password and lockout', () => {
  it('a wrong password, then the 429 lockout with its wait, in both languages', async () => {
    const { auth } = clientsFor(ctx.server);
    const { email } = ctx.server.seed.plain;
    const wrong = await rejection(auth.login({ login: email, password: 'not-it' }));
    expect(describeError(wrong, { status: 'failed' }).title).toBe('The login or password is incorrect.');
    expect(describeError(wrong, { locale: 'pt-BR' }).title).toBe('Login ou senha incorretos.');
    for (let i = 0; i < 5; i++) await rejection(auth.login({ login: email, password: 'not-it' }));
    const locked = await rejection(auth.login({ login: email, password: 'not-it' }));
    expect((locked as HttpError).status).toBe(429);
    const now = Date.now();
    const en = describeError(locked, { now });
    expect(en.title).toBe('Too many attempts. Please try again in 1 minute.');
    expect(en.retryAt).toBe(now + 60_000);
    expect(describeError(locked, { now, locale: 'pt-BR' }).title).toBe(
      'Muitas tentativas. Tente novamente em 1 minuto.',
    );
  });
});

describe('describeError: a CPF refused at registration', () => {
  const base = { password: 'Secret123!', country: 'BR', nationalities: '["BR"]', optIn: false };

  it('an invalid CPF refused before sending: the number field gets the CPF wording', async () => {
    const { auth } = clientsFor(ctx.server);
    const error = await rejection(
      auth.registerSimplified({ ...base, email: 'new@example.com', number: '123.456.789-00' }),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    const pt = describeError(error, { locale: 'pt-BR' });
    expect(pt.title).toBe('O CPF não foi aceito.');
    expect(pt.fields).toEqual({ number: ['Informe um CPF válido.'] });
    expect(describeError(error).fields).toEqual({ number: ['Please enter a valid CPF.'] });
    expectNoRawKeys(pt);
    expect(ctx.server.requests.filter((r) => r.path.startsWith('/auth/register'))).toHaveLength(0);
  });

  it("the server's refusals (taken, SPA register) get the library's pt-BR words", async () => {
    const { auth } = clientsFor(ctx.server);
    const taken = await rejection(
      auth.registerSimplified({ ...base, email: 'new1@example.com', number: ctx.server.seed.plain.cpf }),
    );
    expect((taken as HttpError).fieldErrors?.number?.[0]).toMatch(/taken|already/);
    expect(describeError(taken, { locale: 'pt-BR' })).toMatchObject({
      title: 'O CPF não foi aceito.',
      fields: { number: ['Este CPF já está cadastrado.'] },
    });
    const barred = await rejection(
      auth.registerSimplified({ ...base, email: 'new2@example.com', number: '246.813.579-28' }),
    );
    expect(describeError(barred, { locale: 'pt-BR' }).fields.number).toEqual([
      'Este CPF consta no cadastro nacional de pessoas impedidas de apostar (SPA).',
    ]);
    expect(describeError(barred).fields.number?.[0]).toMatch(/barred from betting/);
    const email = await rejection(auth.registerSimplified({ ...base, email: ctx.server.seed.plain.email }));
    expect(describeError(email, { locale: 'pt-BR' })).toMatchObject({
      title: 'Verifique os campos destacados.',
      fields: { email: ['Este e-mail já está cadastrado.'] },
    });
  });
});

describe('describeError: the age rule', () => {
  it("a minor's CPF and birth date get the library's words in each locale", () => {
    const error = new HttpError({
      status: 422,
      method: 'POST',
      path: '/auth/register-simplified',
      body: {
        errors: {
          number: ['The holder of this CPF must be at least 18 years old.'],
          birth_date: ['You must be at least 18 years old.'],
        },
      },
    });
    expect(describeError(error, { locale: 'pt-BR' }).fields).toEqual({
      number: ['É preciso ter pelo menos 18 anos.'],
      birth_date: ['É preciso ter pelo menos 18 anos.'],
    });
    expect(describeError(error).title).toBe('Please check the highlighted fields.');
  });
});

describe('describeError: field messages never show raw API keys', () => {
  it("a server message naming a key gets the library's words for its rule, else a generic one", () => {
    const error = new HttpError({
      status: 422,
      method: 'PATCH',
      path: '/bff/users/update-limits',
      body: {
        errors: {
          user_limit_deposit_period: ['The user_limit_deposit_period must be one of daily, weekly.'],
          affiliation_code: ['Unknown affiliation_code.'],
        },
      },
    });
    const d = describeError(error);
    expect(d.fields).toEqual({
      user_limit_deposit_period: ['Not one of the allowed options.'],
      affiliation_code: ['Not valid.'],
    });
    expectNoRawKeys(d);
  });
});

describe('createDescribeError: one table per language', () => {
  it('a pt-BR-only describe speaks pt-BR by default and ignores locales it was not given', () => {
    const describePt = createDescribeError(errorMessagesPtBR);
    const error = new HttpError({ status: 503, method: 'GET', path: '/me' });
    expect(describePt(error).title).toBe(
      'O serviço está indisponível no momento. Tente novamente em instantes.',
    );
    expect(describePt(error, { locale: 'en' }).title).toBe(describePt(error).title);
    const both = createDescribeError(errorMessagesEn, errorMessagesPtBR);
    expect(both(error, { locale: 'pt-BR' }).title).toBe(describePt(error).title);
    expect(both(error).title).toBe(describeError(error).title);
  });

  it('every table has the same words, each a non-empty sentence', () => {
    const keys = (o: object): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v !== null && typeof v === 'object' ? keys(v).map((s) => `${k}.${s}`) : [k],
      );
    expect(keys(errorMessagesPtBR).sort()).toEqual(keys(errorMessagesEn).sort());
    expect(errorMessagesEn.tooManyIn(90)).toBe('Too many attempts. Please try again in 2 minutes.');
  });
});
