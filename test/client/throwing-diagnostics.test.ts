import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

// Review F (noticed): an `inspect` or `debug` callback of the app's that throws made
// `createPamClient` itself throw (XState calls the inspector while the session starts), or broke a
// sign-in later. Diagnostics never decide: a throwing observer or logger is skipped, the client
// runs as without it.

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const throwing = () => {
  throw new Error('the app diagnostics failed');
};

describe('an app inspector or debug logger that throws', () => {
  for (const [name, options] of [
    ['inspect', { inspect: throwing }],
    ['debug', { debug: throwing }],
  ] as const) {
    it(`${name}: the client is made, signs in and out`, async () => {
      const make = () =>
        createPamClient({ baseURL: ctx.server.url, environment: { channel: null }, ...options });
      expect(make).not.toThrow();
      const client = make();
      clients.push(client);
      const { email, password } = ctx.server.seed.plain;
      client.login({ login: email, password });
      await until(() => client.view.status === 'signedIn' || client.view.status === 'failed', 'signed in');
      expect(client.view.status).toBe('signedIn');
      client.logout();
      await until(() => client.view.status === 'signedOut', 'signed out');
      expect(client.view.status).toBe('signedOut');
    });
  }
});
