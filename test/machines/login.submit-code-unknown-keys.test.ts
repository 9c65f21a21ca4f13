import { createAuthModule, createOfetchAdapter, RequestValidationError } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';

// SUBMIT_CODE as SUBMIT since Y-11: a key the code step does not take (a typo, the spec's
// `two_factor_code` / `captcha_token`, a `login` or `password` given again) is refused, never dropped:
// `invalid_request` naming the key (its name only), no request sent, back to `twoFactorRequired`
// uncounted (input we refused to send is no verdict on the code). Before, the key was dropped and
// the code went out without it (or, for a `two_factor_code`, no code went out at all).
let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server?.close());

const EXTRAS = [
  { two_factor_code: 'CODE-canary-41aa' },
  { captcha_token: 'CAPTCHA-canary-91f2' },
  { password: 'pw-canary-7d1e' },
  { remember: true },
];
const logins = () => server.requests.filter((r) => r.path.endsWith('/login'));

describe('loginMachine SUBMIT_CODE with an unknown key', () => {
  for (const extra of EXTRAS) {
    const key = Object.keys(extra)[0]!;
    it(`refuses ${key}: twoFactorRequired, invalid_request naming it, uncounted, nothing sent`, async () => {
      const auth = createAuthModule(
        createOfetchAdapter({ baseURL: server.url, timeout: REAL_TIME_TIMEOUT_MS }),
      );
      const actor = createActor(loginMachine, { input: { auth } }).start();
      const { email, password } = server.seed.twoFactor;
      const twoFactorCode = server.seed.twoFactor.twoFactorCode as string;
      actor.send({ type: 'SUBMIT', login: email, password });
      await waitFor(actor, (s) => s.matches('twoFactorRequired'));
      expect(logins()).toHaveLength(1);
      actor.send({ type: 'SUBMIT_CODE', code: twoFactorCode, ...extra } as never);
      await waitFor(actor, (s) => !s.matches('verifyingTwoFactor'));
      const s = actor.getSnapshot();
      expect([s.value, s.context.rejectedCodes]).toEqual(['twoFactorRequired', 0]);
      const error = s.context.error as RequestValidationError;
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error.code).toBe('invalid_request');
      expect(error.issues.map((i) => [i.path, i.code])).toEqual([[[key], 'unrecognized_key']]);
      expect(logins()).toHaveLength(1);
      const text = JSON.stringify([error, error.message, error.issues, actor.getPersistedSnapshot()]);
      expect(text).not.toContain('canary');
      // The step is still open: the code alone signs in.
      actor.send({ type: 'SUBMIT_CODE', code: twoFactorCode });
      await waitFor(actor, (x) => x.matches('authenticated') || x.matches('failed'));
      expect(actor.getSnapshot().value).toBe('authenticated');
      actor.stop();
    });
  }

  it('control: code and captchaToken are taken', async () => {
    const auth = createAuthModule(
      createOfetchAdapter({ baseURL: server.url, timeout: REAL_TIME_TIMEOUT_MS }),
    );
    const actor = createActor(loginMachine, { input: { auth } }).start();
    const { email, password } = server.seed.twoFactor;
    const twoFactorCode = server.seed.twoFactor.twoFactorCode as string;
    actor.send({ type: 'SUBMIT', login: email, password });
    await waitFor(actor, (s) => s.matches('twoFactorRequired'));
    actor.send({ type: 'SUBMIT_CODE', code: twoFactorCode, captchaToken: 'tok' });
    await waitFor(actor, (s) => s.matches('authenticated') || s.matches('failed'));
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(logins().map((r) => (r.body as { captcha_token?: string }).captcha_token)).toEqual([
      undefined,
      'tok',
    ]);
    actor.stop();
  });
});

describe('session SUBMIT_CODE with an unknown key', () => {
  const clients: PamClient[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.stop();
  });

  for (const extra of EXTRAS) {
    const key = Object.keys(extra)[0]!;
    it(`client.state.send({ SUBMIT_CODE, …, ${key} }): invalid_request naming it, nothing sent`, async () => {
      const c = createPamClient({ baseURL: server.url, timeout: REAL_TIME_TIMEOUT_MS });
      clients.push(c);
      const actor = sessionActorOf(c);
      await waitFor(actor, (s) => s.matches('signedOut'), { timeout: 10_000 });
      const { email, password } = server.seed.twoFactor;
      const twoFactorCode = server.seed.twoFactor.twoFactorCode as string;
      c.login({ login: email, password });
      await waitFor(actor, (s) => s.hasTag('twoFactorRequired'), { timeout: 10_000 });
      c.state.send({ type: 'SUBMIT_CODE', code: twoFactorCode, ...extra } as never);
      await waitFor(
        actor,
        (s) => (s.hasTag('twoFactorRequired') && c.view.error !== null) || s.matches('signedIn'),
        {
          timeout: 10_000,
        },
      );
      const error = c.view.error as { code?: string; issues?: { path: unknown[]; code?: string }[] };
      expect(error.code).toBe('invalid_request');
      expect(error.issues?.map((i) => [i.path, i.code])).toEqual([[[key], 'unrecognized_key']]);
      expect(c.view.codeAttemptsLeft).toBe(5);
      expect(logins()).toHaveLength(1);
      expect(JSON.stringify([c.view, actor.getPersistedSnapshot()])).not.toContain('canary');
      c.submitCode(twoFactorCode);
      await waitFor(actor, (s) => s.matches('signedIn') || s.matches('failed'), { timeout: 10_000 });
      expect(actor.getSnapshot().value).toBe('signedIn');
    });
  }
});
