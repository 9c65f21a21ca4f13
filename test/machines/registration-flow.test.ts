// Registration as a flow (issue 33): `createAuthModule` has no registration rows, so an app that
// never registers players bundles none of their schemas. `registration()` gives `client.register`
// and `client.auth.registerSimplified` / `validateDocument`; without it a registration fails
// closed, saying why, and nothing is sent.
import { createCustomPamClient, type PamClientBase, registration } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const clients: PamClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const form = (email: string) => ({
  email,
  password: 'Str0ng!Passw0rd',
  country: 'BR',
  nationalities: '["BR"]',
  optIn: true,
});

describe('the registration flow', () => {
  it('without it: no registration method on client.auth, and client.register fails with a ConfigurationError, sending nothing', async () => {
    const c = createCustomPamClient({ baseURL: ctx.server.url, flows: [], environment: { channel: null } });
    clients.push(c);
    await until(() => c.view.status === 'signedOut', 'signed out');
    expect('registerSimplified' in c.auth).toBe(false);
    expect('validateDocument' in c.auth).toBe(false);
    c.register(form(`none-${Date.now()}@example.com`));
    await until(() => c.view.status === 'failed', `failed (now ${c.view.status})`);
    expect(c.view.error).toMatchObject({ name: 'ConfigurationError', code: 'configuration' });
    expect(c.view.error?.message).toContain('registration()');
    expect(ctx.server.requests.filter((r) => r.url.includes('register'))).toEqual([]);
  });

  it('with it: client.register signs the new player in, and client.auth checks a document', async () => {
    const c = createCustomPamClient({
      baseURL: ctx.server.url,
      flows: [registration()],
      environment: { channel: null },
    });
    clients.push(c);
    await until(() => c.view.status === 'signedOut', 'signed out');
    const document = await c.auth.validateDocument({ number: ctx.server.seed.plain.cpf });
    expect(document.docnumber_valid).toBe(true);
    c.register(form(`flow-${Date.now()}@example.com`));
    await until(() => c.view.status === 'signedIn', `signed in (now ${c.view.status})`);
    expect(ctx.server.requests.map((r) => r.url)).toContain('/auth/register-simplified');
  });
});
