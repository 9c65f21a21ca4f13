// REVIEW-Q Q-2 in the server-session client: `login()` again at the code step (the only way to get
// a new code) reset `codeAttemptsLeft` to 5 while the server kept counting. A resend of the same
// login keeps the challenge's rejected codes, as in createPamClient; another login starts from 5.
import { describe, expect, it } from 'vitest';
import { turns, until } from '../support/event-loop';
import { type Answer, NOON, SIGNED_OUT, seededClients } from './seeded-client';

const start = seededClients();
const challenge: Answer = { status: 200, body: { type: 'two_factor_code', message: 'code sent' } };
const wrong: Answer = { status: 422, body: { message: 'Invalid code.' } };

function atCodeStep() {
  const s = start(SIGNED_OUT, {
    at: NOON,
    answer: (p, body) =>
      p.includes('/auth/login') ? (String(body).includes('two_factor_code') ? wrong : challenge) : 'hang',
  });
  return s;
}

async function step(client: ReturnType<typeof atCodeStep>['client'], status: string) {
  await until(
    () => client.view.status === status,
    () => `still ${client.view.status}`,
  );
  await turns(5);
}

describe('a resend at the code step keeps the rejected codes (server session)', () => {
  it('same login: the count goes on; another login starts from 5', async () => {
    const { client } = atCodeStep();
    client.login({ login: 'player@example.com', password: 'pw' });
    await step(client, 'twoFactorRequired');
    for (let i = 0; i < 2; i++) {
      client.submitCode(`00000${i}`);
      await until(
        () => client.view.codeAttemptsLeft === 4 - i,
        () => `left ${client.view.codeAttemptsLeft}`,
      );
    }
    client.login({ login: 'player@example.com', password: 'pw' });
    await step(client, 'twoFactorRequired');
    expect(client.view.codeAttemptsLeft).toBe(3);
    client.login({ login: 'other@example.com', password: 'pw' });
    await step(client, 'twoFactorRequired');
    expect(client.view.codeAttemptsLeft).toBe(5);
  });
});
