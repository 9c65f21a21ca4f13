import { describe, expect, it } from 'vitest';
import { createCustomPamClient, createPamClient } from '../../machines/index';
import {
  type AuthEndpoints,
  ConfigurationError,
  createAuthModule,
  createOfetchAdapter,
  createRegistrationModule,
  type HttpAdapter,
} from '../../src/index';
import { createPamServer } from '../../src/server/index';
import { SECRETS } from '../server/harness';

// REVIEW-Y Y-13: an `endpoints` key that names no operation (a typo: `loginn`) was taken silently,
// the call going to the default path. Every caller of the one rule (`checkedEndpoints`) refuses it
// with the `ConfigurationError` naming the key; the known names are AuthEndpoints' keys (one object
// serves the auth and the registration modules), each accepted by every caller.

const KNOWN: (keyof AuthEndpoints)[] = [
  'login',
  'logout',
  'getUserProfile',
  'refreshToken',
  'registerSimplified',
  'forgotPassword',
  'validateDocument',
];
const http = { get: async () => ({}), post: async () => ({}) } as unknown as HttpAdapter;
const baseURL = 'https://api.example.com';
const CALLERS: [string, (endpoints: unknown) => unknown][] = [
  ['createAuthModule', (endpoints) => createAuthModule(http, { endpoints } as never)],
  ['createRegistrationModule', (endpoints) => createRegistrationModule(http, { endpoints } as never)],
  ['createPamClient', (endpoints) => createPamClient({ baseURL, endpoints } as never).stop()],
  [
    'createCustomPamClient',
    (endpoints) => createCustomPamClient({ baseURL, endpoints, flows: [] } as never).stop(),
  ],
  [
    'createPamServer',
    (endpoints) => createPamServer({ apiBaseURL: baseURL, secrets: SECRETS, endpoints } as never),
  ],
];
// Typos, an inherited name, a prototype key.
const UNKNOWN = ['loginn', 'Login', 'updateProfile', 'toString', 'login logout'];

describe('endpoints: a name that is no operation', () => {
  it.each(CALLERS)('%s refuses it, naming the key, and takes every known name', (_, create) => {
    for (const key of UNKNOWN) {
      let thrown: unknown;
      try {
        create({ [key]: { method: 'POST', path: '/x' } });
      } catch (e) {
        thrown = e;
      }
      expect(thrown, key).toBeInstanceOf(ConfigurationError);
      expect((thrown as Error).message, key).toContain(`endpoints.${key}`);
    }
    for (const key of KNOWN) expect(() => create({ [key]: { path: '/v2/x' } }), key).not.toThrow();
  });

  it('a typo sends nothing: the call never goes to the default path', async () => {
    const sent: string[] = [];
    const adapter = createOfetchAdapter({
      baseURL,
      fetch: (async (url: string) => {
        sent.push(String(url));
        return new Response('{}');
      }) as typeof fetch,
    });
    expect(() =>
      createAuthModule(adapter, { endpoints: { loginn: { method: 'POST', path: '/x' } } as never }),
    ).toThrow(/endpoints\.loginn/);
    expect(sent).toEqual([]);
  });
});
