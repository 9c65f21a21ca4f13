// A 429 with `Retry-After` on a login, a two-factor code or a registration through the proxy
// (REVIEW-P P7). The login child reads the clock for `retryAt` by telling itself the answer again
// (`readClock`); in the server-session client that self-sent event was refused at the guarded
// door (not marked as the machines' own), so the child stayed `submitting` and the view
// `signingIn` / `verifyingCode` / `registering` forever. Now: `failed` (or the code form again)
// with the `HttpError` 429 and `retryAt`, as createPamClient shows it.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { turns, until } from '../support/event-loop';
import { type Answer, loginAnswer, MIDNIGHT, NOON, S, SIGNED_OUT, seededClients } from './seeded-client';

const start = seededClients();

const throttled = (seconds: number): Answer => ({
  status: 429,
  body: { message: 'Too many attempts' },
  headers: { 'retry-after': String(seconds) },
});

const challenge: Answer = { status: 200, body: { type: 'two_factor_code', message: 'code sent' } };

type Step = 'login' | 'code' | 'register';

/** A signed-out client whose `step` call is answered 429 with `Retry-After: seconds`. */
function throttledAt(step: Step, seconds: number, at = NOON) {
  const s = start(SIGNED_OUT, {
    at,
    answer: (p, body) => {
      if (p.includes('/auth/register-simplified')) return throttled(seconds);
      if (!p.includes('/auth/login')) return 'hang';
      if (step === 'login') return throttled(seconds);
      return String(body).includes('two_factor_code') ? throttled(seconds) : challenge;
    },
  });
  const { client } = s;
  if (step === 'register')
    client.register({
      email: 'p@example.com',
      password: 'Secret-123',
      country: 'BR',
      nationalities: '["BR"]',
      optIn: false,
    } as never);
  else client.login({ login: 'player@example.com', password: 'pw' });
  return s;
}

const inFlight = ['signingIn', 'verifyingCode', 'registering'];

describe('a throttled login through the proxy (REVIEW-P P7)', () => {
  it('a login answered 429 fails with the error and retryAt (never signingIn forever)', async () => {
    const { client } = throttledAt('login', 1);
    await until(
      () => client.view.status === 'failed',
      () => `still ${client.view.status}`,
    );
    expect(client.view.error).toMatchObject({ code: 'http', status: 429 });
    expect(client.view.retryAt).toBe(NOON + S);
  });

  it('a two-factor code answered 429: the code form again, with the error and retryAt', async () => {
    const { client } = throttledAt('code', 7);
    await until(() => client.view.status === 'twoFactorRequired', 'the code asked for');
    client.submitCode('123456');
    await until(
      () => client.view.error !== null,
      () => `still ${client.view.status}`,
    );
    expect(client.view.status).toBe('twoFactorRequired');
    expect(client.view.error).toMatchObject({ code: 'http', status: 429 });
    expect(client.view.retryAt).toBe(NOON + 7 * S);
  });

  it('a registration answered 429 fails with the error and retryAt', async () => {
    const { client } = throttledAt('register', 30);
    await until(
      () => client.view.status === 'failed',
      () => `still ${client.view.status}`,
    );
    expect(client.view.error).toMatchObject({ code: 'http', status: 429 });
    expect(client.view.retryAt).toBe(NOON + 30 * S);
  });

  it('generated steps, waits and times: every throttled call leaves its in-flight status, retryAt = its clock + the wait', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Step>('login', 'code', 'register'),
        fc.integer({ min: 1, max: 3_600 }),
        fc.integer({ min: -2 * 86_400_000, max: 0 }),
        async (step, seconds, shift) => {
          const at = MIDNIGHT + shift;
          const { client } = throttledAt(step, seconds, at);
          try {
            if (step === 'code') {
              await until(() => client.view.status === 'twoFactorRequired', 'the code asked for');
              client.submitCode('123456');
            }
            await until(
              () => !inFlight.includes(client.view.status) && client.view.error !== null,
              () => `${step}: still ${client.view.status}`,
            );
            await turns(2);
            expect(client.view.status).toBe(step === 'code' ? 'twoFactorRequired' : 'failed');
            expect(client.view.error).toMatchObject({ status: 429 });
            expect(client.view.retryAt).toBe(at + seconds * S);
          } finally {
            client.stop();
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a login that succeeds is still signed in (the login answer, no clock read needed)', async () => {
    const { client } = start(SIGNED_OUT, {
      at: NOON,
      answer: (p) => (p.includes('/auth/login') ? loginAnswer({ expiresAt: NOON + 8 * 3_600_000 }) : 'hang'),
    });
    client.login({ login: 'player@example.com', password: 'pw' });
    await until(
      () => client.view.status === 'signedIn',
      () => `still ${client.view.status}`,
    );
  });
});
