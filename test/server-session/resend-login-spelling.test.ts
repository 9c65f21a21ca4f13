// The resend rule's login compared as sent (a CPF with or without punctuation, an e-mail in any
// case: one login) reaches the server-session client too: it shares `resent` with createPamClient.
import { describe, expect, it } from 'vitest';
import { turns, until } from '../support/event-loop';
import { type Answer, NOON, SIGNED_OUT, seededClients } from './seeded-client';

const start = seededClients();
const challenge: Answer = { status: 200, body: { type: 'two_factor_code', message: 'code sent' } };
const wrong: Answer = { status: 422, body: { message: 'Invalid code.' } };

describe('a resend in another spelling of the same login keeps the count (server session)', () => {
  it.each([
    ['529.982.247-25', '52998224725'],
    ['player@example.com', ' Player@EXAMPLE.com '],
  ])('%s, then %s', async (first, again) => {
    const { client } = start(SIGNED_OUT, {
      at: NOON,
      answer: (p, body) =>
        p.includes('/auth/login') ? (String(body).includes('two_factor_code') ? wrong : challenge) : 'hang',
    });
    client.login({ login: first, password: 'pw' });
    await until(() => client.view.status === 'twoFactorRequired', 'code asked');
    for (let i = 0; i < 2; i++) {
      client.submitCode(`00000${i}`);
      await until(
        () => client.view.codeAttemptsLeft === 4 - i,
        () => `left ${client.view.codeAttemptsLeft}`,
      );
    }
    client.login({ login: again, password: 'pw' });
    await until(() => client.view.status === 'signingIn', 'resent');
    await until(() => client.view.status === 'twoFactorRequired', 'code asked again');
    await turns(5);
    expect(client.view.codeAttemptsLeft).toBe(3);
  });
});
