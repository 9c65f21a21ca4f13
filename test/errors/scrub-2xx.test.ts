import { createAuthModule, createOfetchAdapter, describeError, isPamError } from 'pam-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { type EchoServer, startEchoServer } from '../http/echo-server';
import { rejectionOf } from '../http/helpers';
import { PLAIN_USER_INFO } from '../support/login-answer';
import { everyView } from './views';

// Issue 27.1: in a 2xx answer a secret replaces only a whole value (after decoding); one embedded
// in a longer string is redacted only when it is unambiguous (8 characters or more, not all
// digits). Error bodies keep the every-echo rule, keys included.

const isTokenKey: ReadonlySet<string> = new Set(['token', 'access_token']);
const data = (secrets: string[], value: unknown) => createScrubber(secrets).deep(value, isTokenKey, true);

describe('a 2xx answer: short or all-digit secrets never rewrite a longer value', () => {
  it('a code inside amounts, phones and documents', () => {
    const answer = {
      wallet: { balance: '10.50', bonus: '1.00', currency: 'BRL' },
      user: { phone: '11912345600', document: { type: 'cpf', number: '52912345625' } },
      list: ['x1', '1x', 'a 1 b'],
    };
    expect(data(['1'], answer)).toBe(answer);
    expect(data(['123456'], answer)).toBe(answer);
    expect(data(['000001'], answer)).toBe(answer);
  });

  it('a short captcha token inside a word, and a long all-digit one inside a number string', () => {
    const answer = { message: 'Welcome back, tabata!', id: 'ref-99887766554433-x' };
    expect(data(['tab', 'ata'], answer)).toBe(answer);
    expect(data(['99887766554433'], answer)).toBe(answer);
  });

  it('a whole value that is the secret is replaced, in any field and any encoding', () => {
    expect(data(['123456'], { a: '123456', b: ['%31%32%33%34%35%36'], c: { d: '&#49;23456' } })).toEqual({
      a: '[redacted]',
      b: ['[redacted]'],
      c: { d: '[redacted]' },
    });
    expect(data(['abC1'], { echo: 'ABC1', other: 'abC12' })).toEqual({ echo: '[redacted]', other: 'abC12' });
    // Layers of encoding (htmlspecialchars, then urlencode) peeled off: still the whole value.
    expect(data(["a'1"], { echo: 'a%26%23039%3B1' })).toEqual({ echo: '[redacted]' });
  });

  it('a whole value that is the secret padded with whitespace is replaced (review of 26/27, E)', () => {
    const answer = { a: ' hunter2 ', b: 'hunter2\n', c: ['\t123456 '], d: { e: ' %31%32%33%34%35%36\r\n' } };
    expect(data(['hunter2', '123456'], answer)).toEqual({
      a: '[redacted]',
      b: '[redacted]',
      c: ['[redacted]'],
      d: { e: '[redacted]' },
    });
    // Short or all-digit secrets still never rewrite a longer value, padded or not.
    const longer = { amount: ' 10.50 ', phone: '11912345600\n', word: ' hunter22 ' };
    expect(data(['1', '123456', 'hunter2'], longer)).toBe(longer);
  });

  it('a key that is the secret is replaced; a field name that merely contains it stays', () => {
    expect(data(['123456'], { '123456': 1, id_123456: 2 })).toEqual({ '[redacted]': 1, id_123456: 2 });
  });

  it('an unambiguous secret (8+ characters, not all digits) is redacted inside a longer value', () => {
    expect(data(['Secret123!'], { message: 'checked Secret123! ok', n: 'Secret123!' })).toEqual({
      message: 'checked [redacted] ok',
      n: '[redacted]',
    });
    expect(data(['tok-abcdefgh'], { hint: 'Bearer tok-abcdefgh', token: 'tok-abcdefgh' })).toEqual({
      hint: 'Bearer [redacted]',
      token: 'tok-abcdefgh',
    });
  });

  it('numbers of a 2xx answer are data', () => {
    const answer = { id: 123456, amount: 1 };
    expect(data(['123456', '1'], answer)).toBe(answer);
  });
});

describe('error bodies: every echo, keys scrubbed like values', () => {
  it('a password echoed as a field name never reaches the key', () => {
    const s = createScrubber(['hunter2xyz']);
    expect(
      s.deep({ errors: { hunter2xyz: ['bad'], hunter2xyz_confirmation: ['bad'], 'user.hunter2xyz': ['x'] } }),
    ).toEqual({
      errors: { '[redacted]': ['bad'], '[redacted]_confirmation': ['bad'], 'user.[redacted]': ['x'] },
    });
  });

  it("the request's own secret field names stay: they say nothing of the value", () => {
    const s = createScrubber(['password', '123456']);
    expect(
      s.deep({ errors: { password: ['bad'], two_factor_code: [123456], strong_password: ['x'] } }),
    ).toEqual(
      // Scrubbed like a value: fail closed (a key that merely contains the password loses it).
      { errors: { password: ['bad'], two_factor_code: ['[redacted]'], 'strong_[redacted]': ['x'] } },
    );
  });

  it('a code inside a longer string of an error body is still redacted', () => {
    expect(createScrubber(['1234']).deep({ message: 'code 1234 wrong', at: 'x12345' })).toEqual({
      message: 'code [redacted] wrong',
      at: 'x[redacted]5',
    });
  });
});

describe('over HTTP', () => {
  let echo: EchoServer;
  beforeAll(async () => {
    echo = await startEchoServer();
  });
  afterAll(() => echo?.close());

  it('a login with code 1 whose answer holds "10.50" and a phone with the code parses', async () => {
    const body = {
      access_token: 'tok-abcdefghijklmnop',
      expires_in: 3600,
      token_type: 'Bearer',
      user: {
        id: 1,
        email: 'a@b.c',
        phone: '11912345600',
        wallet: {
          real: { credit: '10.50', walletId: '10' },
          bonus: { credit: '100.00' },
          cashback: { credit: '1.5', expiresAt: '2030-01-01 00:00:01' },
        },
      },
      userInfo: PLAIN_USER_INFO,
    };
    echo.answer = () => ({ status: 200, body });
    const auth = createAuthModule(createOfetchAdapter({ baseURL: echo.url, retry: 0 }));
    for (const code of ['1', '123456', '000010', '50']) {
      const result = await auth.login({ login: 'a@b.c', password: 'Secret123!', two_factor_code: code });
      expect(JSON.stringify(result), code).not.toContain('[redacted]');
      expect((result as { user?: { phone?: string } }).user?.phone).toBe('11912345600');
    }
  });

  it('a 422 that echoes the password as a field name: not in fieldErrors nor describeError', async () => {
    const password = 'hunter2xyz';
    echo.answer = () => ({
      status: 422,
      body: {
        message: 'Invalid',
        errors: { [password]: ['is wrong'], [`${password}_confirmation`]: ['no'] },
      },
    });
    const auth = createAuthModule(createOfetchAdapter({ baseURL: echo.url, retry: 0 }));
    const error = await rejectionOf(auth.login({ login: 'a@b.c', password }));
    expect(isPamError(error)).toBe(true);
    const seen = [
      everyView(error),
      JSON.stringify((error as { fieldErrors?: unknown }).fieldErrors),
      JSON.stringify(describeError(error)),
      JSON.stringify(describeError(error, { locale: 'pt-BR' })),
    ].join('\n');
    expect(seen).not.toContain(password);
    expect(Object.keys((error as { fieldErrors: object }).fieldErrors)).toContain('[redacted]');
  });
});
