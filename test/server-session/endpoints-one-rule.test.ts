// Review (server session, items 2 and 3): `createServerSessionClient` took any `endpoints` (a path
// with `..`, an origin, a GET logout) and sent calls there; the server's own `endpoints` check was a
// second rule (a GET login or registration taken, which no browser can send a body with). Now one
// rule, the core's (`checkedEndpoints`, src/auth/endpoints-check.ts): the client refuses exactly
// what `createAuthModule` refuses (the same ConfigurationError, nothing sent), and the server
// refuses all of that too, plus its own stricter conditions (known rows only, paths it can serve,
// no two routes at one method and path).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';
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

const sent: string[] = [];
/** A fetch that records and never answers (the client's first call, `GET /session`, then waits). */
const fetch = ((input: RequestInfo | URL) => {
  sent.push(String(input));
  return new Promise<Response>(() => {});
}) as typeof globalThis.fetch;

const core = (endpoints: unknown) =>
  outcome(() => createAuthModule({} as HttpAdapter, { endpoints } as never));
const client = (endpoints: unknown) =>
  outcome(() => createServerSessionClient({ fetch, environment: { channel: null }, endpoints } as never));
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
  it('the client refuses what the core refuses, with its error, before anything is sent', () => {
    for (const bad of [
      { logout: { method: 'GET' } },
      { login: { path: 'https://evil.example/login' } },
      { login: { path: '/a/../b' } },
      { getUserProfile: { path: '/me', extra: 1 } },
      'endpoints',
    ]) {
      sent.length = 0;
      expect(client(bad)).toMatch(/^refused: endpoints\S* cannot work as given$/);
      expect(client(bad)).toBe(core(bad));
      expect(sent).toEqual([]);
    }
  });

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

  it('(property) client = core; whatever the core refuses the server refuses; nothing sent on a refusal', () => {
    fc.assert(
      fc.property(endpoints, (e) => {
        sent.length = 0;
        const c = core(e);
        expect(client(e)).toBe(c);
        if (c !== 'created') {
          expect(sent).toEqual([]);
          expect(server(e)).toMatch(/^refused: pam-client\/server: /);
        }
        if (server(e) === 'created') expect(c).toBe('created');
      }),
      { numRuns: 300 },
    );
  });
});
