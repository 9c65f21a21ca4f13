import type { LoginResponse } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { loginMachine, MAX_REJECTED_CODES } from '../../machines/loginMachine';
import { PLAIN_USER_INFO } from '../support/login-answer';

// REVIEW-Q Q-3, second half: the two-factor step answered `{ type: 'two_factor_code' }` (the server
// asking again: a new code was sent), with or without a token, counted as a rejected code (5 -> 4,
// and the fifth re-ask failed the login) although the server refused nothing. A re-ask now returns
// to `twoFactorRequired` uncounted, with no error; a code the server refuses (4xx) still counts.

const COMPLETE = {
  access_token: 'tok-0123456789',
  expires_in: 60,
  token_type: 'Bearer',
  user: { id: 1, email: 'p@example.com' },
  userInfo: PLAIN_USER_INFO,
} as LoginResponse;

const REASKS = {
  plain: { type: 'two_factor_code', message: 'A new code was sent.' },
  withToken: { type: 'two_factor_code', access_token: 'tok-0123456789' },
} as const;

/** A login actor whose server asks for a code, then answers each code with the next of `answers`. */
function started(answers: LoginResponse[]) {
  const auth = {
    login: async (p: { two_factor_code?: string }) =>
      p.two_factor_code === undefined ? ({ type: 'two_factor_code' } as LoginResponse) : answers.shift()!,
  };
  const actor = createActor(loginMachine, { input: { auth } }).start();
  actor.send({ type: 'SUBMIT', login: 'p@example.com', password: 'pw' });
  return actor;
}

describe('a code step answered with another code asked for: not a rejected code (Q-3)', () => {
  it.each(Object.keys(REASKS) as (keyof typeof REASKS)[])(
    '%s: uncounted, however many times',
    async (kind) => {
      const n = MAX_REJECTED_CODES + 2;
      const actor = started([...Array(n).fill(REASKS[kind]), COMPLETE]);
      await waitFor(actor, (s) => s.matches('twoFactorRequired'));
      for (let i = 0; i < n; i++) {
        actor.send({ type: 'SUBMIT_CODE', code: '123456' });
        const s = await waitFor(actor, (s) => !s.matches('verifyingTwoFactor'));
        expect([s.value, s.context.rejectedCodes, s.context.error]).toEqual(['twoFactorRequired', 0, null]);
      }
      actor.send({ type: 'SUBMIT_CODE', code: '123456' });
      const done = await waitFor(actor, (s) => s.status === 'done');
      expect(done.output?.access_token).toBe('tok-0123456789');
    },
  );
});
