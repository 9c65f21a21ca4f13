// The server-session client's `login` refuses a key the login does not take as createPamClient's
// does (one rule, `loginFields`): a RequestValidationError thrown at the call naming the key, never
// its value, nothing sent, the session untouched (FIXSMALL20: before, it ended `failed`).
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../src/index';
import { SIGNED_OUT, seededClients } from './seeded-client';

const start = seededClients();

describe('server session: client.login with a key the login does not take', () => {
  for (const [key, value] of [
    ['captcha_token', 'CAPTCHA-canary-31d9'],
    ['app_source', 'ios-canary'],
    ['type', 'REGISTER'],
  ] as const)
    it(`${key}: RequestValidationError at the call, nothing sent, still signedOut`, () => {
      const { client, reads } = start(SIGNED_OUT, {
        at: Date.UTC(2026, 10, 24, 15),
        answer: () => ({ status: 200, body: { type: 'two_factor_code', message: 'code sent' } }),
      });
      const status = client.view.status;
      let error: unknown = null;
      try {
        client.login({ login: 'player@example.com', password: 'Secret-123', [key]: value } as never);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues.map((i) => [i.path, i.code])).toEqual([
        [[key], 'unrecognized_key'],
      ]);
      expect(JSON.stringify([error, (error as Error).message])).not.toContain('canary');
      expect(client.view.status).toBe(status);
      expect(client.view.error).toBeNull();
      expect(reads('/auth/login')).toBe(0);
    });
});
