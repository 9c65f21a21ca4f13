import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createAuthModule, createOfetchAdapter, createUserModule, type HttpAdapter } from '../../src/index';
import { ENCODERS } from '../errors/encoders';
import { reachableStrings } from '../support/reachable';
import { useReferenceServer } from '../support/server';

// Review E item 5: the adapter scrubbed from an answer the secrets of that request only: a login's
// captcha token (sent with the first step, not with the code step) quoted by a LATER answer reached
// the app. Now every unguessable secret the adapter sent (16 or more of [A-Za-z0-9_+/.=-], not only
// digits: a captcha or refresh token) is held and scrubbed from every later answer, like its tokens.
// A password or a 2FA code is not held (review F): a wrong password that is a word, an e-mail or a
// CPF, held for the page's life, rewrote later data and a step-up's `password_check_required`.

const ctx = useReferenceServer();

/** The strings of `value` (reachable, and as `inspect` and JSON show it) holding `secret` in any form. */
function holding(value: unknown, secret: string): string[] {
  const texts = [...reachableStrings(value), inspect(value, { depth: 8 }), JSON.stringify(value) ?? ''];
  const forms = Object.values(ENCODERS).map((encode) => encode(secret).toLowerCase());
  return texts.filter((t) => forms.some((f) => t.toLowerCase().includes(f)));
}

function client() {
  const store: { token: string | null } = { token: null };
  const http: HttpAdapter = createOfetchAdapter({
    baseURL: ctx.server.url,
    getAccessToken: () => store.token,
    retry: 0,
  });
  return { store, http, auth: createAuthModule(http), user: createUserModule(http) };
}

const failure = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable('the call should fail'),
    (e: unknown) => e,
  );

const CAPTCHA = '03AFcWeA5xQ9mZt7LkP2vR8sYhJ4nB6dG1cXwE0uIoTqKaMbNlKtXyVq';

describe('an answer quoting a secret an earlier request sent (review E item 5)', () => {
  it("the code step's error quoting the first step's captcha token", async () => {
    const c = client();
    const { email, password } = ctx.server.seed.twoFactor;
    const challenge = await c.auth.login({ login: email, password, captcha_token: CAPTCHA });
    expect(challenge.access_token ?? null).toBeNull();
    ctx.server.faults.add({
      path: '/auth/login',
      status: 422,
      body: {
        message: `captcha_token ${CAPTCHA} was already used`,
        errors: { captcha_token: [`The token ${CAPTCHA} is not valid.`] },
      },
      times: 1,
    });
    const error = await failure(c.auth.login({ login: email, password, two_factor_code: '000111' }));
    expect(holding(error, CAPTCHA)).toEqual([]);
  });

  it('a later 2xx answer: the captcha token is redacted; a wrong password and a code of earlier calls stay data', async () => {
    const c = client();
    const { email, password } = ctx.server.seed.twoFactor;
    await failure(c.auth.login({ login: email, password: 'player@example.com' }));
    await c.auth.login({ login: email, password, captcha_token: CAPTCHA });
    await failure(c.auth.login({ login: email, password, two_factor_code: '987612' }));
    ctx.server.faults.add({
      path: '/any/data',
      status: 200,
      body: {
        note: `captcha ${CAPTCHA} seen`,
        email: 'player@example.com',
        ref: '987612',
        '987612': 'a key',
      },
      times: 1,
    });
    const value = await c.http.get<Record<string, string>>('/any/data');
    expect(holding(value, CAPTCHA)).toEqual([]);
    expect(value).toMatchObject({ email: 'player@example.com', ref: '987612', '987612': 'a key' });
  });

  it("a wrong password that is a word leaves a later step-up's code word readable (review F, F1)", async () => {
    const c = client();
    const { email, password } = ctx.server.seed.plain;
    await failure(c.auth.login({ login: email, password: 'password' }));
    c.store.token = (await c.auth.login({ login: email, password })).access_token ?? null;
    ctx.server.faults.add({
      path: '/any/change',
      status: 422,
      body: { code: 'password_check_required', message: 'Confirm your password' },
      times: 1,
    });
    const error = await failure(c.http.post('/any/change', { user_pause: 7 }));
    expect(error).toMatchObject({ code: 'step_up_required', body: { code: 'password_check_required' } });
  });

  it("a call's own password that is part of the step-up's code word does not hide the step-up", async () => {
    const c = client();
    ctx.server.faults.add({
      path: '/any/change',
      status: 422,
      body: { code: 'password_check_invalid', message: 'The password check is invalid' },
      times: 1,
    });
    const error = await failure(c.http.post('/any/change', { user_pause: 7, password_check: 'password' }));
    expect(error).toMatchObject({ code: 'step_up_required', body: { code: 'password_check_invalid' } });
    expect(JSON.stringify(error)).not.toMatch(/The password check/);
  });
});
