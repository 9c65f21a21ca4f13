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

  it('replaces a secret in a non-identifier key as a whole word, and in every value', () => {
    const s = createScrubber(['password', 'hunter22']);
    expect(
      s.deep({
        strong_password: 'my hunter22',
        'Wrong hunter22': 1,
        hunter22x: 2,
        errors: { password: ['bad'] },
      }),
    ).toEqual({
      strong_password: 'my [redacted]',
      'Wrong [redacted]': 1,
      hunter22x: 2,
      // A field name stays: the form still finds the password's error when the password is 'password'.
      errors: { password: ['bad'] },
    });
  });
});

describe('numbers', () => {
  it('a numeric secret echoed as a JSON number (leading zeros gone) is scrubbed too', () => {
    const s = createScrubber(['012345', 'hunter22']);
    expect(s.deep({ received: 12345, errors: { two_factor_code: [12345] }, other: 123456 })).toEqual({
      received: '[redacted]',
      errors: { two_factor_code: ['[redacted]'] },
      other: 123456,
    });
  });
});
