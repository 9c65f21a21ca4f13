import {
  AbortedError,
  ConfigurationError,
  createAuthModule,
  createOfetchAdapter,
  describeError,
  type ErrorLocale,
  HttpError,
  NetworkError,
  RequestValidationError,
  ResponseValidationError,
  StepUpRequiredError,
  StorageError,
  TimeoutError,
  UnauthorizedError,
  UnexpectedError,
} from 'pam-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportFailedError } from '../../machines/income-report/failed-error';
import { type EchoServer, startEchoServer } from '../http/echo-server';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const LOCALES: ErrorLocale[] = ['en', 'pt-BR'];
const http = (status: number, body?: unknown, extra: { retryAfter?: number; path?: string } = {}) => ({
  status,
  method: 'POST',
  path: extra.path ?? '/user/limits',
  body,
  ...(extra.retryAfter === undefined ? {} : { retryAfter: extra.retryAfter }),
});

describe('describeError: one description per code', () => {
  const cases: [string, unknown, { en: string; pt: string }][] = [
    ['network', new NetworkError('GET', '/me'), { en: 'No connection', pt: 'Sem conexão' }],
    ['timeout', new TimeoutError('GET', '/me', 15000), { en: 'too long', pt: 'demorou demais' }],
    ['aborted', new AbortedError('GET', '/me'), { en: 'cancelled', pt: 'cancelada' }],
    [
      'invalid_response',
      new ResponseValidationError('login', [
        { path: ['user'], code: 'invalid_type', message: 'expected object' },
      ]),
      { en: 'unexpected answer', pt: 'resposta inesperada' },
    ],
    [
      'configuration',
      new ConfigurationError('baseURL must be absolute'),
      { en: 'not configured', pt: 'não está configurado' },
    ],
    ['storage', new StorageError('store failed'), { en: 'this device', pt: 'neste dispositivo' }],
    [
      'report_failed',
      new ReportFailedError({ id: 7, status: 4, reference_year: 2025 }),
      { en: 'report', pt: 'informe' },
    ],
    ['unexpected', new UnexpectedError('boom'), { en: 'Something went wrong', pt: 'Algo deu errado' }],
    [
      'unauthorized',
      new UnauthorizedError(http(401, undefined, { path: '/me' })),
      { en: 'sign in again', pt: 'Entre novamente' },
    ],
    ['http', new HttpError(http(503)), { en: 'unavailable', pt: 'indisponível' }],
    ['http', new HttpError(http(403)), { en: 'not allowed', pt: 'não tem permissão' }],
    ['http', new HttpError(http(404)), { en: 'could not be found', pt: 'Não encontrado' }],
    ['http', new HttpError(http(409)), { en: 'conflicts', pt: 'conflita' }],
    ['http', new HttpError(http(422, { message: 'Nope' })), { en: 'refused', pt: 'recusada' }],
    ['http', new HttpError(http(418)), { en: 'status 418', pt: 'status 418' }],
    ['unknown', new Error('boom'), { en: 'Something went wrong', pt: 'Algo deu errado' }],
    ['unknown', 'a string', { en: 'Something went wrong', pt: 'Algo deu errado' }],
  ];
  it.each(cases)('%s: a title in each locale', (code, error, words) => {
    const en = describeError(error, { locale: 'en', now: NOW });
    const pt = describeError(error, { locale: 'pt-BR', now: NOW });
    expect(en.code).toBe(code);
    expect(en.title).toContain(words.en);
    expect(pt.title).toContain(words.pt);
    expect(en.title).not.toBe(pt.title);
  });

  it('defaults to English, and says which errors are worth retrying', () => {
    expect(describeError(new NetworkError('GET', '/me')).title).toMatch(/^No connection/);
    expect(describeError(new NetworkError('GET', '/me')).retryable).toBe(true);
    expect(describeError(new TimeoutError('GET', '/me', 1)).retryable).toBe(true);
    expect(describeError(new HttpError(http(502))).retryable).toBe(true);
    expect(describeError(new HttpError(http(422))).retryable).toBe(false);
    expect(describeError(new UnauthorizedError(http(401))).retryable).toBe(false);
  });

  it('a 401 of the login reads as wrong credentials', () => {
    const error = new UnauthorizedError(
      http(401, { message: 'Invalid credentials.' }, { path: '/auth/login' }),
    );
    expect(describeError(error).title).toBe('The login or password is incorrect.');
    expect(describeError(error, { locale: 'pt-BR' }).title).toBe('Login ou senha incorretos.');
    const other = new UnauthorizedError(http(401, undefined, { path: '/v2/signin' }));
    expect(describeError(other).title).toContain('sign in again');
    expect(describeError(other, { context: 'login' }).title).toBe('The login or password is incorrect.');
  });
});

