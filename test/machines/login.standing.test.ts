import type { LoginResponse } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { accountStanding } from '../../src/responsible-gaming/standing';
import { PLAIN_USER_INFO } from '../support/login-answer';

// The login machine's accountCancelled guard reads the answer's user as accountStanding does
// (written out there, issue 33 sizes): a completed answer (no type) ends in cancelledAccount exactly
// when the standing is 'cancelled' (cancelled_account true), else authenticated.

const answerWith = (user: unknown): LoginResponse =>
  ({
    access_token: '1|abcDEF',
    expires_in: 3600,
    token_type: 'Bearer',
    user,
    userInfo: PLAIN_USER_INFO,
  }) as LoginResponse;

async function endOf(answer: LoginResponse): Promise<string> {
  const actor = createActor(loginMachine, { input: { auth: { login: async () => answer } } }).start();
  actor.send({ type: 'SUBMIT', login: 'ana@example.com', password: 'Secret123!' });
  const done = await waitFor(actor, (s) => s.matches('cancelledAccount') || s.matches('authenticated'));
  actor.stop();
  return String(done.value);
}

describe('loginMachine: a completed answer by its user standing', () => {
  it.each([true, false, null, undefined, 1, 'true', 'yes', 0])(
    'cancelled_account %j: cancelledAccount exactly when the standing is cancelled',
    async (flag) => {
      const user = flag === undefined ? { id: 7 } : { id: 7, cancelled_account: flag };
      const expected = accountStanding(user) === 'cancelled' ? 'cancelledAccount' : 'authenticated';
      expect(await endOf(answerWith(user))).toBe(expected);
    },
  );

  it('a typed cancelled answer is one too, with or without a user', async () => {
    expect(await endOf({ type: 'cancelled_account' } as LoginResponse)).toBe('cancelledAccount');
    expect(await endOf(answerWith(undefined))).toBe('authenticated');
  });
});
