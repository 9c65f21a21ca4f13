import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

// Issue 22 item 2: the contract accepts `captchaToken: string | (() => string | Promise<string>)`;
// a provider is called at send time, once per send (the two-factor step too). Failed first with
// "TypeError: A Secret holds a string".

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const bodies = (path: string) =>
  ctx.server.requests.filter((r) => r.path === path).map((r) => r.body as Record<string, unknown>);

describe('captcha token providers', () => {
  it('login: a fresh token for the first send and for the two-factor send', async () => {
    const c = createPamClient({ baseURL: ctx.server.url, environment: { channel: null } });
    clients.push(c);
    let n = 0;
    const provider = vi.fn(async () => `cap-${++n}`);
    const { email, password, twoFactorCode } = ctx.server.seed.twoFactor;
    c.login({ login: email, password, captchaToken: provider } as never);
    await until(() => c.view.status === 'twoFactorRequired', 'the two-factor step');
    c.submitCode(twoFactorCode!);
    await waitFor(sessionActorOf(c), (s) => s.matches('signedIn'), { timeout: 10_000 });
    expect(bodies('/auth/login').map((b) => b.captcha_token)).toEqual(['cap-1', 'cap-2']);
    expect(provider).toHaveBeenCalledTimes(2);
    expect(JSON.stringify(sessionActorOf(c).getPersistedSnapshot())).not.toContain('cap-');
  });

  it('registration: the provider is called when the request is sent', async () => {
    const c = createPamClient({ baseURL: ctx.server.url, environment: { channel: null } });
    clients.push(c);
    c.register({
      email: 'new-captcha@example.com',
      password: 'Str0ng!Passw0rd',
      country: 'BR',
      nationalities: '["BR"]',
      optIn: true,
      captcha_token: () => 'reg-cap',
    } as never);
    await until(
      () => bodies('/auth/register-simplified').length === 1,
      'the registration reached the server',
    );
    expect(bodies('/auth/register-simplified')[0]?.captcha_token).toBe('reg-cap');
  });
});
