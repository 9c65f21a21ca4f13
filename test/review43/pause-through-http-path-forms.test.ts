// Review 43: a pause or self-exclusion sent through `client.http` is followed (REVIEW29A-10) only
// when its path is written exactly as the row's ('/bff/users/timeout-limits', or with a query,
// fragment or trailing slash). Other spellings of the same route, which the adapter sends to the
// very same URL (a path without its leading slash, one with dot segments, resolved by the URL
// parser before sending), are not recognised: the server applies the pause, and the view stays
// `current` with `canBet: true`. Fail open.
import { createPamClient } from 'pam-client/machines';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { until } from '../support/until-view';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const password_check = 'Secret123!';

describe('review43: a restriction change through client.http, the route spelled otherwise', () => {
  test.each([
    ['bff/users/timeout-limits', { user_pause: 3, reason: 1, password_check }],
    ['/bff/users/./timeout-limits', { user_pause: 3, reason: 1, password_check }],
    ['/bff/users/x/../timeout-limits', { user_pause: 3, reason: 1, password_check }],
    ['bff/users/self-exclusion', { user_exclusion: 3, reason: 1, password_check }],
    ['/bff/users/timeout-limits/.', { user_pause: 3, reason: 1, password_check }],
    ['/bff/users/%74imeout-limits', { user_pause: 3, reason: 1, password_check }],
    ['bff/users/self-exclusion/?x=1', { user_exclusion: 3, reason: 1, password_check }],
    ['/bff/users/%2e%2e/users/timeout-limits', { user_pause: 3, reason: 1, password_check }],
  ])('%s: the change the server accepted bars betting', async (path, body) => {
    const client = createPamClient({ baseURL: server.url, environment: { channel: null } });
    try {
      client.login({ login: server.seed.plain.email, password: server.seed.plain.password });
      await until(client, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
      await client.http.patch(path, body);
      // The server received it on the row's route and applied it.
      const route = 'user_pause' in body ? '/bff/users/timeout-limits' : '/bff/users/self-exclusion';
      expect(
        server.requests.some(
          (r) => r.method === 'PATCH' && decodeURIComponent(r.path).replace(/\/$/, '') === route,
        ),
      ).toBe(true);
      expect(client.view.restrictions?.canBet).toBe(false);
    } finally {
      client.stop();
    }
  });

  // (Thirty-ninth pass: a `String` object was sent, and not followed. The adapter now refuses a
  // path that is no string: nothing sent, nothing applied, the view as it was.)
  test('a String object: refused, nothing sent', async () => {
    const client = createPamClient({ baseURL: server.url, environment: { channel: null } });
    try {
      client.login({ login: server.seed.plain.email, password: server.seed.plain.password });
      await until(client, (v) => v.restrictions?.status === 'current' && v.restrictions.canBet);
      const path = new String('/bff/users/timeout-limits') as unknown as string;
      const error = await client.http.patch(path, { user_pause: 3, reason: 1, password_check }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: 'invalid_request' });
      expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false);
    } finally {
      client.stop();
    }
  });
});
