import { describe, expect, it } from 'vitest';
import { createAuthModule, isPamError, type RequestValidationError } from '../../src/index';
import { signedIn, useReferenceServer } from '../support/server';

// refreshToken({ accessToken }) names the token to refresh with, as logout({ accessToken }) names
// the one to revoke: a tab sends only its own login's token, whatever a shared store holds
// (machines/session/refresh.ts). A named token that cannot be one is refused, nothing sent.

const ctx = useReferenceServer();

// biome-ignore lint/suspicious/noExplicitAny: the point is to pass what the types forbid
type Loose = any;

describe('refreshToken({ accessToken })', () => {
  it('sends the named token, not the adapter held one', async () => {
    const { http } = signedIn(ctx.server);
    const other = ctx.server.issueToken(ctx.server.seed.plain.id);
    const answer = await createAuthModule(http).refreshToken({ accessToken: other });
    expect(typeof answer.access_token).toBe('string');
    const sent = ctx.server.requests.filter(
      (r) => r.path === '/bff/users/refresh-token' || r.path.endsWith('/users/refresh-token'),
    );
    expect(sent.map((r) => r.headers.authorization)).toEqual([`Bearer ${other}`]);
  });

  for (const accessToken of [null, '', 42, {}]) {
    it(`refreshToken({ accessToken: ${JSON.stringify(accessToken)} }) is refused, not sent`, async () => {
      const { http } = signedIn(ctx.server);
      const error = await createAuthModule(http)
        .refreshToken({ accessToken: accessToken as Loose })
        .then(
          () => 'resolved',
          (e: unknown) => e,
        );
      expect(ctx.server.requests).toEqual([]);
      expect(isPamError(error) && error.code).toBe('invalid_request');
      expect((error as RequestValidationError).issues.map((i) => i.path.join('.'))).toEqual(['accessToken']);
    });
  }
});
