// Review 79 (against 7dfdbfcd; helper 427). Fixed in the fifty-second pass (each case failed on
// 7dfdbfcd, seen): machine-setup.ts `readingEvents`, login/request.ts `boxRegistration` key by key,
// tokenRefreshMachine.ts `saved`, registrationMachine.ts `boxed` (`boxCaptcha`).
// What it checks: a registration form's captcha token given as a provider (a function: the docs'
// "accept a token provider callback as well as a string", API.md Responsible gaming; the type
// `RegistrationPayload.captcha_token?: CaptchaToken` = string | Secret | CaptchaProvider) going
// through `registrationMachine` and then `loginMachine`'s REGISTER (what the machine's doc says:
// "send it with client.register(payload) (or REGISTER to the session or login machine)").
// Promise: the provider is called when the registration is sent and its token goes out.
// What happens: `boxed()` (machines/registrationMachine.ts:92) boxes `captcha_token` with `box`,
// not `boxCaptcha`: a function is "no string", boxed as NOT_A_STRING (machines/login/request.ts:132),
// so the registration is sent with `captcha_token: null` (the real auth module refuses it as
// `invalid_type`, a registration that can never succeed with a provider). The same payload sent
// straight to REGISTER (no registration machine) calls the provider and sends its token.
import type { RegisterSimplifiedPayload } from 'pam-client';
import { loginMachine, registrationMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, waitFor } from 'xstate';

const payload = (captcha: () => string) => ({
  email: 'new@example.com',
  password: 'S3cret-pass!',
  country: 'BR',
  nationalities: '["BR"]',
  optIn: false,
  captcha_token: captcha,
});

async function registerWith(p: unknown) {
  const sent: RegisterSimplifiedPayload[] = [];
  const login = createActor(loginMachine, {
    input: {
      auth: {
        login: () => new Promise<never>(() => undefined),
        registerSimplified: async (body: RegisterSimplifiedPayload) => {
          sent.push(body);
          return { type: 'two_factor_code' } as never;
        },
      },
    },
  }).start();
  login.send({ type: 'REGISTER', payload: p as never });
  await waitFor(login, (s) => !s.matches('registering'));
  login.stop();
  return sent;
}

describe('registration: a captcha provider survives the registration machine', () => {
  it('REGISTER straight from the app calls the provider (control)', async () => {
    const sent = await registerWith(payload(() => 'fresh-captcha-token'));
    expect(sent.map((b) => b.captcha_token)).toEqual(['fresh-captcha-token']);
  });

  it('the registration machine output, sent with REGISTER, calls the provider too', async () => {
    const form = createActor(registrationMachine, {
      input: { auth: { validateDocument: () => new Promise<never>(() => undefined) } },
    }).start();
    form.send({ type: 'SUBMIT', payload: payload(() => 'fresh-captcha-token') as never });
    const out = await toPromise(form);
    const sent = await registerWith(out.payload);
    expect(sent.map((b) => b.captcha_token)).toEqual(['fresh-captcha-token']);
  });
});
