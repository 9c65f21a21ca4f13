// REVIEW-Q Q-1 through createPamClient: a captcha provider that never settles kept `signingIn`,
// `registering` or `verifyingCode` forever, nothing sent. The wait is bounded (the adapter's default
// timeout) on the session's own timers (the environment's: the world's simulated clock here).

import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS } from '../../src/http/timeout-default';
import { useWorld } from '../support/world';

const world = useWorld();
const hang = () => new Promise<string>(() => {});
const logins = () => world.count('POST', '/auth/login');

describe('createPamClient: a captcha provider that never answers (Q-1)', () => {
  it('signingIn ends failed with a typed timeout at the bound, nothing sent', async () => {
    const tab = world.open();
    await world.settle();
    const { email, password } = world.server.seed.plain;
    tab.client.login({ login: email, password, captchaToken: hang });
    await world.advance(DEFAULT_TIMEOUT_MS - 100);
    expect(tab.client.view.status).toBe('signingIn');
    await world.advance(200);
    expect(tab.client.view.status).toBe('failed');
    expect(tab.client.view.error?.code).toBe('timeout');
    expect(logins()).toBe(0);
  });

  it('registering ends failed with a typed timeout, nothing sent', async () => {
    const tab = world.open();
    await world.settle();
    tab.client.register({
      email: 'hang@example.com',
      password: 'Secret123!',
      country: 'BR',
      nationalities: '["BR"]',
      optIn: true,
      captcha_token: hang,
    });
    await world.advance(DEFAULT_TIMEOUT_MS + 100);
    expect(tab.client.view.status).toBe('failed');
    expect(tab.client.view.error?.code).toBe('timeout');
    expect(world.count('POST', /register/)).toBe(0);
  });

  it('verifyingCode returns to the code step with a timeout, uncounted, nothing sent', async () => {
    const tab = world.open();
    await world.settle();
    const { email, password } = world.server.seed.twoFactor;
    tab.client.login({ login: email, password });
    await world.advance(500);
    expect(tab.client.view.status).toBe('twoFactorRequired');
    tab.client.submitCode('123456', hang);
    await world.advance(DEFAULT_TIMEOUT_MS + 100);
    expect(tab.client.view.status).toBe('twoFactorRequired');
    expect(tab.client.view.error?.code).toBe('timeout');
    expect(tab.client.view.codeAttemptsLeft).toBe(5);
    expect(logins()).toBe(1);
  });

  it('cancel during the wait signs out at once; the bound later changes nothing', async () => {
    const tab = world.open();
    await world.settle();
    const { email, password } = world.server.seed.plain;
    tab.client.login({ login: email, password, captchaToken: hang });
    await world.advance(1000);
    tab.client.cancel();
    await world.settle();
    expect(tab.client.view.status).toBe('signedOut');
    await world.advance(DEFAULT_TIMEOUT_MS);
    expect(tab.client.view.status).toBe('signedOut');
    expect(tab.client.view.error).toBeNull();
    expect(logins()).toBe(0);
  });
});
