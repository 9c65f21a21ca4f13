// REVIEW32 R32-1: a password, code or captcha token that is no string (an untyped caller's number,
// `null`, an object) is refused as such, `invalid_type` ("expected string") on its field, as a
// login that is no string is (3b99ab8f), and an empty code as the empty code it is (`too_small`),
// never as a code "never persisted" (the issue of a two-factor step restored from JSON, which tells
// an app the step was restored). Nothing is sent, no code is counted, and a captcha token that is
// no string is never dropped so the login goes without one.
import { createAuthModule, createOfetchAdapter, isPamError } from 'pam-client';
import { type ReferenceServer, startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server?.close());

const start = () =>
  createActor(loginMachine, {
    input: { auth: createAuthModule(createOfetchAdapter({ baseURL: server.url, timeout: 10_000 })) },
  }).start();

const issuesOf = (error: unknown) => {
  expect(isPamError(error)).toBe(true);
  expect(error).toMatchObject({ code: 'invalid_request' });
  return (error as { issues: { path: unknown[]; code: string }[] }).issues.map((i) => [i.path, i.code]);
};

describe('loginMachine: a secret that is no string', () => {
  it.each([
    ['an empty code', '', 'too_small'],
    ['a number', 123456, 'invalid_type'],
    ['null', null, 'invalid_type'],
    ['an object', { code: '123456' }, 'invalid_type'],
  ])(
    'SUBMIT_CODE with %s: refused as such on two_factor_code, nothing sent, not counted',
    async (_, code, issue) => {
      const actor = start();
      actor.send({
        type: 'SUBMIT',
        login: server.seed.twoFactor.email,
        password: server.seed.twoFactor.password,
      });
      await waitFor(actor, (s) => s.matches('twoFactorRequired'), { timeout: 10_000 });
      const before = server.requests.length;
      actor.send({ type: 'SUBMIT_CODE', code: code as never });
      await waitFor(actor, (s) => s.matches('twoFactorRequired') && s.context.error !== null, {
        timeout: 10_000,
      });
      expect(issuesOf(actor.getSnapshot().context.error)).toEqual([[['two_factor_code'], issue]]);
      expect(actor.getSnapshot().context.rejectedCodes).toBe(0);
      expect(server.requests.length).toBe(before);
      // The step goes on: the right code signs in.
      actor.send({ type: 'SUBMIT_CODE', code: server.seed.twoFactor.twoFactorCode! });
      await waitFor(actor, (s) => s.matches('authenticated'), { timeout: 10_000 });
      actor.stop();
    },
  );

  it.each([
    ['password', { password: 12345678 }],
    ['password', { password: undefined }],
    ['captcha_token', { password: 'Secret123!', captchaToken: 42 }],
  ])('SUBMIT with a %s that is no string: invalid_type on it, nothing sent', async (field, credentials) => {
    const actor = start();
    actor.send({ type: 'SUBMIT', login: server.seed.plain.email, ...(credentials as { password: string }) });
    await waitFor(actor, (s) => s.matches('failed'), { timeout: 10_000 });
    expect(issuesOf(actor.getSnapshot().context.error)).toEqual([[[field], 'invalid_type']]);
    expect(server.requests).toEqual([]);
    actor.stop();
  });
});
