import { setupServer } from 'msw/node';
import { createAuthModule, createOfetchAdapter } from 'pam-client';
import { createPamClient, type PamClient, type SessionView } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceHandlers } from '../../src/testing/msw';
import { until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';

// The MSW flavour of the in-process kit (issue 11 item 3): the app's own fetch, intercepted.

const BASE = 'https://api.pam.example';
const { handlers, reference } = createReferenceHandlers({ baseURL: BASE });
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  reference.reset();
});
afterAll(() => server.close());

const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});
const statusIs = (c: PamClient, status: SessionView['status']) =>
  until(
    () => c.view.status === status,
    () => `status ${status}, is ${c.view.status}`,
  );

describe('createReferenceHandlers (msw/node)', () => {
  it('a client on the global fetch signs in with 2FA against the handlers', async () => {
    const client = createPamClient({
      baseURL: BASE,
      timeout: REAL_TIME_TIMEOUT_MS,
      environment: { channel: null },
    });
    clients.push(client);
    await statusIs(client, 'signedOut');
    const { email, password, twoFactorCode } = reference.seed.twoFactor;
    client.login({ login: email, password });
    await statusIs(client, 'twoFactorRequired');
    client.submitCode(twoFactorCode as string);
    await statusIs(client, 'signedIn');
    expect(client.view.user?.email).toBe(email);
    expect(reference.requests.filter((r) => r.path === '/auth/login')).toHaveLength(2);
  });

  it('shares state with a reference fetch it is given; faults and the log apply', async () => {
    const kit = createReferenceFetch({ baseURL: 'https://other.pam.example' });
    server.use(...createReferenceHandlers(kit).handlers);
    kit.faults.add({ path: '/auth/login', status: 429, headers: { 'retry-after': '30' }, times: 1 });
    const auth = createAuthModule(
      createOfetchAdapter({ baseURL: kit.baseURL, timeout: REAL_TIME_TIMEOUT_MS }),
    );
    const { email, password } = kit.seed.plain;
    await expect(auth.login({ login: email, password })).rejects.toMatchObject({
      status: 429,
      retryAfter: 30,
    });
    await expect(auth.login({ login: email, password })).resolves.toHaveProperty('access_token');
    expect(kit.requests.map((r) => r.path)).toEqual(['/auth/login', '/auth/login']);
    expect(reference.requests).toHaveLength(0);
  });
});
