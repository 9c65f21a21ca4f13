// The unreadable-grant class, for the refresh (left open in the fortieth pass's first commit): a 2xx
// refresh answer the client cannot read (junk after its JSON; a token field the reader refuses) was
// `invalid_response`, and the token the API granted stayed live, held by nobody. `refreshToken`
// (the module's and the standalone) now revokes it, as `login` does. Over real sockets.
import { createAuthModule, createOfetchAdapter, isPamError, refreshToken } from 'pam-client';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const revokesOf = (token: string) =>
  server.requests.filter(
    (r) => r.method === 'POST' && r.path === '/auth/logout' && r.headers.authorization?.endsWith(token),
  ).length;

describe('an unreadable refresh answer: invalid_response, its new token revoked', () => {
  it.each([
    ['the module', 'module'],
    ['the standalone function', 'standalone'],
  ] as const)('%s', async (_name, how) => {
    const current = server.issueToken(server.seed.plain.id);
    const granted = server.issueToken(server.seed.plain.id);
    server.faults.add({
      method: 'POST',
      path: '/users/refresh-token',
      status: 200,
      body: `{"access_token":"${granted}","expires_in":28800,"token_type":"bearer"}junk`,
      contentType: 'application/json',
      times: 1,
    });
    const http = createOfetchAdapter({ baseURL: server.url });
    const call =
      how === 'module'
        ? createAuthModule(http).refreshToken({ accessToken: current })
        : refreshToken(http, { accessToken: current });
    const error = await call.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isPamError(error) && error.code).toBe('invalid_response');
    expect(JSON.stringify(error)).not.toContain(granted);
    await until(() => revokesOf(granted) === 1, 'the granted token revoked');
    expect(revokesOf(current)).toBe(0);
  });
});