describe('describeError: fields', () => {
  it('validation issues by field path, in our words from the issue code', () => {
    const error = new RequestValidationError('registerSimplified', [
      { path: ['email'], code: 'invalid_format', message: 'must be a valid email' },
      { path: ['address', 'zip_code'], code: 'too_big', message: 'must not be longer than 9 characters' },
      { path: ['password_confirmation'], code: 'custom', message: 'must match password' },
      { path: ['document'], code: 'custom', message: 'invalid CPF' },
      { path: ['user_pause'], code: 'something_new', message: 'whatever' },
      { path: ['reason'], code: 'constructor', message: 'an inherited key is no code of ours' },
      { path: ['user_pause'], code: 'too_small', message: 'must be >= 1' },
      { path: [], code: 'custom', message: 'must set at least one limit field' },
    ]);
    const en = describeError(error);
    expect(en.title).toBe('Please check the highlighted fields.');
    expect(en.fields).toEqual({
      email: ['Please enter a valid e-mail address.'],
      'address.zip_code': ['Too long or too large.'],
      password_confirmation: ['The passwords do not match.'],
      document: ['Please enter a valid CPF.'],
      user_pause: ['Not valid.', 'Too short or too small.'],
      reason: ['Not valid.'],
    });
    const pt = describeError(error, { locale: 'pt-BR' });
    expect(pt.title).toBe('Verifique os campos destacados.');
    expect(pt.fields.email).toEqual(['Informe um e-mail válido.']);
    expect(pt.fields.document).toEqual(['Informe um CPF válido.']);
    expect(pt.fields.password_confirmation).toEqual(['As senhas não conferem.']);
  });

  it('a validation error with only root issues has a title and no fields', () => {
    const error = new RequestValidationError('updateLimits', [
      { path: [], code: 'custom', message: 'must set at least one limit field' },
    ]);
    expect(describeError(error)).toMatchObject({ title: 'This request is not valid.', fields: {} });
  });

  it("server fieldErrors: the server's messages as given, ours for secret fields; __proto__ stays data", () => {
    const body = JSON.parse(
      '{"message":"The given data was invalid.","errors":{"email":["The email has already been taken."],' +
        '"two_factor_code":["The code 123456 is invalid."],"password":["too weak: hunter2"],"__proto__":["odd key"]}}',
    );
    const d = describeError(new HttpError(http(422, body)));
    // A rejected code is named in the title (issue 20 item 4), the other fields kept.
    expect(d.title).toBe('The code is not correct. Please try again.');
    // A case the library knows gets its own words.
    expect(d.fields.email).toEqual(['This e-mail address is already registered.']);
    expect(d.fields.two_factor_code).toEqual(['The code is not correct.']);
    expect(d.fields.password).toEqual(['Please check the password.']);
    expect(Object.getOwnPropertyDescriptor(d.fields, '__proto__')?.value).toEqual(['odd key']);
    expect(JSON.stringify(d)).not.toContain('123456');
    expect(JSON.stringify(d)).not.toContain('hunter2');
    expect(JSON.stringify(d)).not.toContain('The given data was invalid.');
  });

  it('a step-up asks for the password, and says when the one given was wrong', () => {
    const required = new StepUpRequiredError(
      http(422, { code: 'password_check_required', errors: { password_check: ['Required.'] } }),
      'required',
    );
    const invalid = new StepUpRequiredError(
      http(422, { code: 'password_check_invalid', errors: { password_check: ['Wrong.'] } }),
      'invalid',
    );
    expect(describeError(required)).toMatchObject({
      code: 'step_up_required',
      title: 'Please confirm your password to make this change.',
      fields: { password_check: ['Please confirm your password to make this change.'] },
    });
    expect(describeError(invalid, { locale: 'pt-BR' })).toMatchObject({
      title: 'A senha informada na confirmação não está correta.',
      fields: { password_check: ['A senha informada não está correta.'] },
    });
  });
});

