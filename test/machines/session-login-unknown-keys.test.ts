import { RequestValidationError } from 'pam-client';
import type { sessionActorOf } from 'pam-client/devtools';
import type { PamClient } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { useReferenceServer } from '../support/server';
import { useSignedOutClients } from '../support/signed-out-client';

// Y-11 at the session door: a LOGIN with a key the login does not take (the spec's snake_case
// `captcha_token`, `app_source`, a typo) fails with `invalid_request` naming it, nothing sent, never
// its value. Before, the key was dropped and the login went out without it. `client.login` refuses
// it at the call, as it refuses a `type` of its own: a RequestValidationError thrown, nothing sent,
// the session untouched (FIXSMALL20: before, the one put the session in `failed`, the other threw).
const ctx = useReferenceServer();
const signedOutClient = useSignedOutClients(ctx);

async function refused(c: PamClient, actor: ReturnType<typeof sessionActorOf>, key: string): Promise<void> {
  await waitFor(actor, (s) => s.matches('failed') || s.matches('signedIn'), { timeout: 10_000 });
  expect(actor.getSnapshot().value).toBe('failed');
  const error = c.view.error as { code?: string; issues?: { path: unknown[]; code?: string }[] } | null;
  expect(error?.code).toBe('invalid_request');
  expect(error?.issues?.map((i) => [i.path, i.code])).toEqual([[[key], 'unrecognized_key']]);
  expect(ctx.server.requests.filter((r) => r.path.endsWith('/login'))).toHaveLength(0);
  expect(JSON.stringify([c.view, actor.getPersistedSnapshot()])).not.toContain('canary');
}

describe('session LOGIN with an unknown key', () => {
  it('ends failed with invalid_request naming captcha_token; no login request', async () => {
    const { c, actor } = await signedOutClient();
    c.state.send({
      type: 'LOGIN',
      login: ctx.server.seed.plain.email,
      password: ctx.server.seed.plain.password,
      captcha_token: 'CAPTCHA-canary-5e11',
    } as never);
    await refused(c, actor, 'captcha_token');
  });

  for (const [key, value] of [
    ['captcha_token', 'CAPTCHA-canary-77a0'],
    ['app_source', 'ios-canary'],
    ['remember', true],
  ] as const)
    it(`client.login({ …, ${key} }) throws RequestValidationError naming it; nothing sent, still signedOut`, async () => {
      const { c, actor } = await signedOutClient();
      let error: unknown = null;
      try {
        c.login({
          login: ctx.server.seed.plain.email,
          password: ctx.server.seed.plain.password,
          [key]: value,
        } as never);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(RequestValidationError);
      const issues = (error as RequestValidationError).issues;
      expect(issues.map((i) => [i.path, i.code])).toEqual([[[key], 'unrecognized_key']]);
      expect(JSON.stringify([error, (error as Error).message])).not.toContain('canary');
      expect(actor.getSnapshot().value).toBe('signedOut');
      expect(c.view.error).toBeNull();
      // The client still signs in, and the refused call never went out: one login reached the server.
      c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
      await waitFor(actor, (s) => s.matches('signedIn') || s.matches('failed'), { timeout: 10_000 });
      expect(actor.getSnapshot().value).toBe('signedIn');
      expect(ctx.server.requests.filter((r) => r.path.endsWith('/login'))).toHaveLength(1);
      expect(JSON.stringify(ctx.server.requests)).not.toContain('canary');
    });

  // `type` is the command's own key: one of the credentials' that is no LOGIN is refused at the call
  // (test/machines/client-login-type.test.ts), never made a login (nor another command).
  it('client.login({ …, type: REGISTER }) is refused, nothing sent', async () => {
    const { c, actor } = await signedOutClient();
    expect(() =>
      c.login({
        login: ctx.server.seed.plain.email,
        password: ctx.server.seed.plain.password,
        type: 'REGISTER',
      } as never),
    ).toThrow(/type/);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(ctx.server.requests.filter((r) => r.path.endsWith('/login'))).toHaveLength(0);
  });

  it('control: client.login with the known keys signs in', async () => {
    const { c, actor } = await signedOutClient();
    c.login({
      login: ctx.server.seed.plain.email,
      password: ctx.server.seed.plain.password,
      appSource: 'web',
      captchaToken: 'tok',
    });
    await waitFor(actor, (s) => s.matches('failed') || s.matches('signedIn'), { timeout: 10_000 });
    expect(actor.getSnapshot().value).toBe('signedIn');
  });
});
