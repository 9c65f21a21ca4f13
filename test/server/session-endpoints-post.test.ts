// REVIEW-N 2 (MED): `createPamServer` took `endpoints.logout` (and `refreshToken`) with method GET,
// but its own revokes and refreshes always POST: the API answered 405 to the logout, which counts
// as done (a 4xx is never resent), and the token stayed live; every refresh failed the same way;
// and the proxy's logout route, now a GET, logged a player out on a cross-site GET from an older
// browser (no Sec-Fetch-Site). These two change the session: they are POST, and a GET override is
// a `ConfigurationError` at creation, with nothing sent.

import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors/config';
import { createPamServer, type PamServerOptions } from '../../src/server/index';
import { useReferenceServer } from '../support/server';

const ref = useReferenceServer();
const SECRET = 'a-test-secret-of-at-least-32-characters!!';

function thrown(endpoints: PamServerOptions['endpoints']): unknown {
  try {
    createPamServer({ apiBaseURL: ref.server.url, secrets: [{ id: 'k1', secret: SECRET }], endpoints });
    return null;
  } catch (error) {
    return error;
  }
}

describe('the session-changing endpoints are POST (REVIEW-N 2)', () => {
  it.each(['logout', 'refreshToken'] as const)(
    'endpoints.%s with method GET is a ConfigurationError',
    (name) => {
      const before = ref.server.requests.length;
      const error = thrown({ [name]: { method: 'GET', path: '/v2/session' } } as never);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toContain(`endpoints.${name}.method`);
      expect(ref.server.requests.length).toBe(before);
    },
  );

  it.each(['logout', 'refreshToken'] as const)(
    'endpoints.%s with method POST, or a path only, is taken',
    (name) => {
      expect(thrown({ [name]: { method: 'POST', path: '/v2/session' } } as never)).toBeNull();
      expect(thrown({ [name]: { path: '/v2/session' } } as never)).toBeNull();
    },
  );

  it('another endpoint may still be a GET', () => {
    expect(thrown({ getUserProfile: { method: 'GET', path: '/v2/me' } } as never)).toBeNull();
  });
});
