import { createAuthModule, createOfetchAdapter } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { useReferenceServer } from '../support/server';

// A password that is also part of a key (`strong_password`) or a common word must not corrupt a
// valid answer: keys are structure; only a key that IS a secret is replaced.

const ctx = useReferenceServer();

describe('scrubbing keeps the shape of an answer', () => {
  it('a login with the password "password" still parses its answer', async () => {
    const auth = createAuthModule(createOfetchAdapter({ baseURL: ctx.server.url }));
    ctx.server.faults.add({
      method: 'POST',
      path: '/auth/login',
      status: 200,
      times: 1,
      body: {
        access_token: 'tok-abcdefghijklmnop',
        expires_in: 3600,
        token_type: 'Bearer',
        user: { id: 1, email: 'a@b.c', phone: '11912345678' },
        userInfo: {
          validate_email_at: null,
          login_at: '2030-01-01 00:00:00',
          login_attempt_qty: 0,
          seven_days_since_last_login: false,
          strong_password: true,
          force_request_kyc: false,
          two_factor_enabled: false,
        },
      },
    });
    const r = await auth.login({ login: 'a@b.c', password: 'password' });
    expect(r.userInfo?.strong_password).toBe(true);
    expect(r.user?.phone).toBe('11912345678');
  });

  it("an error body: keys scrubbed like values (issue 27.1), but a secret field's own name", () => {
    const s = createScrubber(['password', 'hunter22']);
    expect(
      s.deep({
        strong_password: 'my hunter22',
        'Wrong hunter22': 1,
        hunter22x: 2,
        errors: { password: ['bad'] },
      }),
    ).toEqual({
      'strong_[redacted]': 'my [redacted]',
      'Wrong [redacted]': 1,
      '[redacted]x': 2,
      // The field's own name says nothing of the value: the form still finds the password's error.
      errors: { password: ['bad'] },
    });
  });

  it('a 2xx answer: a field name made of a word stays; a password with digits is an echo anywhere', () => {
    const s = createScrubber(['password', 'hunter22']);
    expect(
      s.deep(
        { strong_password: 'my hunter22', 'Wrong hunter22': 1, hunter22x: 2, hunter22: 3 },
        undefined,
        true,
      ),
    ).toEqual({ strong_password: 'my [redacted]', 'Wrong [redacted]': 1, '[redacted]x': 2, '[redacted]': 3 });
  });
});
