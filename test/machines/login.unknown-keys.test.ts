import { createAuthModule, createOfetchAdapter, RequestValidationError } from 'pam-client';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';

// Y-11: an unknown credential key (the spec's snake_case `captcha_token` among them) is refused,
// never silently dropped: the login fails with `invalid_request` naming the key, nothing sent.
let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server?.close());

describe('loginMachine SUBMIT with an unknown key', () => {
  for (const extra of [
    { captcha_token: 'CAPTCHA-canary-91f2' },
    { app_source: 'ios' },
    { two_factor_code: '123456' },
    { remember: true },
  ]) {
    it(`refuses ${Object.keys(extra)[0]}: failed, invalid_request naming it, nothing sent`, async () => {
      const auth = createAuthModule(
        createOfetchAdapter({ baseURL: server.url, timeout: REAL_TIME_TIMEOUT_MS }),
      );
      const actor = createActor(loginMachine, { input: { auth } }).start();
      actor.send({
        type: 'SUBMIT',
        login: server.seed.plain.email,
        password: 'pw-canary-7d1e',
        ...extra,
      } as never);
      await waitFor(actor, (s) => s.matches('failed') || s.matches('authenticated'));
      expect(actor.getSnapshot().value).toBe('failed');
      const error = actor.getSnapshot().context.error as RequestValidationError;
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error.code).toBe('invalid_request');
      expect(error.issues.map((i) => i.path)).toEqual([Object.keys(extra)]);
      expect(server.requests).toHaveLength(0);
      const text = JSON.stringify([error, error.message, error.issues, actor.getPersistedSnapshot()]);
      expect(text).not.toContain('canary');
      expect(text).not.toContain(String(Object.values(extra)[0]));
      actor.stop();
    });
  }

  it('control: the known keys sign in', async () => {
    const auth = createAuthModule(
      createOfetchAdapter({ baseURL: server.url, timeout: REAL_TIME_TIMEOUT_MS }),
    );
    const actor = createActor(loginMachine, { input: { auth } }).start();
    actor.send({
      type: 'SUBMIT',
      login: server.seed.plain.email,
      password: server.seed.plain.password,
      appSource: 'web',
    });
    await waitFor(actor, (s) => s.matches('failed') || s.matches('authenticated'));
    expect(actor.getSnapshot().value).toBe('authenticated');
    actor.stop();
  });
});
