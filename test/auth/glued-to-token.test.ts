import { describe, expect, it } from 'vitest';
import { createAuthModule, createOfetchAdapter } from '../../src/index';
import { useEchoServer } from '../http/echo-server';
import { PLAIN_USER_INFO } from '../support/login-answer';
import { reachableStrings } from '../support/reachable';

// REVIEW-G G1: a short password or 2FA code glued to a token's echo (`<token>abc123`,
// `abc123_<token>`) in a 2xx answer. The call's own secrets were looked for first, where the code
// was part of the token's word and stayed; the token was redacted after, by another scrubber (the
// login answer's new token in `granting`, an earlier token the adapter holds), leaving the code
// beside `[redacted]`: `view.user.name` read "[redacted]abc123". Now the tokens go first and the
// call's secrets are looked for in what is left, where the code stands on its own.

const echo = useEchoServer();
const PASSWORD = 'abc123';
const NEW = 'n3wTok3nQRS9876543210zyxwvuABCD';
const OLD = 'o1dTok3nQRS9876543210zyxwvuEFGH';

const glued = (t: string, s: string) => [`${t}${s}`, `${s}${t}`, `${t}_${s}`, `${s}_${t}`, `x ${t}-${s} y`];

describe('a short secret glued to a token in a 2xx answer (REVIEW-G G1)', () => {
  it('the login answer: the password beside the token it gives is hidden, the token still reaches the caller', async () => {
    const forms = glued(NEW, PASSWORD);
    echo.answer = {
      status: 200,
      body: {
        access_token: NEW,
        expires_in: 28_800,
        token_type: 'Bearer',
        user: { id: 1, email: 'p@example.com', name: forms[0], username: forms[1], notes: forms.slice(2) },
        userInfo: { ...PLAIN_USER_INFO, two_factor_type: forms[2] },
      },
    };
    const auth = createAuthModule(createOfetchAdapter({ baseURL: echo.server.url, retry: 0 }));
    const answer = await auth.login({ login: 'p@example.com', password: PASSWORD });
    expect(answer.access_token).toBe(NEW);
    const { access_token: _, ...rest } = answer;
    expect(reachableStrings(rest).filter((s) => s.includes(PASSWORD) || s.includes(NEW))).toEqual([]);
  });

  it('the two-factor step: the code beside the token it gives is hidden', async () => {
    echo.answer = {
      status: 200,
      body: {
        access_token: NEW,
        expires_in: 28_800,
        token_type: 'Bearer',
        user: { id: 1, email: 'p@example.com', name: `${NEW}_482913` },
        userInfo: { ...PLAIN_USER_INFO, two_factor_type: `482913${NEW}` },
      },
    };
    const auth = createAuthModule(createOfetchAdapter({ baseURL: echo.server.url, retry: 0 }));
    const answer = await auth.login({
      login: 'p@example.com',
      password: 'Secret-Passw0rd',
      two_factor_code: '482913',
    });
    const { access_token: _, ...rest } = answer;
    expect(reachableStrings(rest).filter((s) => s.includes('482913') || s.includes(NEW))).toEqual([]);
  });

  it('a later answer: the password beside an earlier token the adapter holds is hidden', async () => {
    let token = OLD;
    const http = createOfetchAdapter({ baseURL: echo.server.url, retry: 0, getAccessToken: () => token });
    echo.answer = { status: 200, body: { ok: true } };
    await http.get('/auth/user-profile');
    token = NEW;
    echo.answer = { status: 200, body: { echo: glued(OLD, PASSWORD), more: glued(NEW, PASSWORD) } };
    const answer = await http.post('/any/change', { password: PASSWORD });
    expect(
      reachableStrings(answer).filter((s) => s.includes(PASSWORD) || s.includes(OLD) || s.includes(NEW)),
    ).toEqual([]);
  });
});
