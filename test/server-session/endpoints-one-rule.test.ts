// Review (server session, item 3): the server's own `endpoints` check was a second rule (a GET
// login or registration taken, which no browser can send a body with). Now one rule, the core's
// (`checkedEndpoints`, src/auth/endpoints-check.ts): the server refuses all the core refuses, plus
// its own stricter conditions (known rows only, paths it can serve, no two routes at one method and
// path). The server-session browser client does not check its `endpoints` at creation (the check
// would be a 13th name in pam-client/internal); the adapter refuses a path leaving its prefix.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, createAuthModule, type HttpAdapter } from '../../src/index';
import { createPamServer } from '../../src/server/index';

const SECRETS = [{ id: 'k1', secret: 'a-test-secret-of-at-least-32-characters!!' }];
const ROWS = [
  'login',
  'logout',
  'getUserProfile',
  'refreshToken',
  'registerSimplified',
  'forgotPassword',
  'validateDocument',
] as const;

/** What creating with `endpoints` does: 'created', or the ConfigurationError's message. */
function outcome(create: () => unknown): string {
  try {
    (create() as { stop?: () => void } | undefined)?.stop?.();
    return 'created';
  } catch (error) {
    return error instanceof ConfigurationError ? `refused: ${error.message}` : `other: ${String(error)}`;
  }
}

const core = (endpoints: unknown) =>
  outcome(() => createAuthModule({ get() {}, post() {} } as unknown as HttpAdapter, { endpoints } as never));
const server = (endpoints: unknown) =>
  outcome(() => createPamServer({ apiBaseURL: 'https://api.example', secrets: SECRETS, endpoints } as never));

const entry = fc.oneof(
  fc.constantFrom(undefined, null, 'x', 0, [], ['/v2/x']),
  fc.record(
    {
      method: fc.constantFrom('GET', 'POST', 'post', 'PUT', 1, undefined),
      path: fc.constantFrom(
        '/v2/login',
        '/v2/me?fresh=1',
        '/a.b',
        '/a~b',
        '/a/../b',
        '//evil.example/x',
        'https://evil.example/x',
        'v2/x',
        '/a b',
        '/a?x=1#f',
        42,
        undefined,
      ),
      extra: fc.constant(1),
    },
    { requiredKeys: [] },
  ),
);
const endpoints = fc.oneof(
  fc.constantFrom(undefined, null, 'endpoints', 42),
  fc.dictionary(fc.constantFrom(...ROWS), entry, { maxKeys: 3 }),
);

describe('one endpoints rule: the core, the server-session client and the server', () => {
  it('the server refuses a GET login or registration (no body can go with a GET), as the core does', () => {
    for (const name of ['login', 'registerSimplified', 'forgotPassword', 'validateDocument']) {
      const bad = { [name]: { method: 'GET', path: '/v2/x' } };
      expect(core(bad)).toMatch(/^refused: /);
      expect(server(bad)).toBe(`refused: pam-client/server: endpoints.${name}.method cannot work as given`);
    }
    // The profile read may still be a GET; the stricter server-only path rule stays.
    expect(server({ getUserProfile: { method: 'GET', path: '/v2/me' } })).toBe('created');
    expect(server({ login: { path: '/v2/a.b' } })).toMatch(
      /^refused: pam-client\/server: endpoints\.login\.path /,
    );
  });

  it('an entry key left undefined is the default (CI seed 2023280048: the core threw a raw TypeError)', () => {
    for (const e of [{ login: { method: undefined } }, { getUserProfile: { method: undefined } }]) {
      expect(core(e)).toBe('created');
      expect(server(e)).toBe('created');
    }
  });

  it('(property) whatever the core refuses the server refuses', () => {
    fc.assert(
      fc.property(endpoints, (e) => {
        const c = core(e);
        if (c !== 'created') expect(server(e)).toMatch(/^refused: pam-client\/server: /);
        if (server(e) === 'created') expect(c).toBe('created');
      }),
      { numRuns: 300 },
    );
  });
});