describe('describeError: 429', () => {
  it('says the wait in seconds or minutes, rounded up, with retryAt', () => {
    const in45s = describeError(new HttpError(http(429, undefined, { retryAfter: 45 })), { now: NOW });
    expect(in45s).toMatchObject({
      title: 'Too many attempts. Please try again in 45 seconds.',
      retryAt: NOW + 45_000,
    });
    expect(in45s.retryable).toBe(true);
    const in1s = describeError(new HttpError(http(429, undefined, { retryAfter: 1 })), { now: NOW });
    expect(in1s.title).toBe('Too many attempts. Please try again in 1 second.');
    const in90s = describeError(new HttpError(http(429, undefined, { retryAfter: 90 })), {
      now: NOW,
      locale: 'pt-BR',
    });
    expect(in90s.title).toBe('Muitas tentativas. Tente novamente em 2 minutos.');
    const in60s = describeError(new HttpError(http(429, undefined, { retryAfter: 60 })), {
      now: NOW,
      locale: 'pt-BR',
    });
    expect(in60s.title).toBe('Muitas tentativas. Tente novamente em 1 minuto.');
  });

  it("counts from the view's retryAt when given, and says so once the wait is over", () => {
    const error = new HttpError(http(429, undefined, { retryAfter: 900 }));
    expect(describeError(error, { now: NOW, retryAt: NOW + 120_000 })).toMatchObject({
      title: 'Too many attempts. Please try again in 2 minutes.',
      retryAt: NOW + 120_000,
    });
    expect(describeError(error, { now: NOW, retryAt: NOW - 1 }).title).toBe(
      'Too many attempts. You can try again now.',
    );
    const noWait = describeError(new HttpError(http(429)), { now: NOW });
    expect(noWait.title).toBe('Too many attempts. Please try again later.');
    expect(noWait.retryAt).toBeUndefined();
  });
});

describe('describeError never quotes a value', () => {
  const CANARY = 'canary-DESCRIBE-5ec7e7';
  it.each(LOCALES)('%s: no canary from messages, bodies, issues, causes or secret fields', (locale) => {
    const errors: unknown[] = [
      new HttpError(http(400, { message: CANARY, errors: { password: [CANARY], captcha_token: [CANARY] } })),
      new HttpError(http(500, { message: CANARY })),
      new UnauthorizedError(http(401, { message: CANARY })),
      new HttpError(http(429, { message: CANARY }, { retryAfter: 5 })),
      new StepUpRequiredError(
        http(422, { code: 'password_check_invalid', errors: { password_check: [CANARY] } }),
        'invalid',
      ),
      new RequestValidationError('login', [{ path: ['login'], code: 'custom', message: CANARY }]),
      new ResponseValidationError('login', [{ path: ['user'], code: 'custom', message: CANARY }]),
      new NetworkError('GET', '/me', { cause: new Error(CANARY) }),
      new ConfigurationError(CANARY),
      new StorageError(CANARY),
      new Error(CANARY),
      { message: CANARY, code: 'http' },
    ];
    for (const error of errors)
      expect(JSON.stringify(describeError(error, { locale }))).not.toContain(CANARY);
  });

  it("shows a non-secret field's server message as given (documented): only the adapter's scrub applies", () => {
    const d = describeError(new HttpError(http(422, { errors: { email: [`${CANARY} is odd`] } })));
    expect(d.fields.email).toEqual([`${CANARY} is odd`]);
  });

  describe('through the real adapter, from a server that echoes the password', () => {
    const PASSWORD = 'canary-PW-"q"/ä&+ 1';
    let echo: EchoServer;
    beforeAll(async () => {
      echo = await startEchoServer();
    });
    afterAll(() => echo.close());

    it('the secret the request sent is gone from every field message, and the title is ours', async () => {
      echo.answer = (request) => {
        const sent = (request.json as { password: string }).password;
        return {
          status: 422,
          body: {
            message: `Wrong password ${sent}`,
            errors: { login: [`No account with password ${sent}`], password: [sent] },
          },
        };
      };
      const auth = createAuthModule(
        createOfetchAdapter({ baseURL: echo.url, timeout: REAL_TIME_TIMEOUT_MS }),
      );
      const error = await auth.login({ login: 'player@example.com', password: PASSWORD }).then(
        () => null,
        (e: unknown) => e,
      );
      expect((error as HttpError).status).toBe(422);
      for (const locale of LOCALES) {
        const d = describeError(error, { locale });
        const text = JSON.stringify(d);
        expect(text).not.toContain('canary-PW');
        expect(d.fields.login).toEqual(['No account with password [redacted]']);
        expect(d.fields.password).toEqual([
          locale === 'en' ? 'Please check the password.' : 'Verifique a senha.',
        ]);
      }
    });
  });
});
