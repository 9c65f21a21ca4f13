import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createAuthModule, createOfetchAdapter, createUserModule, type HttpAdapter } from '../../src/index';
import { ENCODERS } from '../errors/encoders';
import { reachableStrings } from '../support/reachable';
import { useReferenceServer } from '../support/server';

// Review E item 5: the adapter scrubbed from an answer the secrets of that request only. A login's
// captcha token (sent with the first step, not with the code step), a two-factor code the server
// rejected (not sent again), or the password (not sent with later calls) quoted by a LATER answer
// reached the app: an error's message and body, a 2xx value. Now every secret the adapter sent (a
// body's secret fields, a secret query parameter, a credential header: the last few) is scrubbed
// from every later answer, in every form the scrubber covers for the request's own.

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

  it("the code step's 2xx answer quoting the captcha token and an earlier rejected code", async () => {
    const c = client();
    const { email, password, twoFactorCode } = ctx.server.seed.twoFactor;
    await c.auth.login({ login: email, password, captcha_token: CAPTCHA });
    const rejected = await failure(c.auth.login({ login: email, password, two_factor_code: '987612' }));
    expect(rejected).toBeInstanceOf(Error);
    ctx.server.faults.add({
      path: '/auth/login',
      status: 422,
      body: { message: 'Code rejected; the previous code 987612 was also wrong' },
      times: 1,
    });
    const again = await failure(c.auth.login({ login: email, password, two_factor_code: '555444' }));
    expect(holding(again, '987612')).toEqual([]);
    const answer = await c.auth.login({ login: email, password, two_factor_code: twoFactorCode });
    expect(answer.access_token).toBeTruthy();
  });

  it('a later answer quoting the password: a 2xx value and an error', async () => {
    const c = client();
    const { email, password } = ctx.server.seed.plain;
    c.store.token = (await c.auth.login({ login: email, password })).access_token ?? null;
    ctx.server.faults.add({
      path: '/auth/user-profile',
      status: 500,
      body: { message: `your password ${password} is weak` },
      times: 1,
    });
    const error = await failure(c.auth.getUserProfile());
    expect(holding(error, password)).toEqual([]);
  });

  it("a later 2xx answer: an unambiguous earlier secret is redacted, an earlier code's digits stay data", async () => {
    const c = client();
    const { email, password } = ctx.server.seed.twoFactor;
    await c.auth.login({ login: email, password, captcha_token: CAPTCHA });
    await failure(c.auth.login({ login: email, password, two_factor_code: '987612' }));
    ctx.server.faults.add({
      path: '/any/data',
      status: 200,
      body: { note: `captcha ${CAPTCHA} seen`, said: password, ref: '987612', '987612': 'a key' },
      times: 1,
    });
    const value = await c.http.get<Record<string, string>>('/any/data');
    expect(holding(value, CAPTCHA)).toEqual([]);
    expect(holding(value, password)).toEqual([]);
    // A 2FA code of an earlier call is never the app's data's judge: an id equal to it stays.
    expect(value).toMatchObject({ ref: '987612', '987612': 'a key' });
  });
});
