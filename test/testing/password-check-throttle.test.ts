import { SEED_ACCOUNTS } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { useClockedReferenceServer } from '../support/server';
import { call } from './helpers';

// Issue 23: the reference server limits password checks like logins: five wrong ones in 15
// minutes answer 429 with Retry-After (the step-up of a sensitive change, and check-password,
// which is a password oracle otherwise).

const { plain } = SEED_ACCOUNTS;

describe('reference server: password_check is throttled like a login', () => {
  const ref = useClockedReferenceServer(plain.id);
  const { server, clock } = ref;
  const change = (password_check: string) =>
    call(server, 'PATCH', '/bff/users/self-email', {
      token: ref.token,
      body: { email: 'x@example.com', password_check },
    });
  const check = (password: string) =>
    call(server, 'POST', '/bff/users/check-password', { token: ref.token, body: { password } });

  it('answers 429 with Retry-After after five wrong checks, even for the right password, until it has passed', async () => {
    for (let i = 0; i < 3; i++) expect((await change('wrong')).status).toBe(422);
    for (let i = 0; i < 2; i++) expect((await check('wrong')).json).toEqual({ success: false });
    const locked = await change(plain.password);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await check(plain.password)).status).toBe(429);
    clock.advance(Number(locked.headers.get('retry-after')) * 1000);
    expect((await change(plain.password)).status).toBe(200);
  });

  it('a right check clears the count', async () => {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await check('wrong')).status).toBe(200);
      expect((await check(plain.password)).json).toEqual({ success: true });
    }
  });
});
