// Probe (holds): an aborted signal sends nothing and rejects AbortedError; a step-up prompt
// interrupted by abort ends the call typed.
import { createAuthModule, createOfetchAdapter, createUserModule, isPamError } from 'pam-client';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const mk = () => {
  const token = server.issueToken(server.seed.plain.id);
  const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: () => token, retry: 0 });
  return { user: createUserModule(http), auth: createAuthModule(http) };
};

describe('aborted before', () => {
  const s = () => AbortSignal.abort();
  test.each([
    ['limits', (m: ReturnType<typeof mk>) => m.user.updateLimits({ user_limit_loss: 10 }, { signal: s() })],
    [
      'pause',
      (m: ReturnType<typeof mk>) => m.user.setTimeoutLimits({ user_pause: 3, reason: 1 }, { signal: s() }),
    ],
    [
      'excl',
      (m: ReturnType<typeof mk>) =>
        m.user.setSelfExclusion({ user_exclusion: 3, reason: 1 }, { signal: s() }),
    ],
    ['history', (m: ReturnType<typeof mk>) => m.user.getLoginHistory(1, { signal: s() })],
    ['contracts', (m: ReturnType<typeof mk>) => m.user.updateContracts('lgpd', { signal: s() })],
    [
      'login',
      (m: ReturnType<typeof mk>) => m.auth.login({ login: 'a@b.co', password: 'x' }, { signal: s() }),
    ],
    ['logout', (m: ReturnType<typeof mk>) => m.auth.logout({ signal: s() })],
    [
      'captcha provider',
      (m: ReturnType<typeof mk>) =>
        m.user.updateProfile(1, { first_name: 'A', captcha_token: () => 'tok' } as never, { signal: s() }),
    ],
  ])('%s', async (_n, call) => {
    const e = await call(mk()).then(
      () => 'resolved',
      (x: unknown) => x,
    );
    expect(server.requests).toEqual([]);
    expect(isPamError(e) && (e as { code: string }).code).toBe('aborted');
  });
});

test('step-up: second attempt sent with the prompt password, password never in error', async () => {
  const m = mk();
  const e = await m.user
    .updateEmail({ email: 'new@example.com' }, { onStepUp: async () => 'WrongPass999' })
    .then(
      () => 'resolved',
      (x: unknown) => x,
    );
  const s = JSON.stringify(e) + String((e as Error).message) + JSON.stringify((e as { body?: unknown }).body);
  expect(s).not.toContain('WrongPass999');
});
