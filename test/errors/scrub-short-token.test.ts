import { createAuthModule, createOfetchAdapter } from 'pam-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { type EchoServer, startEchoServer } from '../http/echo-server';
import { PLAIN_USER_INFO } from '../support/login-answer';

// Review 5, D6: a short password (`hunt3r!`), an all-digit one (`19880721`) or the 2FA code
// (`482913`) echoed inside a longer string of a 2xx answer ("Código 482913 enviado") reached the
// view, events, inspector and debug log. Such a secret (2 characters or more) is now redacted where
// it stands as a token of its own: no letter, digit or `_` on either side, nor a `-`, `.` or `/`
// joining it to one, nor a `,` or `:` joining it to a digit. Inside a longer word or number
// ("1482913", "482913.50", "2024-482913", "a482913") it is data and stays.

const kept: ReadonlySet<string> = new Set(['token', 'access_token']);
const data = (secrets: string[], value: unknown) => createScrubber(secrets).deep(value, kept, true);

describe('a 2xx answer: a short or all-digit secret standing as a token of its own', () => {
  it('is redacted inside a longer string', () => {
    expect(
      data(['482913', 'hunt3r!', '19880721'], {
        message: 'Código 482913 enviado',
        name: 'name hunt3r! x',
        born: 'born 19880721.',
        echo: 'you sent {"password":"hunt3r!","two_factor_code":"482913"}',
        list: [
          '(482913)',
          'code: 482913, ok',
          '482913\nthen',
          'a 19880721/',
          '验证码482913已发送',
          'code:482913',
        ],
      }),
    ).toEqual({
      message: 'Código [redacted] enviado',
      name: 'name [redacted] x',
      born: 'born [redacted].',
      echo: 'you sent {"password":"[redacted]","two_factor_code":"[redacted]"}',
      list: [
        '([redacted])',
        'code: [redacted], ok',
        '[redacted]\nthen',
        'a [redacted]/',
        '验证码[redacted]已发送',
        'code:[redacted]',
      ],
    });
  });

  it('is redacted in any form of an echo; a key keeps its rule (only a whole key is a short secret)', () => {
    expect(data(['482913'], { m: 'Código &#52;82913 enviado', 'Código 482913': 1, '482913': 2 })).toEqual({
      m: 'Código [redacted] enviado',
      'Código 482913': 1,
      '[redacted]': 2,
    });
    // Found only once a layer of encoding is peeled off: the whole value goes (fail closed).
    expect(data(['hunt3r!'], { m: 'name%20hunt3r%21%20x' })).toEqual({ m: '[redacted]' });
  });

  it('inside a longer number or word stays', () => {
    const answer = {
      numbers: ['1482913', '4829131', '482913.50', '2024-482913', '1,482913', '12:482913', '482913/7'],
      words: ['a482913', '482913a', 'ref_482913', 'x.482913', 'v-482913-z', 'Ó482913'],
      password: ['xhunt3r!', 'hunt3r!x', 'user.hunt3r!', 'hunt3r!-a', '1hunt3r!'],
      dates: ['1988-07-21', '19880721000', '7:19880721', '19880721,5'],
    };
    expect(data(['482913', 'hunt3r!', '19880721'], answer)).toBe(answer);
  });

  it('a one-character secret rewrites no longer value (a count, an initial): only a whole one', () => {
    const answer = { list: ['a 1 b', 'page 1 of 2', 'A b'] };
    expect(data(['1', 'A'], answer)).toBe(answer);
    expect(data(['1'], { v: ' 1 ' })).toEqual({ v: '[redacted]' });
  });

  it('keeps the rules that held: whole values, long secrets anywhere, identifier keys, numbers', () => {
    expect(data(['Secret123!'], { m: 'xSecret123!x' })).toEqual({ m: 'x[redacted]x' });
    expect(data(['123456'], { '123456': 1, id_123456: 2, n: 123456 })).toEqual({
      '[redacted]': 1,
      id_123456: 2,
      n: 123456,
    });
    expect(data(['tok-ab'], { token: 'tok-ab', hint: 'Bearer tok-ab' })).toEqual({
      token: 'tok-ab',
      hint: 'Bearer [redacted]',
    });
  });
});

describe('over HTTP: the real adapter', () => {
  let echo: EchoServer;
  beforeAll(async () => {
    echo = await startEchoServer();
  });
  afterAll(() => echo?.close());

  it('a login answer that echoes the short password and the code inside user.name', async () => {
    echo.answer = (request) => ({
      status: 200,
      body: {
        access_token: 'tok-abcdefghijklmnop',
        expires_in: 3600,
        token_type: 'Bearer',
        user: {
          id: 1,
          email: 'a@b.c',
          name: `Código ${(request.json as { two_factor_code: string }).two_factor_code} enviado; echo ${request.raw}`,
          phone: '11948291300',
          username: 'total 482913.50',
        },
        userInfo: PLAIN_USER_INFO,
      },
    });
    const auth = createAuthModule(createOfetchAdapter({ baseURL: echo.url, retry: 0 }));
    for (const password of ['hunt3r!', '19880721']) {
      const result = await auth.login({ login: 'a@b.c', password, two_factor_code: '482913' });
      const text = JSON.stringify(result);
      expect(text).not.toContain(password);
      expect(text).not.toContain('"482913');
      const user = (result as { user: { name: string; phone: string; username: string } }).user;
      expect(user.name).toMatch(/^Código \[redacted\] enviado; echo /);
      expect(user.phone).toBe('11948291300');
      expect(user.username).toBe('total 482913.50');
    }
  });
});
