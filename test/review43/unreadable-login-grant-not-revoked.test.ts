// Review 43: a login answer that grants a token but that the client cannot read leaves the token
// live. src/auth/operations.ts (`granted`): "An answer the reader refuses (`invalid_response`) was
// still a grant at the API: its `access_token` is revoked once, in the background"; docs/session.md:
// "An answer it does not sign in with leaves no token live ... as pam-client/server does" (and the
// server scans an oversized or cut login answer for its `access_token` to revoke it). The core does
// so only when the body parsed as JSON: a 2xx login answer over the adapter's cap (`too_large`),
// or with a byte of garbage after the JSON, is `invalid_response` and its token is never revoked.
import { createAuthModule, createOfetchAdapter, isPamError } from 'pam-client';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const grant = (token: string) =>
  JSON.stringify({
    access_token: token,
    expires_in: 28800,
    token_type: 'bearer',
    user: { id: 1 },
    userInfo: {},
  });

// Left open (thirty-ninth pass, `test.fails`): the fix needs the adapter to hand a grant's call
// what it read of a 2xx body it refuses (over the cap: the part read; not JSON: the text), for the
// call to find the token in it (as src/server/grant-scan.ts does for the proxy) and revoke it. The
// refresh's unreadable answer has the same gap. Turn each back into `test` when fixed.
describe('review43: an unreadable login answer that grants a token', () => {
  test.each([
    [
      'over the adapter cap',
      (token: string) => `${grant(token).slice(0, -1)},"pad":"${'x'.repeat(1_200_000)}"}`,
    ],
    ['with garbage after the JSON', (token: string) => `${grant(token)}xx`],
  ])('%s: invalid_response, and its token revoked', async (_name, body) => {
    const token = server.issueToken(server.seed.plain.id);
    server.faults.add({
      method: 'POST',
      path: '/auth/login',
      status: 200,
      body: body(token),
      contentType: 'application/json',
      times: 1,
    });
    const auth = createAuthModule(createOfetchAdapter({ baseURL: server.url }));
    const error = await auth
      .login({ login: server.seed.plain.email, password: server.seed.plain.password })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isPamError(error) && error.code).toBe('invalid_response');
    // The revoke goes in the background: give it a moment (real sockets), then ask the server.
    await vi
      .waitFor(
        () => {
          if (!server.requests.some((r) => r.path === '/auth/logout')) throw new Error('no revoke yet');
        },
        { timeout: 1500, interval: 50 },
      )
      .catch(() => {});
    const revokes = server.requests.filter(
      (r) => r.method === 'POST' && r.path === '/auth/logout' && r.headers.authorization?.endsWith(token),
    );
    expect(revokes.length, 'logouts naming the granted token').toBe(1);
    const probe = await fetch(`${server.url}/auth/user-profile?check_spa_again=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(probe.status, 'the granted token at the API afterwards').toBe(401);
  });
});
